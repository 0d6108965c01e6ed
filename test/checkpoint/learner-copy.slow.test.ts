// Complete tier only: compiles a learner copy on its own, inside and outside the repository.
// A learner copy is compiled on its own, wherever it lives: outside the repository it still finds
// the root `mcp-workbook` and the namespaces its files import by subpath (mcp-workbook/agent, ...).
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { compileLearnerCopy } from "../../lib/src/grading/checkpoint/learner-copy.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const outside = mkdtempSync(join(tmpdir(), "workbook-learner-copy-"));
const built: string[] = [];
afterAll(() => {
  for (const folder of [outside, ...built]) rmSync(folder, { recursive: true, force: true });
});

it("compiles learner/ copied outside the repository, subpath imports included, with no diagnostics", () => {
  cpSync(join(REPO_ROOT, "learner", "src"), join(outside, "src"), { recursive: true });
  expect(readFileSync(join(outside, "src", "exercises", "ex1.ts"), "utf8")).toMatch(/from "mcp-workbook\/[a-z]+"/u);
  const compiled = compileLearnerCopy(outside);
  built.push(compiled.outDir);
  expect(compiled.diagnostics).toEqual([]);
  expect([...compiled.broken.keys()]).toEqual([]);
});

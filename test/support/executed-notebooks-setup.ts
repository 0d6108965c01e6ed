// vitest globalSetup: one id per run, so executed-notebooks.ts makes each notebook's executed copy
// once for the whole run, across test files and workers. Earlier runs' copies are removed once
// they are a day old (a run going on beside this one keeps its own).
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

/** Where every run keeps its copies, one folder per run id (test-artifacts/ is gitignored). */
export const EXECUTED_NOTEBOOKS_ROOT = join(resolve(__dirname, "../.."), "test-artifacts", "executed-notebooks");
const KEEP_MS = 24 * 60 * 60 * 1000;

export default function setup(project: TestProject): void {
  if (existsSync(EXECUTED_NOTEBOOKS_ROOT)) {
    for (const name of readdirSync(EXECUTED_NOTEBOOKS_ROOT)) {
      const folder = join(EXECUTED_NOTEBOOKS_ROOT, name);
      if (Date.now() - statSync(folder).mtimeMs > KEEP_MS) rmSync(folder, { recursive: true, force: true });
    }
  }
  project.provide("executedNotebooksRunId", `${Date.now()}-${randomBytes(4).toString("hex")}`);
}

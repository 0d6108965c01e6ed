// npm run notebooks:html renders the committed notebooks only: a stray copy beside them (an
// executed copy, a learner's duplicate) is not run, which is what made the export take minutes.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "workbook-render-html-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("workbookNotebooks lists what git tracks in notebooks/ and checkpoints/, nothing else", async () => {
  // A .mjs script without types: its one export is described here.
  const script = "../../scripts/render-html.mjs";
  const { workbookNotebooks } = (await import(script)) as { workbookNotebooks(repo?: string): string[] };
  for (const folder of ["notebooks", "notebooks/masters", "checkpoints"])
    mkdirSync(join(dir, folder), { recursive: true });
  for (const file of ["notebooks/b.ipynb", "notebooks/a.ipynb", "notebooks/masters/m.ipynb", "checkpoints/c.ipynb"])
    writeFileSync(join(dir, file), "{}");
  execFileSync("git", ["init", "-q"], { cwd: dir });
  execFileSync("git", ["add", "."], { cwd: dir });
  writeFileSync(join(dir, "notebooks", "a-copy.ipynb"), "{}");
  writeFileSync(join(dir, "notebooks", "executed.ipynb"), "{}");
  expect(workbookNotebooks(dir)).toEqual(
    ["checkpoints/c.ipynb", "notebooks/a.ipynb", "notebooks/b.ipynb"].map((f) => join(dir, f)),
  );
});

// Every committed notebook keeps its cell ids unique: Jupyter warns on opening a notebook with a
// repeated id and rewrites it on save, so a committed duplicate comes back as a diff nobody made.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

const REPO = join(__dirname, "../..");

/** Ids used by more than one cell of `notebook` (its JSON text). */
export function repeatedCellIds(notebook: string): string[] {
  const ids = (JSON.parse(notebook) as { cells: { id?: unknown }[] }).cells.map((cell) => cell.id);
  return [...new Set(ids.filter((id, i) => typeof id === "string" && ids.indexOf(id) !== i))] as string[];
}

test("the check finds a repeated id", () => {
  const cell = (id: string) => ({ cell_type: "code", id, source: "", metadata: {}, outputs: [] });
  expect(repeatedCellIds(JSON.stringify({ cells: [cell("a"), cell("b"), cell("a")] }))).toEqual(["a"]);
  expect(repeatedCellIds(JSON.stringify({ cells: [cell("a"), cell("b")] }))).toEqual([]);
});

test("no committed notebook repeats a cell id", () => {
  const notebooks = execFileSync("git", ["ls-files", "*.ipynb"], { cwd: REPO, encoding: "utf8" })
    .split("\n")
    .filter((path) => path !== "");
  expect(notebooks).toContain("notebooks/failure-gallery.ipynb");
  const repeated = notebooks
    .map((path) => [path, repeatedCellIds(readFileSync(join(REPO, path), "utf8"))] as const)
    .filter(([, ids]) => ids.length > 0);
  expect(repeated).toEqual([]);
});

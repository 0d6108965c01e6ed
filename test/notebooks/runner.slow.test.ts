import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNotebook } from "../support/notebook.js";

// scripts/run_notebook.py against throwaway notebooks: it must fail loudly, name the cell and
// show tslab's stderr text, and pass parameters and the working directory through.

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "runner-test-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

interface CellSpec {
  source: string;
  tags?: string[];
}

async function writeNotebook(name: string, cells: CellSpec[]): Promise<string> {
  const notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: "tslab", display_name: "TypeScript (mcp-workbook)", language: "typescript" } },
    cells: [
      { cell_type: "markdown", id: "intro", metadata: {}, source: "A throwaway notebook." },
      ...cells.map((cell, index) => ({
        cell_type: "code",
        id: `cell-${index}`,
        metadata: cell.tags ? { tags: cell.tags } : {},
        execution_count: null,
        outputs: [],
        source: cell.source,
      })),
    ],
  };
  const path = join(folder, name);
  await writeFile(path, JSON.stringify(notebook));
  return path;
}

describe("run_notebook.py", () => {
  it("fails on a cell that throws, names it with the kernel's stderr, and reports the rest as not run", async () => {
    const path = await writeNotebook("throws.ipynb", [
      { source: 'console.log("before");' },
      { source: "const limit = 3;\nthrow new Error(`deliberate failure past ${limit}`);" },
      { source: 'console.log("after");' },
    ]);

    const run = await runNotebook(path);

    expect(run.ok).toBe(false);
    expect(run.exitCode).toBe(1);
    expect(run.failures.map(({ index, status, source }) => ({ index, status, source }))).toEqual([
      { index: 2, status: "error", source: "const limit = 3;" },
      { index: 3, status: "not run", source: 'console.log("after");' },
    ]);
    expect(run.failures[0]?.stderr).toContain("Error: deliberate failure past 3");
    expect(run.error).toContain("cell 2 (error): const limit = 3;");
    expect(run.error).toContain("| Error: deliberate failure past 3");
    expect(run.error).toContain('cell 3 (not run): console.log("after");');
    expect(run.cells.map((cell) => cell.outputs.join(""))).toEqual([
      "before\n",
      expect.stringContaining("deliberate failure"),
      "",
    ]);
  }, 120_000);

  it("passes the environment to the kernel, runs in the notebook's folder, and lets a tagged cell raise", async () => {
    const path = await writeNotebook("params.ipynb", [
      { source: "console.log(process.env.WORKBOOK_LOG_DIR, process.cwd());" },
      { source: 'throw new Error("shown on purpose");', tags: ["raises-exception"] },
      // Sent right after an error: tslab drops such requests unless the runner waits first.
      { source: 'console.log("still running");' },
    ]);

    const run = await runNotebook(path, { env: { WORKBOOK_LOG_DIR: "/tmp/from-the-test" } });

    expect(run.error).toBeUndefined();
    expect(run.ok).toBe(true);
    expect(run.cells.map((cell) => cell.outputs.join(""))).toEqual([
      `/tmp/from-the-test ${folder}\n`,
      expect.stringContaining("Error: shown on purpose"),
      "still running\n",
    ]);
    expect(run.timing?.kernelStart).toBeGreaterThan(0);
  }, 120_000);

  it("fails when a cell tagged raises-exception runs without an error", async () => {
    const path = await writeNotebook("quiet.ipynb", [{ source: "1 + 1;", tags: ["raises-exception"] }]);

    const run = await runNotebook(path);

    expect(run.exitCode).toBe(1);
    expect(run.failures).toEqual([
      { index: 1, status: "expected an error (tag raises-exception), none came", source: "1 + 1;", stderr: "" },
    ]);
  }, 120_000);

  it("exits 2 without starting a kernel when the notebook does not exist", async () => {
    const run = await runNotebook(join(folder, "missing.ipynb"));

    expect(run.exitCode).toBe(2);
    expect(run.cells).toEqual([]);
    expect(run.error).toMatch(/no notebook at .*missing\.ipynb/);
  });
});

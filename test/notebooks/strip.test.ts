import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

// Committed notebooks hold no outputs and no execution counts (scripts/strip-check.mjs).

interface StripReport {
  ok: boolean;
  notebooks: string[];
  dirty: Array<{ path: string; problems: string[]; fixed?: boolean }>;
}

async function stripCheck(...args: string[]): Promise<{ exitCode: number; report: StripReport }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/strip-check.mjs", "--json", ...args]);
    return { exitCode: 0, report: JSON.parse(stdout) as StripReport };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { exitCode: failed.code, report: JSON.parse(failed.stdout) as StripReport };
  }
}

it("every notebook in git's tree (tracked or untracked, not ignored) is stripped", async () => {
  const { exitCode, report } = await stripCheck();

  expect(report.notebooks).toContain("notebooks/00-smoke.ipynb");
  expect(report.dirty.map(({ path, problems }) => `${path}: ${problems.join("; ")}`)).toEqual([]);
  expect(exitCode).toBe(0);
});

it("names a notebook that still holds outputs, and --fix strips it and keeps its source", async () => {
  const folder = await mkdtemp(join(tmpdir(), "strip-test-"));
  try {
    const path = join(folder, "dirty.ipynb");
    const cell = {
      cell_type: "code",
      id: "a",
      metadata: { execution: { "iopub.status.busy": "x" } },
      source: ["1 + 1"],
    };
    await writeFile(
      path,
      JSON.stringify({
        nbformat: 4,
        nbformat_minor: 5,
        metadata: {},
        cells: [{ ...cell, execution_count: 4, outputs: [{ output_type: "stream", name: "stdout", text: ["2\n"] }] }],
      }),
    );

    const found = await stripCheck(path);
    expect(found.exitCode).toBe(1);
    expect(found.report.dirty).toEqual([
      { path, problems: ["cell 0: 1 output(s)", "cell 0: execution_count 4"], fixed: false },
    ]);

    const fixed = await stripCheck("--fix", path);
    expect(fixed.exitCode).toBe(0);
    const after = JSON.parse(await readFile(path, "utf8")) as { cells: unknown[] };
    expect(after.cells).toEqual([
      { cell_type: "code", id: "a", metadata: {}, source: ["1 + 1"], execution_count: null, outputs: [] },
    ]);
    expect((await stripCheck(path)).exitCode).toBe(0);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

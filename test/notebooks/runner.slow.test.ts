import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
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

// Each case runs its own throwaway notebook in its own kernel, so they run side by side; the one
// whose kernel must start within a 5 s limit runs alone (a machine busy with kernels can take longer).
describe.concurrent("run_notebook.py", () => {
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

  it.sequential(
    "starts a fresh kernel when the first never becomes ready, and runs the notebook in it",
    async () => {
      // A copy of the runner whose kernelspec's first kernel never answers (as tslab does after its
      // zeromq fails the first kernel_info with EBUSY) and whose second is the real tslab.
      const repo = resolve(__dirname, "../..");
      const copy = join(folder, "repo-copy");
      await mkdir(join(copy, "scripts"), { recursive: true });
      await mkdir(join(copy, ".jupyter", "kernels", "tslab"), { recursive: true });
      await copyFile(join(repo, "scripts", "run_notebook.py"), join(copy, "scripts", "run_notebook.py"));
      const started = join(copy, "first-kernel-started");
      const tslab = join(repo, "node_modules", "tslab", "bin", "tslab");
      await writeFile(
        join(copy, "kernel.sh"),
        `if [ ! -e '${started}' ]; then echo $$ > '${started}'; exec sleep 600; fi\nexec node '${tslab}' kernel --config-path "$1"\n`,
      );
      await writeFile(
        join(copy, ".jupyter", "kernels", "tslab", "kernel.json"),
        JSON.stringify({
          argv: ["bash", join(copy, "kernel.sh"), "{connection_file}"],
          display_name: "t",
          language: "typescript",
        }),
      );
      const path = await writeNotebook("fresh-kernel.ipynb", [{ source: "console.log(6 * 7);" }]);
      const run = spawnSync(
        "/usr/bin/python3",
        [join(copy, "scripts", "run_notebook.py"), path, "--startup-timeout", "5", "--json"],
        { encoding: "utf8", env: { ...process.env, JUPYTER_PATH: "" } },
      );
      expect(run.stderr).toMatch(/the kernel did not start \(.*\); starting a fresh one/u);
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, cells_run: 1 });
      // The kernel that never answered was ended, not left behind.
      const first = (await readFile(started, "utf8")).trim();
      expect(existsSync(`/proc/${first}`)).toBe(false);
    },
    120_000,
  );

  it("exits 2 without starting a kernel when the notebook does not exist", async () => {
    const run = await runNotebook(join(folder, "missing.ipynb"));

    expect(run.exitCode).toBe(2);
    expect(run.cells).toEqual([]);
    expect(run.error).toMatch(/no notebook at .*missing\.ipynb/);
  });
});

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  jupyterPython,
  runnerSummary,
  type CellFailure,
} from "../../lib/src/grading/checkpoint/notebook-runner-output.js";
import { executedNotebook } from "./executed-notebooks.js";

const REPO = resolve(__dirname, "../..");
const RUNNER = join(REPO, "scripts", "run_notebook.py");

/** One code cell after the run: its source, the text it showed, and what it wrote to stderr. */
export interface ExecutedCell {
  /** Position in the notebook, markdown cells counted. */
  index: number;
  source: string;
  /** Text of each stream, text/plain and text/html output, in order (stderr streams included). */
  outputs: string[];
  /** The stderr stream alone: where tslab writes a cell's error. */
  stderr: string;
  /** Every image/svg+xml output (charts, sequence diagrams), kept apart from `outputs`. */
  svgs: string[];
}

/** A cell the runner counted as failed: errored, aborted, timed out, skipped or not run. */
export type FailedCell = CellFailure;

export interface NotebookRun {
  ok: boolean;
  /** The runner's exit status: 0 ran clean, 1 a cell failed, 2 could not run at all. */
  exitCode: number | null;
  /** Code cells only, from the executed notebook (empty when the run never started). */
  cells: ExecutedCell[];
  failures: FailedCell[];
  /** Seconds measured by the runner; absent when it could not run. */
  timing?: { kernelStart: number; cells: number; total: number };
  /** The runner's report on stderr, present whenever ok is false. */
  error?: string;
}

export interface RunNotebookOptions {
  /** Extra environment for the kernel: the notebook's parameters, read with process.env. */
  env?: Record<string, string>;
  /** Seconds allowed per cell (the runner's --timeout). */
  cellTimeoutSeconds?: number;
}

/**
 * Executes a notebook top to bottom in a fresh tslab kernel through scripts/run_notebook.py,
 * then reads the executed copy so a test can assert what each cell printed.
 */
export async function runNotebook(path: string, options: RunNotebookOptions = {}): Promise<NotebookRun> {
  const workDir = await mkdtemp(join(tmpdir(), "workbook-notebook-"));
  const executedPath = join(workDir, "executed.ipynb");
  try {
    const args = [RUNNER, resolve(path), "--out", executedPath, "--json"];
    if (options.cellTimeoutSeconds !== undefined) args.push("--timeout", String(options.cellTimeoutSeconds));
    const { exitCode, stdout, stderr } = await run(jupyterPython(), args, { ...process.env, ...options.env });

    const summary = runnerSummary(stdout);
    const cells = existsSync(executedPath) ? executedCells(JSON.parse(await readFile(executedPath, "utf8"))) : [];
    const ok = exitCode === 0 && summary?.ok === true;
    const result: NotebookRun = { ok, exitCode, cells, failures: summary?.failures ?? [] };
    if (summary) {
      result.timing = { kernelStart: summary.kernel_start_seconds, cells: summary.run_seconds, total: summary.seconds };
    }
    if (!ok) result.error = stderr.trim() || `run_notebook.py exited with ${exitCode} and said nothing`;
    return result;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The run's shared executed copy of `relPath` (made once per vitest run, see executed-notebooks.ts),
 * read as a NotebookRun: for a test that reads a notebook's outputs in its default environment,
 * so the notebook is not run again for each test file (or browser) that looks at it.
 */
export async function sharedNotebookRun(relPath: string): Promise<NotebookRun> {
  try {
    const copy = await executedNotebook(relPath);
    return { ok: true, exitCode: 0, cells: executedCells(JSON.parse(await readFile(copy, "utf8"))), failures: [] };
  } catch (error) {
    return { ok: false, exitCode: 1, cells: [], failures: [], error: (error as Error).message };
  }
}

interface NotebookJson {
  cells: Array<{ cell_type: string; source: string | string[]; outputs?: OutputJson[] }>;
}
interface OutputJson {
  output_type: string;
  name?: string;
  text?: string | string[];
  data?: Record<string, unknown>;
}

const joined = (text: unknown): string => (Array.isArray(text) ? text.join("") : typeof text === "string" ? text : "");

function executedCells(notebook: NotebookJson): ExecutedCell[] {
  const cells: ExecutedCell[] = [];
  notebook.cells.forEach((cell, index) => {
    if (cell.cell_type !== "code") return;
    const outputs: string[] = [];
    let stderr = "";
    const svgs: string[] = [];
    for (const output of cell.outputs ?? []) {
      if (output.output_type === "stream") {
        outputs.push(joined(output.text));
        if (output.name === "stderr") stderr += joined(output.text);
      } else if (output.data) {
        for (const mime of ["text/plain", "text/html"]) {
          if (mime in output.data) outputs.push(joined(output.data[mime]));
        }
        if ("image/svg+xml" in output.data) svgs.push(joined(output.data["image/svg+xml"]));
      }
    }
    cells.push({ index, source: joined(cell.source), outputs, stderr, svgs });
  });
  return cells;
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (exitCode) =>
      resolvePromise({
        exitCode,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      }),
    );
  });
}

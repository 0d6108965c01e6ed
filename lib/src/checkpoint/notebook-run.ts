// Executes the checkpoint notebook headless through the real tslab kernel (scripts/run_notebook.py)
// and collects what its cells printed: the six check lines, and the lines of any hidden cells a
// grader appended. The notebook copy runs inside checkpoints/ so that "mcp-workbook" resolves.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { UsageError } from "../protocol/errors/usage-error.js";
import { jupyterPython, runnerSummary, type CellFailure } from "./notebook-runner-output.js";
export type { CellFailure } from "./notebook-runner-output.js";

import { REPO_ROOT } from "./paths.js";
export { REPO_ROOT };
export const CHECKPOINT_NOTEBOOK = join(REPO_ROOT, "checkpoints", "ch14-checkpoint.ipynb");
const RUNNER = join(REPO_ROOT, "scripts", "run_notebook.py");

/** Tags: the six check cells carry CHECK_TAG; cells appended from a hidden folder carry HIDDEN_TAG. */
export const CHECK_TAG = "checkpoint-check";
export const HIDDEN_TAG = "hidden-check";

/** One hidden cell: its file name and its source. */
export interface HiddenCell {
  readonly file: string;
  readonly source: string;
}

/** What one code cell of the run printed, and how it ended. */
export interface CellReport {
  readonly index: number;
  readonly tags: readonly string[];
  /** The hidden file this cell came from, if any. */
  readonly hiddenFile: string | undefined;
  /** Printed lines that begin with "ok" or "FAIL". */
  readonly lines: readonly string[];
  readonly seconds: number | undefined;
}

/** A cell run_notebook.py counted as failed. */
export interface NotebookRunReport {
  /** run_notebook.py's exit status: 0 clean, 1 a cell failed, 2 could not run. */
  readonly exitCode: number | null;
  readonly clean: boolean;
  readonly cells: readonly CellReport[];
  readonly failures: readonly CellFailure[];
  readonly kernelStartSeconds: number | undefined;
  readonly cellSeconds: number | undefined;
  /** The runner's own report when it did not run clean. */
  readonly runnerError: string;
}

export interface NotebookRunOptions {
  /** Absolute path of the implementation under test, passed to the kernel as WORKBOOK_IMPL. */
  readonly impl?: string;
  readonly hidden?: readonly HiddenCell[];
  /** Seconds allowed per cell. */
  readonly cellTimeoutSeconds?: number;
  readonly notebook?: string;
}

/** The *.ts files of a hidden-checks folder in name order, each one cell's source. */
export function readHiddenCells(dir: string): HiddenCell[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UsageError("hidden", { what: `no hidden-checks folder at ${dir}`, expected: "a folder of *.ts files, each one cell" });
  }
  const files = readdirSync(dir).filter((name) => name.endsWith(".ts")).sort();
  if (files.length === 0) throw new UsageError("hidden", { what: `${dir} holds no *.ts files`, expected: "at least one hidden cell (*.ts)" });
  return files.map((file) => ({ file, source: readFileSync(join(dir, file), "utf8") }));
}

interface NotebookJson {
  cells: Array<{ cell_type: string; id?: string; metadata: Record<string, unknown>; source: string | string[]; outputs?: OutputJson[]; execution_count?: null }>;
  [key: string]: unknown;
}
interface OutputJson {
  output_type: string;
  name?: string;
  text?: string | string[];
}

/** The checkpoint notebook with the hidden cells appended after its own. */
export function withHiddenCells(notebook: NotebookJson, hidden: readonly HiddenCell[]): NotebookJson {
  const appended = hidden.map((cell) => ({
    cell_type: "code",
    id: randomBytes(4).toString("hex"),
    metadata: { tags: [HIDDEN_TAG], hidden_file: cell.file },
    source: cell.source,
    outputs: [],
    execution_count: null,
  }));
  return { ...notebook, cells: [...notebook.cells, ...appended] };
}

/** Runs the notebook in a fresh kernel and reports what each cell printed. */
export async function runCheckpointNotebook(options: NotebookRunOptions = {}): Promise<NotebookRunReport> {
  const source = JSON.parse(readFileSync(options.notebook ?? CHECKPOINT_NOTEBOOK, "utf8")) as NotebookJson;
  const notebook = withHiddenCells(source, options.hidden ?? []);
  const workDir = mkdtempSync(join(REPO_ROOT, "checkpoints", ".run-"));
  const notebookPath = join(workDir, "ch14-checkpoint.ipynb");
  const executedPath = join(workDir, "executed.ipynb");
  try {
    writeFileSync(notebookPath, JSON.stringify(notebook, null, 1));
    const args = [RUNNER, notebookPath, "--out", executedPath, "--json", "--timeout", String(options.cellTimeoutSeconds ?? 180)];
    // The notebook resolves a relative WORKBOOK_IMPL against the repository; an absolute one is used as is.
    const { WORKBOOK_IMPL: _inherited, ...inherited } = process.env;
    const env: NodeJS.ProcessEnv = options.impl === undefined ? inherited : { ...inherited, WORKBOOK_IMPL: options.impl };
    const { exitCode, stdout, stderr } = await run(jupyterPython(), args, env);
    const summary = runnerSummary(stdout);
    const executed = existsSync(executedPath) ? (JSON.parse(readFileSync(executedPath, "utf8")) as NotebookJson) : undefined;
    const clean = exitCode === 0 && summary?.ok === true;
    return {
      exitCode,
      clean,
      cells: executed ? cellReports(executed) : [],
      failures: summary?.failures ?? [],
      kernelStartSeconds: summary?.kernel_start_seconds,
      cellSeconds: summary?.run_seconds,
      runnerError: clean ? "" : stderr.trim() || `run_notebook.py exited with ${exitCode} and said nothing`,
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

const joined = (text: unknown): string => (Array.isArray(text) ? text.join("") : typeof text === "string" ? text : "");

function cellReports(notebook: NotebookJson): CellReport[] {
  const reports: CellReport[] = [];
  notebook.cells.forEach((cell, index) => {
    if (cell.cell_type !== "code") return;
    const tags = Array.isArray(cell.metadata["tags"]) ? (cell.metadata["tags"] as string[]) : [];
    const printed = (cell.outputs ?? [])
      .filter((output) => output.output_type === "stream" && output.name === "stdout")
      .map((output) => joined(output.text))
      .join("");
    const lines = printed.split("\n").map((line) => line.trimEnd()).filter((line) => /^(ok|FAIL)\b/u.test(line));
    const hiddenFile = typeof cell.metadata["hidden_file"] === "string" ? cell.metadata["hidden_file"] : undefined;
    reports.push({ index, tags, hiddenFile, lines, seconds: cellSeconds(cell.metadata) });
  });
  return reports;
}

/** A cell's run time from the timing nbclient records: the kernel busy, then idle (tslab sends no execute_input). */
function cellSeconds(metadata: Record<string, unknown>): number | undefined {
  const execution = metadata["execution"] as Record<string, string> | undefined;
  const started = Date.parse(execution?.["iopub.status.busy"] ?? "");
  const ended = Date.parse(execution?.["iopub.status.idle"] ?? "");
  return Number.isFinite(started) && Number.isFinite(ended) ? (ended - started) / 1000 : undefined;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (exitCode) => resolvePromise({ exitCode, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") }));
  });
}

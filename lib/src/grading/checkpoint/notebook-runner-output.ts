// What both callers of scripts/run_notebook.py need: which Python runs it, and how to read the
// one-line JSON summary it prints with --json.
import { existsSync } from "node:fs";

/** One cell the runner counted as failed: errored, aborted, timed out, skipped or not run. */
export interface CellFailure {
  readonly index: number;
  readonly status: string;
  /** First non-blank line of the cell's source. */
  readonly source: string;
  readonly stderr: string;
}

/** The runner's --json line. */
export interface RunnerSummary {
  readonly ok: boolean;
  readonly failures: CellFailure[];
  readonly kernel_start_seconds: number;
  readonly run_seconds: number;
  readonly seconds: number;
}

/** The Python with Jupyter: WORKBOOK_PYTHON, else Debian's, else python3 (the runner re-executes itself if needed). */
export function jupyterPython(): string {
  return process.env["WORKBOOK_PYTHON"] || (existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3");
}

/** The summary on the runner's last stdout line, or undefined when it printed none. */
export function runnerSummary(stdout: string): RunnerSummary | undefined {
  const last = stdout.trim().split("\n").pop();
  if (!last) return undefined;
  try {
    return JSON.parse(last) as RunnerSummary;
  } catch {
    return undefined;
  }
}

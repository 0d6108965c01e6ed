// Where the checkpoint command writes (the process's streams, or a test's buffers) and the lines
// both of its forms write there: progress while grading, each rule's line once. A file of its own
// so checkpoint.ts and checkpoint-notebook.ts both use it without importing each other.
import { containmentFor, containmentWarning } from "../grading/checkpoint/host/containment.js";
import { hostUser } from "../grading/checkpoint/host/host-probe.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { GraderFault } from "../grading/checkpoint/grader-fault.js";
import type { RuleVerdict } from "../grading/checkpoint/rules/types.js";
import { gradingProgress, type Progress } from "./grading-progress.js";

export interface CheckpointIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** True when stderr is a terminal that redraws a line (progress then takes one updating line). */
  readonly terminal?: boolean;
  /** stderr's width, when it is a terminal. */
  readonly columns?: number;
}
/** Progress on the command's stderr: one updating line on a terminal, a few plain lines elsewhere. */
export function progressOf(io: CheckpointIo, total: number): Progress {
  return gradingProgress(
    { write: io.stderr, terminal: io.terminal === true, ...(io.columns === undefined ? {} : { columns: io.columns }) },
    total,
  );
}

/** Says before a grading starts when the graded code could change files it should not (host/containment.ts). */
export function warnIfUncontained(io: CheckpointIo): void {
  const warning = containmentWarning(containmentFor(hostUser()));
  if (warning !== undefined) io.stderr(`mcp-workbook checkpoint: ${warning}\n`);
}

/** A rule's line as printed: a hidden rule says only whether it passed. */
export function shownLine(verdict: RuleVerdict): string {
  return verdict.visibility === "visible"
    ? verdict.line
    : `${verdict.line.startsWith("FAIL") ? "FAIL" : "ok"} (hidden rule ${verdict.rule})`;
}

/**
 * The reports of a run that graded nothing, so a grader's script never reads an old score: no rule,
 * no points, and why. A grader's fault is an error in JUnit's terms (the test could not run); any
 * other reason (a usage error) a failure.
 */
export function writeNothingGraded(reportDir: string, why: string, fault?: GraderFault): void {
  try {
    mkdirSync(reportDir, { recursive: true });
    const results = {
      score: 0,
      max_score: 0,
      execution_time: 0,
      output: why,
      tests: [{ name: "checkpoint ran", score: 0, max_score: 0, status: "failed", output: why }],
      ...(fault === undefined ? {} : { extra_data: { not_graded: { what: fault.what, where: fault.where } } }),
    };
    writeFileSync(join(reportDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
    const escaped = why.replace(/&/gu, "&amp;").replace(/</gu, "&lt;").replace(/>/gu, "&gt;").replace(/"/gu, "&quot;");
    const [element, type, counts] =
      fault === undefined
        ? ["failure", "CheckpointDidNotRun", 'failures="1" errors="0"']
        : ["error", "GraderFault", 'failures="0" errors="1"'];
    writeFileSync(
      join(reportDir, "junit.xml"),
      `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ch14-checkpoint" tests="1" ${counts}>\n  <testsuite name="ch14-checkpoint" tests="1" ${counts} skipped="0">\n    <testcase classname="ch14-checkpoint" name="checkpoint ran">\n      <${element} message="${escaped}" type="${type}">${escaped}</${element}>\n    </testcase>\n  </testsuite>\n</testsuites>\n`,
    );
  } catch {
    // nowhere to write: the exit code says it
  }
}

/** A grader's fault met before any graded code ran: its line on stderr, "not graded" reports, exit 2. */
export function graderFaultExit(io: CheckpointIo, reportDir: string, fault: GraderFault): number {
  io.stderr(`mcp-workbook checkpoint: ${fault.line()}\n`);
  writeNothingGraded(reportDir, fault.line(), fault);
  return 2;
}

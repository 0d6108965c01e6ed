// Where the checkpoint command writes (the process's streams, or a test's buffers) and the lines
// both of its forms write there: progress while grading, each rule's line once. A file of its own
// so checkpoint.ts and checkpoint-notebook.ts both use it without importing each other.
import { containmentFor, containmentWarning } from "../grading/checkpoint/host/containment.js";
import { hostUser } from "../grading/checkpoint/host/host-probe.js";
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

// The checkpoint's progress while it grades. On a terminal: one line, rewritten in place as each
// rule ends and cleared at the end, so what stays on the screen is the report (summary first, then
// each rule's line once). Elsewhere (a pipe, a file, CI): a few plain lines, at each quarter of the
// rules, that name no rule, so a log holds each rule's line once too.
import type { RuleVerdict } from "../grading/checkpoint/rules/types.js";

export interface ProgressOutput {
  readonly write: (text: string) => void;
  /** True on a terminal that redraws a line (a TTY, not CI). */
  readonly terminal: boolean;
  /** The terminal's width, when known. */
  readonly columns?: number;
}

export interface Progress {
  /** Called as each rule ends, in the rules' order. */
  readonly onVerdict: (verdict: RuleVerdict) => void;
  /** Clears the updating line (a terminal); nothing otherwise. */
  readonly done: () => void;
}

const CLEAR_LINE = "\r\u001b[K";

/** True when `stream` is a terminal and no CI variable says the output is a log. */
export function isTerminal(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && (env["CI"] === undefined || env["CI"] === "" || env["CI"] === "false");
}

/** Progress over `total` rules written to `output`. */
export function gradingProgress(output: ProgressOutput, total: number): Progress {
  let graded = 0;
  let failed = 0;
  const width = Math.max(10, (output.columns ?? 80) - 1);
  const quarters = new Set([1, 2, 3, 4].map((quarter) => Math.ceil((total * quarter) / 4)));
  if (!output.terminal && total > 0) output.write(`checkpoint: grading ${total} rules\n`);
  return {
    onVerdict: (verdict) => {
      graded += 1;
      if (!verdict.ok) failed += 1;
      const count = `checkpoint: ${graded} of ${total} rules graded${failed > 0 ? `, ${failed} not yet` : ""}`;
      if (output.terminal) {
        const line = `${count}; last: ${verdict.rule}`;
        output.write(`${CLEAR_LINE}${line.length > width ? `${line.slice(0, width - 1)}…` : line}`);
      } else if (quarters.has(graded)) output.write(`${count}\n`);
    },
    done: () => {
      if (output.terminal) output.write(CLEAR_LINE);
    },
  };
}

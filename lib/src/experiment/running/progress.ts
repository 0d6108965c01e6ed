// Progress for long runs: a bar that redraws in place on a terminal, plain lines elsewhere.
import type { Progress } from "./runner.js";

export type ProgressSink = { write(text: string): unknown; isTTY?: boolean };

/**
 * One line of text for a progress event, e.g. "[#####.....] 120/432 qwen2.5:7b unrelated 32 native
 * stock_level-2 right" (the model is shown because one run may ask several).
 */
export function progressLine(progress: Progress, width = 30): string {
  const share = progress.total === 0 ? 1 : Math.min(1, Math.max(0, progress.done / progress.total));
  const filled = Math.round(share * width);
  const { condition } = progress;
  const search = condition.search ? ` ${condition.search.method} top ${condition.search.top}` : "";
  return (
    `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${progress.done}/${progress.total} ` +
    `${progress.model} ${condition.kind} ${condition.size} ${condition.protocol}${search} ${progress.requestId}` +
    (progress.row
      ? ` ${progress.row.outcome}${progress.row.stopReason !== null && progress.row.outcome === "cut-short" ? ` (${progress.row.stopReason})` : ""}`
      : "")
  );
}

/** A progress callback for the command line: redraws one line on a TTY, prints every tenth row otherwise. */
export function terminalProgress(sink: ProgressSink): (progress: Progress) => void {
  return (progress) => {
    if (sink.isTTY) {
      sink.write(`\r\x1b[2K${progressLine(progress)}`);
      if (progress.done === progress.total) sink.write("\n");
    } else if (progress.done % 10 === 0 || progress.done === progress.total) {
      sink.write(`${progressLine(progress)}\n`);
    }
  };
}

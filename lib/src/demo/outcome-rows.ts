// The demo's table, one row at a time: the header is printed before the first mode runs and each
// mode's row the moment it ends, so the room sees progress and Ctrl-C keeps what has finished.
// Colour says what matters to the room: whether the mode ended AS EXPECTED (green) or not (red),
// so a correct refusal is green; a symbol beside it (✓ or ✗) carries the same for colour-blind
// viewers and for NO_COLOR. Column widths come from the mode table, never from the rows to come.
import type { TeachingMode } from "../server-build/teaching-modes.js";
import type { ModeOutcome } from "./failure-modes.js";
import { stripColor, visibleWidth, type TerminalLayout } from "./terminal.js";
import { wrapHanging } from "../text/wrap.js";

export const AS_EXPECTED = "✓ as expected";
export const NOT_AS_EXPECTED = "✗ NOT as expected";

/** `text` green when the outcome was as expected, red when not; plain without colour. */
export function paintMeaning(text: string, asExpected: boolean, layout: Pick<TerminalLayout, "color">): string {
  return layout.color && text !== "" ? `\u001b[${asExpected ? "32" : "31"}m${text}\u001b[0m` : text;
}

/** How a mode ended, in words: "answered", or "refused (reason)" / "deadline". */
export function outcomeWords(outcome: Pick<ModeOutcome, "outcome">): string {
  if (outcome.outcome === "result") return "answered";
  return outcome.outcome === "deadline" ? "deadline" : `refused (${outcome.outcome})`;
}

const expectedWords = (expect: string): string => outcomeWords({ outcome: expect });

/** One row per line; `compact` leaves out the detail lines so the whole table fits a short terminal. */
export interface RowFormat {
  readonly header: string[];
  row(outcome: ModeOutcome): string[];
}

const HEAD = { mode: "mode", outcome: "outcome", expected: "expected", mark: "as expected?", ms: "ms", left: "left" };

/**
 * The header and a row formatter for `modes`, fitted to `layout.columns`: mode, outcome, the
 * as-expected mark, ms and processes left behind on the row's line (and what was expected, while it
 * fits); below it, unless `compact`, the error's message, word-wrapped and whole.
 */
export function outcomeRows(modes: readonly TeachingMode[], layout: TerminalLayout, compact: boolean): RowFormat {
  const width = (values: readonly string[]) => Math.max(...values.map((value) => [...value].length));
  const w = {
    mode: width([HEAD.mode, ...modes.map((m) => m.mode)]),
    outcome: width([HEAD.outcome, "answered", "deadline", ...modes.map((m) => expectedWords(m.expect))]),
    expected: width([HEAD.expected, ...modes.map((m) => expectedWords(m.expect))]),
    mark: width([HEAD.mark, AS_EXPECTED, NOT_AS_EXPECTED]),
    ms: 5,
    left: HEAD.left.length,
  };
  const full = w.mode + w.outcome + w.expected + w.mark + w.ms + w.left + 10;
  const withExpected = full <= layout.columns;
  const line = (
    cells: { mode: string; outcome: string; expected: string; mark: string; ms: string; left: string },
    markPainted = cells.mark,
  ) =>
    [
      cells.mode.padEnd(w.mode),
      cells.outcome.padEnd(w.outcome),
      ...(withExpected ? [cells.expected.padEnd(w.expected)] : []),
      markPainted + " ".repeat(Math.max(w.mark - [...cells.mark].length, 0)),
      cells.ms.padStart(w.ms),
      cells.left.padStart(w.left),
    ]
      .join("  ")
      .trimEnd();
  const fit = (text: string) =>
    visibleWidth(text) > layout.columns ? [...stripColor(text)].slice(0, layout.columns).join("") : text;
  return {
    header: [fit(line(HEAD)), "-".repeat(Math.min(visibleWidth(line(HEAD)), layout.columns))],
    row(o) {
      const mark = o.asExpected ? AS_EXPECTED : NOT_AS_EXPECTED;
      const cells = {
        mode: o.mode,
        outcome: outcomeWords(o),
        expected: expectedWords(o.expected),
        mark,
        ms: String(o.ms),
        left: String(o.leftBehind),
      };
      const out = [fit(line(cells, paintMeaning(mark, o.asExpected, layout)))];
      const notes: string[] = [];
      if (!o.asExpected && !withExpected) notes.push(`expected ${expectedWords(o.expected)}`);
      if (!compact) notes.push(o.outcome === "result" ? `answered ${JSON.stringify(o.detail)}` : o.detail);
      for (const note of notes)
        out.push(...wrapHanging(note, layout.columns - 4, 2, false).map((text) => `    ${text}`));
      return out;
    },
  };
}

/** Lines the full table would take: a terminal shorter than this gets the compact form. */
export function fullTableLines(modes: readonly TeachingMode[]): number {
  return 2 + 3 * modes.length + 6;
}

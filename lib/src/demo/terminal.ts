// How the demo's tables meet a terminal: its width, and whether to colour. A row's decisive fields
// go on its first line, its detail on indented lines below, so no field is ever split by the
// terminal's own wrapping. Colour marks a verdict (accepted green, refused red, deadline yellow),
// the word always printed too; none when NO_COLOR is set or the output is not a terminal.
import { wrapHanging } from "../text/wrap.js";

export interface TerminalLayout {
  /** Characters a line may hold. */
  readonly columns: number;
  readonly color: boolean;
}

/** Columns assumed when the output is not a terminal (a pipe, a file, a notebook). */
export const PIPED_COLUMNS = 100;

/** The layout for `stream` (process.stdout): its width when it is a terminal, and whether colour is wanted. */
export function terminalLayout(
  stream: { readonly isTTY?: boolean; readonly columns?: number },
  env: Readonly<Record<string, string | undefined>>,
): TerminalLayout {
  const tty = stream.isTTY === true;
  const columns = tty && typeof stream.columns === "number" && stream.columns > 0 ? stream.columns : PIPED_COLUMNS;
  // no-color.org: set to any non-empty value, NO_COLOR turns colour off.
  const noColor = (env["NO_COLOR"] ?? "") !== "";
  return { columns, color: tty && !noColor };
}

export type Verdict = "accepted" | "refused" | "deadline";

const SGR: Record<Verdict, string> = { accepted: "32", refused: "31", deadline: "33" };

/** `text` in its verdict's colour when colour is on; the words are the same either way. */
export function paint(text: string, verdict: Verdict | undefined, layout: Pick<TerminalLayout, "color">): string {
  return layout.color && verdict !== undefined && text !== "" ? `\u001b[${SGR[verdict]}m${text}\u001b[0m` : text;
}

const ANSI = /\u001b\[[0-9;]*m/g;

/** `text` without colour codes: what a terminal shows. */
export function stripColor(text: string): string {
  return text.replace(ANSI, "");
}

/** Columns a line takes on screen (colour codes take none). */
export function visibleWidth(line: string): number {
  return [...stripColor(line)].length;
}

/** `text` cut with "…" to at most `width` characters (for a frame's raw bytes, which have no words). */
export function cutTo(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(width - 1, 0)).join("")}…`;
}

/** One column of a table: its header, and whether it is right-aligned (numbers). */
export interface Column {
  readonly title: string;
  readonly right?: boolean;
}

/** One row: its cells (plain text), the verdict that colours a cell, and the detail lines under it. */
export interface TableRow {
  readonly cells: readonly string[];
  /** Which cell carries the colour, and which colour. */
  readonly paint?: { readonly column: number; readonly verdict: Verdict };
  /** Printed under the row, indented and word-wrapped; a raw frame is cut rather than wrapped. */
  readonly detail?: readonly { readonly text: string; readonly raw?: boolean }[];
}

export const DETAIL_INDENT = 4;

/**
 * A table that fits `layout.columns`: the first `keep` columns always on the row's line, the rest
 * while they fit, and any that do not fit moved to the start of the detail lines as "title value".
 */
export function fitTable(
  columns: readonly Column[],
  rows: readonly TableRow[],
  layout: TerminalLayout,
  keep: number,
): string {
  const widthOf = (column: number) =>
    Math.max(columns[column]!.title.length, ...rows.map((row) => [...row.cells[column]!].length));
  const widths = columns.map((_, column) => widthOf(column));
  let shown = columns.length;
  const lineWidth = (count: number) => widths.slice(0, count).reduce((sum, w) => sum + w, 0) + 2 * (count - 1);
  while (shown > keep && lineWidth(shown) > layout.columns) shown -= 1;
  const line = (cells: readonly string[], row?: TableRow): string =>
    cells
      .slice(0, shown)
      .map((cell, column) => {
        const fill = " ".repeat(Math.max(widths[column]! - [...cell].length, 0));
        const text = row?.paint?.column === column ? paint(cell, row.paint.verdict, layout) : cell;
        return columns[column]!.right ? fill + text : text + fill;
      })
      .join("  ")
      .trimEnd();
  const room = layout.columns - DETAIL_INDENT;
  const pad = " ".repeat(DETAIL_INDENT);
  const out = [line(columns.map((c) => c.title)), line(widths.map((w) => "-".repeat(w)))];
  for (const row of rows) {
    out.push(line(row.cells, row));
    const moved = columns
      .slice(shown)
      .map((column, i) => `${column.title} ${row.cells[shown + i]}`)
      .join(" · ");
    const details = [...(moved === "" ? [] : [{ text: moved }]), ...(row.detail ?? [])];
    for (const { text, raw } of details) {
      if (text === "") continue;
      const lines = raw === true ? [cutTo(text, room)] : wrapHanging(text, room, 2, false);
      out.push(...lines.map((l) => `${pad}${l}`));
    }
  }
  // A terminal narrower than the kept columns still never wraps a line: the line is cut.
  return out.map((l) => (visibleWidth(l) > layout.columns ? cutTo(stripColor(l), layout.columns) : l)).join("\n");
}

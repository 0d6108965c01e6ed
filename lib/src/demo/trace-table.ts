import type { TraceEntry, TraceSnapshot } from "../client/wire-trace.js";
import { escapeHtml, htmlTable } from "../notebook/html-table.js";
import { fitTable, PIPED_COLUMNS, type TableRow, type TerminalLayout } from "./terminal.js";

/** How a direction reads in a table: the arrow between the client (left) and the server (right). */
export function directionArrow(entry: Pick<TraceEntry, "direction">): string {
  return entry.direction === "out" ? "client → server" : entry.direction === "in" ? "client ← server" : "client";
}

const HEADER = ["operation", "+ms", "wire", "bytes", "decision", "what"];

const FRAME_CHARS = 50;

/** The frame's first bytes (so the id shows), then why (a reason, a signal, a status). */
function what(entry: TraceEntry): string {
  const frame = entry.preview.length > FRAME_CHARS ? `${entry.preview.slice(0, FRAME_CHARS - 1)}…` : entry.preview;
  return [frame, entry.detail].filter((part) => part !== "").join("  ·  ");
}

function rows(trace: TraceSnapshot, width: number): string[][] {
  const cut = (text: string): string => (text.length > width ? `${text.slice(0, width - 1)}…` : text);
  const made = trace.entries.map((entry) => [
    entry.operation,
    entry.atMs.toFixed(1),
    directionArrow(entry),
    String(entry.bytes),
    entry.decision,
    cut(what(entry)),
  ]);
  if (trace.omitted > 0) {
    // The kept head and tail meet here; say how many entries were left out between them.
    made.splice(trace.omittedAt, 0, ["…", "", "", "", `${trace.omitted} entries left out`, ""]);
  }
  return made;
}

/**
 * The trace as a table that fits the terminal, in no colour: a refused frame is often the expected
 * outcome, and the decision's words say what happened. Operation, time, direction and decision (then bytes
 * while they fit) on each entry's line; the frame's first bytes (cut to the width) and why (word-wrapped) indented below.
 */
export function formatTrace(
  trace: TraceSnapshot,
  layout: TerminalLayout = { columns: PIPED_COLUMNS, color: false },
): string {
  const columns = [
    { title: "operation" },
    { title: "+ms", right: true },
    { title: "wire" },
    { title: "decision" },
    { title: "bytes", right: true },
  ];
  const made: TableRow[] = trace.entries.map((entry) => ({
    cells: [entry.operation, entry.atMs.toFixed(1), directionArrow(entry), entry.decision, String(entry.bytes)],
    detail: [{ text: entry.preview, raw: true }, { text: entry.detail }],
  }));
  if (trace.omitted > 0) {
    // The kept head and tail meet here; say how many entries were left out between them.
    made.splice(trace.omittedAt, 0, { cells: ["…", "", "", `${trace.omitted} entries left out`, ""] });
  }
  return fitTable(columns, made, layout, 4);
}

/** The trace as an HTML table for a notebook; every cell is escaped (previews are the server's bytes). */
export function traceTable(trace: TraceSnapshot, width = 160): string {
  return htmlTable(HEADER, rows(trace, width));
}

/** Several traces' tables side by side (they wrap on a narrow screen), each under its title. */
export function traceTablesSideBySide(
  parts: ReadonlyArray<{ readonly title: string; readonly trace: TraceSnapshot }>,
): string {
  const columns = parts.map((part) => `<div><h4>${escapeHtml(part.title)}</h4>\n${traceTable(part.trace, 64)}\n</div>`);
  return `<div style="display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start">\n${columns.join("\n")}\n</div>`;
}

// A wire trace drawn as a sequence diagram: the client's lifeline on the left, the server's on the
// right, one arrow per frame from top to bottom, labelled with what the client decided. A pure
// function from the trace to a vega-lite spec; renderSvg turns it into the same SVG every time.
import type { TopLevelSpec } from "vega-lite";
import type { TraceEntry, TraceSnapshot } from "../client/wire-trace.js";
import { CHART_CONFIG, VEGA_LITE_SCHEMA } from "./chart-style.js";
import { dejaVuWidth } from "./text-metrics.js";

/** Rows drawn at most; a longer trace ends with a row saying how many more there were. */
export const DIAGRAM_MAX_ROWS = 48;
const ROW_HEIGHT = 30;
const WIDTH = 640;
/** Every text of a diagram is at least this size in the SVG, which is never drawn wider than DIAGRAM_MAX_WIDTH. */
export const DIAGRAM_FONT_PX = 11;
/** A classic Notebook cell at a 1400 px window holds about 980 px: an SVG wider than this is cut or scaled down. */
export const DIAGRAM_MAX_WIDTH = 920;
/** Side by side only while each diagram keeps at least this width; below it they are stacked. */
const MIN_SIDE_WIDTH = 420;
/** x from the time column's left edge to past the server's lifeline (client at 0, server at 1). */
const X_DOMAIN = [-0.5, 1.06] as const;
const MONO_EM = 0.602;

/** `text` cut with an ellipsis to at most `px` wide in DejaVu Sans (or Sans Mono) at the diagram's size. */
function fit(text: string, px: number, mono = false): string {
  const width = (t: string) => (mono ? [...t].length * MONO_EM * DIAGRAM_FONT_PX : dejaVuWidth(t, DIAGRAM_FONT_PX));
  if (width(text) <= px) return text;
  let chars = [...text];
  while (chars.length > 1 && width(`${chars.join("")}…`) > px) chars = chars.slice(0, -1);
  return `${chars.join("").trimEnd()}…`;
}

type Tone = "sent" | "accepted" | "refused" | "skipped" | "signal";

const TONES: Record<Tone, string> = {
  sent: "#3b6ea5",
  accepted: "#2e7d32",
  refused: "#c62828",
  skipped: "#888888",
  signal: "#ef6c00",
};

function toneOf(entry: TraceEntry): Tone {
  switch (entry.decision) {
    case "accepted as the answer":
    case "answered ping":
      return "accepted";
    case "refused":
    case "deadline ended the operation":
    case "connection closed":
      return "refused";
    case "signal":
    case "exited":
      return "signal";
    case "sent":
    case "input ended":
      return "sent";
    default:
      return "skipped";
  }
}

interface Row {
  readonly row: number;
  readonly from: number;
  readonly to: number;
  readonly head: number;
  readonly shape: string;
  readonly tone: Tone;
  readonly label: string;
  readonly preview: string;
  readonly time: string;
  readonly local: boolean;
}

function rowOf(entry: TraceEntry, row: number): Row {
  const local = entry.direction === "local";
  const out = entry.direction === "out";
  const bytes = entry.bytes > 0 ? ` · ${entry.bytes} B` : "";
  const detail =
    entry.detail !== "" &&
    (local || entry.decision === "refused" || entry.decision === "signal" || entry.decision === "exited")
      ? `: ${entry.detail}`
      : "";
  return {
    row,
    from: 0,
    to: local ? 0.06 : 1,
    head: local ? 0 : out ? 1 : 0,
    shape: local ? "diamond" : out ? "triangle-right" : "triangle-left",
    tone: toneOf(entry),
    label: `${entry.decision}${bytes}${detail}`,
    preview: entry.preview,
    time: `${entry.operation} +${entry.atMs.toFixed(1)} ms`,
    local,
  };
}

/**
 * The rows to draw: every entry kept, with a gap row where the trace left some out. Past
 * DIAGRAM_MAX_ROWS, the first and the last entries are drawn and one gap row counts the rest.
 */
function rowsOf(trace: TraceSnapshot): Row[] {
  let shown: Array<TraceEntry | string> = [...trace.entries];
  if (shown.length + (trace.omitted > 0 ? 1 : 0) > DIAGRAM_MAX_ROWS) {
    const head = Math.floor((DIAGRAM_MAX_ROWS - 1) / 2);
    const tail = DIAGRAM_MAX_ROWS - 1 - head;
    const hidden = trace.entries.length - head - tail + trace.omitted;
    shown = [...trace.entries.slice(0, head), `… ${hidden} entries not drawn …`, ...trace.entries.slice(-tail)];
  } else if (trace.omitted > 0) {
    shown.splice(trace.omittedAt, 0, `… ${trace.omitted} entries left out …`);
  }
  return shown.map((entry, row) =>
    typeof entry === "string"
      ? {
          row,
          from: 0,
          to: 1,
          head: 0.5,
          shape: "circle",
          tone: "skipped",
          label: entry,
          preview: "",
          time: "",
          local: true,
        }
      : rowOf(entry, row),
  );
}

/**
 * The sequence diagram of `trace` as a vega-lite spec. Pure: the same trace gives the same spec,
 * the trace is not touched, and two different traces give two different drawings.
 */
export function traceDiagramSpec(trace: TraceSnapshot, title = "The wire, frame by frame"): TopLevelSpec {
  return { $schema: VEGA_LITE_SCHEMA, config: CHART_CONFIG, ...diagram(trace, title, WIDTH) } as TopLevelSpec;
}

/**
 * Several traces' diagrams (hang beside trickle, say), each with its own title: side by side while
 * together they fit DIAGRAM_MAX_WIDTH at a readable width each, stacked otherwise.
 */
export function traceDiagramsSideBySide(
  traces: ReadonlyArray<{ readonly trace: TraceSnapshot; readonly title: string }>,
): TopLevelSpec {
  // Each part: its plot width, plus about 20 px of concat spacing between parts and the padding.
  const sideWidth = Math.floor((DIAGRAM_MAX_WIDTH - 20 - 20 * (traces.length - 1)) / Math.max(traces.length, 1));
  const side = sideWidth >= MIN_SIDE_WIDTH;
  const parts = traces.map(({ trace, title }) => diagram(trace, title, side ? sideWidth : WIDTH));
  return {
    $schema: VEGA_LITE_SCHEMA,
    config: CHART_CONFIG,
    ...(side ? { hconcat: parts } : { vconcat: parts }),
  } as TopLevelSpec;
}

function diagram(trace: TraceSnapshot, title: string, width: number) {
  // Pixels per unit of x: the lifelines are one unit apart; every label is cut to the room it has.
  const unit = width / (X_DOMAIN[1] - X_DOMAIN[0]);
  const between = unit - 12;
  const rows = rowsOf(trace).map((row) => ({
    ...row,
    label: fit(row.label, row.local && row.time !== "" ? between - 9 : between),
    preview: fit(row.preview, between, true),
    time: fit(row.time, -X_DOMAIN[0] * unit - 10),
  }));
  const arrows = rows.filter((row) => !row.local);
  const locals = rows.filter((row) => row.local && row.time !== "");
  const gaps = rows.filter((row) => row.time === "");
  const height = ROW_HEIGHT * (rows.length + 1);
  const x = { type: "quantitative" as const, scale: { domain: [...X_DOMAIN] }, axis: null };
  const yScale = {
    type: "quantitative" as const,
    scale: { domain: [-1, Math.max(rows.length, 1)], reverse: true, nice: false, zero: false },
    axis: null,
  };
  const y = { field: "row", ...yScale };
  const color = {
    field: "tone",
    type: "nominal" as const,
    scale: { domain: Object.keys(TONES), range: Object.values(TONES) },
    legend: null,
  };
  const lifelines = [
    { x: 0, name: "client", top: -0.7, bottom: rows.length },
    { x: 1, name: "server", top: -0.7, bottom: rows.length },
  ];
  return {
    description: `Sequence diagram: the client's lifeline on the left, the server's on the right, one arrow per frame from top to bottom (${rows.length} rows), each labelled with what the client decided.`,
    title: {
      text: title,
      subtitle: [
        `${trace.entries.length} entries${trace.omitted > 0 ? `, ${trace.omitted} left out` : ""}; time is since each operation began`,
      ],
    },
    width,
    height,
    layer: [
      {
        data: { values: lifelines },
        mark: { type: "rule", color: "#999", strokeDash: [4, 3] },
        encoding: { x: { field: "x", ...x }, y: { field: "top", ...yScale }, y2: { field: "bottom" } },
      },
      {
        data: { values: lifelines },
        mark: { type: "text", fontSize: 13, fontWeight: "bold", dy: -4 },
        encoding: { x: { field: "x", ...x }, y: { field: "top", ...yScale }, text: { field: "name" } },
      },
      {
        data: { values: arrows },
        mark: { type: "rule", strokeWidth: 1.6 },
        encoding: { x: { field: "from", ...x }, x2: { field: "to" }, y, color },
      },
      {
        data: { values: arrows },
        mark: { type: "point", filled: true, size: 60, opacity: 1 },
        encoding: { x: { field: "head", ...x }, y, color, shape: { field: "shape", type: "nominal", scale: null } },
      },
      {
        data: { values: arrows },
        mark: { type: "text", fontSize: DIAGRAM_FONT_PX, dy: -7 },
        encoding: { x: { datum: 0.5, ...x }, y, text: { field: "label" }, color },
      },
      {
        data: { values: arrows },
        mark: { type: "text", fontSize: DIAGRAM_FONT_PX, dy: 9, color: "#555", font: "DejaVu Sans Mono, monospace" },
        encoding: { x: { datum: 0.5, ...x }, y, text: { field: "preview" } },
      },
      {
        data: { values: locals },
        mark: { type: "point", filled: true, size: 70, opacity: 1, shape: "diamond" },
        encoding: { x: { datum: 0, ...x }, y, color },
      },
      {
        data: { values: locals },
        mark: { type: "text", fontSize: DIAGRAM_FONT_PX, align: "left", dx: 9 },
        encoding: { x: { datum: 0, ...x }, y, text: { field: "label" }, color },
      },
      {
        data: { values: gaps },
        mark: { type: "text", fontSize: DIAGRAM_FONT_PX, fontStyle: "italic", color: "#777" },
        encoding: { x: { datum: 0.5, ...x }, y, text: { field: "label" } },
      },
      {
        data: { values: rows.filter((row) => row.time !== "") },
        mark: { type: "text", fontSize: DIAGRAM_FONT_PX, align: "right", dx: -8, color: "#555" },
        encoding: { x: { datum: 0, ...x }, y, text: { field: "time" } },
      },
    ],
  };
}

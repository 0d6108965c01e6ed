// A wire trace drawn as a sequence diagram for a projector: the client's lifeline on the left, the
// server's on the right, one arrow per frame from top to bottom, labelled with what the client
// decided. Every text is at least DIAGRAM_FONT_PX in an SVG no wider than a notebook cell at a
// 1280 px window, so shown at its size or larger it stays readable from the back of a room; labels
// wrap (an error message is never cut), every text colour is at least 4.5:1 on white, and each
// decision carries its word and a symbol besides its colour. The drawing fills its cell and grows
// with the window and the browser's zoom (`usermeta.fillWidth`, applied by chartBundle).
// A pure function from the trace to a vega-lite spec; renderSvg turns it into the same SVG every time.
import type { TopLevelSpec } from "vega-lite";
import type { TraceEntry, TraceSnapshot } from "../client/wire-trace.js";
import { CHART_CONFIG, VEGA_LITE_SCHEMA } from "./chart-style.js";
import { dejaVuWidth } from "./text-metrics.js";

/** Entries drawn at most; a longer trace keeps its first and last entries and says how many are not drawn. */
export const DIAGRAM_MAX_ROWS = 48;
/** Every text of a diagram is at least this size in SVG units. */
export const DIAGRAM_FONT_PX = 15;
/**
 * The widest a diagram's SVG is drawn (plot plus padding), in SVG units: no wider than a classic
 * Notebook cell at a 1280 px window (about 990 px), so it is shown at its size or larger.
 */
export const DIAGRAM_MAX_WIDTH = 920;
/** Side by side only while each diagram keeps at least this plot width; below it they are stacked. */
const MIN_SIDE_WIDTH = 400;
const PADDING = 10;
const LINE = 19;
const MONO_EM = 0.602;
/** Lines of a frame's bytes shown under a refused frame; the rest is counted, never cut mid-line silently. */
const PREVIEW_LINES = 2;
const TIME_WIDTH = 88;

/** An entry as drawn: a run of the same held bytes is one entry whose decision counts them. */
type Drawn = Omit<TraceEntry, "decision"> & { readonly decision: string };

type Tone = "sent" | "accepted" | "refused" | "skipped" | "signal";

/** Each tone's colour, all at least 4.5:1 on white (test/charts/sequence-diagram.test.ts computes it). */
export const DIAGRAM_TONES: Readonly<Record<Tone, string>> = {
  sent: "#245a94",
  accepted: "#1b6e20",
  refused: "#b71c1c",
  skipped: "#595959",
  signal: "#9a4a00",
};
/** The second cue beside a colour: a decision that accepts or refuses starts with its symbol. */
export const DIAGRAM_SYMBOLS: Readonly<Partial<Record<Tone, string>>> = { accepted: "✓", refused: "✗" };
const INK = "#222222";
const QUIET = "#595959";

function toneOf(entry: Pick<Drawn, "decision">): Tone {
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

/**
 * `text` as lines at most `px` wide (measured by `width`): broken between words, and a word wider
 * than a line broken inside it. Nothing is dropped: the lines joined give the words back.
 */
export function wrapToWidth(text: string, px: number, width: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    const joined = line === "" ? word : `${line} ${word}`;
    if (width(joined) <= px) {
      line = joined;
      continue;
    }
    if (line !== "") lines.push(line);
    line = "";
    let rest = [...word];
    while (rest.length > 0 && width(rest.join("")) > px) {
      let take = 1;
      while (take < rest.length && width(rest.slice(0, take + 1).join("")) <= px) take += 1;
      lines.push(rest.slice(0, take).join(""));
      rest = rest.slice(take);
    }
    line = rest.join("");
  }
  if (line !== "") lines.push(line);
  return lines;
}

const sans = (text: string) => dejaVuWidth(text, DIAGRAM_FONT_PX);
const mono = (text: string) => [...text].length * MONO_EM * DIAGRAM_FONT_PX;

/** What the client decided about one entry, as its words: the decision, the size, and why. */
function labelOf(entry: Drawn): string {
  const local = entry.direction === "local";
  const bytes = entry.bytes > 0 ? ` · ${entry.bytes} B` : "";
  const why =
    entry.detail !== "" && (local || /^(refused|signal|exited|held|skipped)/.test(entry.decision))
      ? `: ${entry.detail}`
      : "";
  const symbol = DIAGRAM_SYMBOLS[toneOf(entry)];
  return `${symbol === undefined ? "" : `${symbol} `}${entry.decision}${bytes}${why}`;
}

/** A frame's bytes on at most PREVIEW_LINES lines, the rest counted: "[+40 more characters]". */
function previewLines(preview: string, px: number): string[] {
  const lines = wrapToWidth(preview.replace(/\s+/g, " "), px, mono);
  if (lines.length <= PREVIEW_LINES) return lines;
  const kept = lines.slice(0, PREVIEW_LINES);
  const more = [...preview].length - kept.join("").length;
  return [...kept, `[+${more} more characters of this frame]`];
}

interface Text {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly fill: string;
  readonly tone?: Tone;
}
interface Arrow {
  readonly from: number;
  readonly to: number;
  readonly y: number;
  readonly head: number;
  readonly shape: string;
  readonly fill: string;
}

/** The drawing's pieces in SVG units (y down), laid out row by row so a wrapped label pushes the rest down. */
interface Layout {
  readonly labels: Text[];
  readonly times: Text[];
  readonly operations: Text[];
  readonly previews: Text[];
  readonly gaps: Text[];
  readonly arrows: Arrow[];
  readonly locals: Arrow[];
  readonly clientX: number;
  readonly serverX: number;
  readonly height: number;
}

/** How a diagram is drawn: its plot width, and whether the uneventful opening folds into one line. */
export interface DiagramOptions {
  /** The plot's width in SVG units (default: the widest, DIAGRAM_MAX_WIDTH less the padding). */
  readonly width?: number;
  /**
   * Fold the operations before tools/call into one line while every frame in them was sent or
   * accepted (the handshake and the listing when they went well): the diagram fits one screen
   * beside its table, and the full trace is one click away.
   */
  readonly foldOpening?: boolean;
}

/** A frame nothing went wrong with: sent, accepted, or skipped as it should be (a notification). */
const uneventful = (entry: TraceEntry): boolean => ["sent", "accepted", "skipped"].includes(toneOf(entry));

/**
 * The operations before tools/call, as one note while none of their frames was refused; a close
 * that only ended the input and saw the server exit, as one note too; the rest as they are.
 */
function foldOpening(entries: readonly TraceEntry[]): Array<Drawn | string> {
  let end = 0;
  while (end < entries.length && entries[end]!.operation !== "tools/call" && uneventful(entries[end]!)) end += 1;
  // Fold whole operations only: back off to where the last folded operation began if it is cut.
  while (end > 0 && end < entries.length && entries[end]!.operation === entries[end - 1]!.operation) end -= 1;
  const opening = end < 2 ? [] : [...new Set(entries.slice(0, end).map((entry) => entry.operation))];
  const rest: Array<Drawn | string> = [...entries.slice(opening.length === 0 ? 0 : end)];
  const close = rest.filter((entry) => typeof entry !== "string" && entry.operation === "close") as Drawn[];
  const quietClose =
    close.length === 2 &&
    close[0]!.decision === "input ended" &&
    close[1]!.decision === "exited" &&
    rest.at(-1) === close[1];
  if (quietClose)
    rest.splice(rest.length - 2, 2, `close: input ended, then ${close[1]!.detail} (+${close[1]!.atMs.toFixed(1)} ms)`);
  return [
    ...(opening.length === 0
      ? []
      : [`${opening.join(", ")}: ${end} frames, none refused (every frame is in the full trace)`]),
    ...rest,
  ];
}

/** Runs of the same held or skipped decision (a trickle's bytes) as one entry, its times listed. */
function mergeRuns(shown: ReadonlyArray<Drawn | string>): Array<Drawn | string> {
  const out: Array<Drawn | string> = [];
  for (const entry of shown) {
    const last = out.at(-1);
    if (
      typeof entry !== "string" &&
      typeof last !== "string" &&
      last !== undefined &&
      toneOf(entry) === "skipped" &&
      last.operation === entry.operation &&
      last.direction === entry.direction &&
      last.decision.startsWith(entry.decision)
    ) {
      const times = (last as Drawn & { times?: number[] }).times ?? [last.atMs];
      out[out.length - 1] = { ...last, times: [...times, entry.atMs], bytes: last.bytes + entry.bytes } as Drawn;
      continue;
    }
    out.push(entry);
  }
  return out.map((entry) => {
    const times = typeof entry === "string" ? undefined : (entry as Drawn & { times?: number[] }).times;
    if (typeof entry === "string" || times === undefined) return entry;
    return {
      ...entry,
      decision: `${entry.decision}, ${times.length} times`,
      detail: `at ${times.map((ms) => `+${ms.toFixed(1)}`).join(", ")} ms`,
    };
  });
}

/** The entries to draw, with a note where the trace left some out or where too many are not drawn. */
function shownEntries(trace: TraceSnapshot, options: DiagramOptions): Array<Drawn | string> {
  if (options.foldOpening === true && trace.omitted === 0 && trace.entries.length <= DIAGRAM_MAX_ROWS)
    return mergeRuns(foldOpening(trace.entries));
  let shown: Array<Drawn | string> = [...trace.entries];
  if (shown.length + (trace.omitted > 0 ? 1 : 0) > DIAGRAM_MAX_ROWS) {
    const head = Math.floor((DIAGRAM_MAX_ROWS - 1) / 2);
    const tail = DIAGRAM_MAX_ROWS - 1 - head;
    const hidden = trace.entries.length - head - tail + trace.omitted;
    shown = [...trace.entries.slice(0, head), `(${hidden} entries not drawn here)`, ...trace.entries.slice(-tail)];
  } else if (trace.omitted > 0) {
    shown.splice(trace.omittedAt, 0, `(${trace.omitted} entries left out here)`);
  }
  return shown;
}

function layout(trace: TraceSnapshot, width: number, options: DiagramOptions): Layout {
  const clientX = TIME_WIDTH + 18;
  const serverX = width - 16;
  const labelX = clientX + 14;
  const room = serverX - labelX - 12;
  const out: Layout = {
    labels: [],
    times: [],
    operations: [],
    previews: [],
    gaps: [],
    arrows: [],
    locals: [],
    clientX,
    serverX,
    height: 0,
  };
  let y = 34; // below the lifelines' names
  let operation = "";
  for (const entry of shownEntries(trace, options)) {
    if (typeof entry === "string") {
      for (const line of wrapToWidth(entry, serverX - clientX, sans)) {
        out.gaps.push({ x: (clientX + serverX) / 2, y: y + 15, text: line, fill: QUIET });
        y += LINE;
      }
      y += 8;
      continue;
    }
    if (entry.operation !== operation) {
      operation = entry.operation;
      y += 6;
      out.operations.push({ x: 0, y: y + 15, text: operation, fill: INK });
      y += LINE + 2;
    }
    const tone = toneOf(entry);
    const fill = DIAGRAM_TONES[tone];
    const time = `+${entry.atMs.toFixed(1)} ms`;
    if (entry.direction === "local") {
      const lines = wrapToWidth(labelOf(entry), room, sans);
      out.locals.push({ from: clientX, to: clientX, y: y + 10, head: clientX, shape: "diamond", fill });
      out.times.push({ x: TIME_WIDTH, y: y + 15, text: time, fill: QUIET });
      lines.forEach((line, i) => out.labels.push({ x: labelX, y: y + 15 + i * LINE, text: line, fill, tone }));
      y += lines.length * LINE + 8;
      continue;
    }
    const lines = wrapToWidth(labelOf(entry), room, sans);
    lines.forEach((line, i) => out.labels.push({ x: labelX, y: y + 15 + i * LINE, text: line, fill, tone }));
    y += lines.length * LINE + 7;
    const outgoing = entry.direction === "out";
    out.arrows.push({
      from: clientX,
      to: serverX,
      y,
      head: outgoing ? serverX : clientX,
      shape: outgoing ? "triangle-right" : "triangle-left",
      fill,
    });
    out.times.push({ x: TIME_WIDTH, y: y + 5, text: time, fill: QUIET });
    y += 8;
    if (entry.decision === "refused" && entry.preview !== "") {
      for (const line of previewLines(entry.preview, room)) {
        out.previews.push({ x: labelX, y: y + 15, text: line, fill: QUIET });
        y += LINE;
      }
    }
    y += 6;
  }
  return { ...out, height: y + 10 };
}

/**
 * The sequence diagram of `trace` as a vega-lite spec. Pure: the same trace gives the same spec,
 * the trace is not touched, and two different traces give two different drawings.
 */
export function traceDiagramSpec(
  trace: TraceSnapshot,
  title = "The wire, frame by frame",
  options: DiagramOptions = {},
): TopLevelSpec {
  const width = Math.min(options.width ?? DIAGRAM_MAX_WIDTH - 2 * PADDING, DIAGRAM_MAX_WIDTH - 2 * PADDING);
  return {
    $schema: VEGA_LITE_SCHEMA,
    config: DIAGRAM_CONFIG,
    usermeta: { fillWidth: true },
    ...diagram(trace, title, Math.max(width, MIN_SIDE_WIDTH), options),
  } as TopLevelSpec;
}

/**
 * Several traces' diagrams (hang beside trickle, say), each with its own title: side by side while
 * each keeps a readable width within DIAGRAM_MAX_WIDTH, stacked otherwise.
 */
export function traceDiagramsSideBySide(
  traces: ReadonlyArray<{ readonly trace: TraceSnapshot; readonly title: string }>,
): TopLevelSpec {
  const spacing = 20;
  const count = Math.max(traces.length, 1);
  const sideWidth = Math.floor((DIAGRAM_MAX_WIDTH - 2 * PADDING - spacing * (count - 1)) / count);
  const side = sideWidth >= MIN_SIDE_WIDTH;
  const parts = traces.map(({ trace, title }) =>
    diagram(trace, title, side ? sideWidth : DIAGRAM_MAX_WIDTH - 2 * PADDING, {}),
  );
  return {
    $schema: VEGA_LITE_SCHEMA,
    config: DIAGRAM_CONFIG,
    usermeta: { fillWidth: true },
    spacing,
    ...(side ? { hconcat: parts } : { vconcat: parts }),
  } as TopLevelSpec;
}

/** The charts' look, with every text at the diagram's size at least and in colours that pass AA. */
const DIAGRAM_CONFIG = {
  ...CHART_CONFIG,
  padding: PADDING,
  title: {
    ...CHART_CONFIG.title,
    fontSize: DIAGRAM_FONT_PX + 2,
    subtitleFontSize: DIAGRAM_FONT_PX,
    subtitleColor: QUIET,
    color: INK,
  },
  text: { fontSize: DIAGRAM_FONT_PX },
};

function diagram(trace: TraceSnapshot, title: string, width: number, options: DiagramOptions) {
  const drawn = layout(trace, width, options);
  const { height, clientX, serverX } = drawn;
  const x = { type: "quantitative" as const, scale: { domain: [0, width], nice: false, zero: false }, axis: null };
  const y = {
    type: "quantitative" as const,
    scale: { domain: [0, height], reverse: true, nice: false, zero: false },
    axis: null,
  };
  const fill = { field: "fill", type: "nominal" as const, scale: null, legend: null };
  const texts = (values: readonly Text[], mark: Record<string, unknown>) => ({
    data: { values },
    mark: { type: "text", fontSize: DIAGRAM_FONT_PX, baseline: "alphabetic", ...mark },
    encoding: { x: { field: "x", ...x }, y: { field: "y", ...y }, text: { field: "text" }, color: fill },
  });
  const lifelines = [
    { x: clientX, name: "client", top: 28, bottom: height },
    { x: serverX, name: "server", top: 28, bottom: height },
  ];
  const legend = Object.entries(DIAGRAM_SYMBOLS)
    .map(([tone, symbol]) => `${symbol} ${tone}`)
    .join(", ");
  return {
    description: `Sequence diagram: the client's lifeline on the left, the server's on the right, one arrow per frame from top to bottom (${trace.entries.length} entries), each labelled with what the client decided.`,
    title: {
      // Wrapped to the plot's width: a title wider than its plot would widen the SVG past its cell.
      text: wrapToWidth(title, width, (line) => dejaVuWidth(line, DIAGRAM_FONT_PX + 2, true)),
      subtitle: wrapToWidth(
        `${trace.entries.length} entries${trace.omitted > 0 ? `, ${trace.omitted} left out` : ""}; time since each operation began; ${legend}`,
        width,
        sans,
      ),
    },
    width,
    height,
    layer: [
      {
        data: { values: lifelines },
        mark: { type: "rule", color: "#8a8a8a", strokeDash: [4, 3] },
        encoding: { x: { field: "x", ...x }, y: { field: "top", ...y }, y2: { field: "bottom" } },
      },
      {
        data: { values: lifelines.map((line) => ({ ...line, y: 18, text: line.name, fill: INK })) },
        mark: { type: "text", fontSize: DIAGRAM_FONT_PX + 1, fontWeight: "bold", align: "center" },
        encoding: { x: { field: "x", ...x }, y: { field: "y", ...y }, text: { field: "text" }, color: fill },
      },
      {
        data: { values: drawn.arrows },
        mark: { type: "rule", strokeWidth: 2 },
        encoding: { x: { field: "from", ...x }, x2: { field: "to" }, y: { field: "y", ...y }, color: fill },
      },
      {
        data: { values: [...drawn.arrows, ...drawn.locals] },
        mark: { type: "point", filled: true, size: 90, opacity: 1 },
        encoding: {
          x: { field: "head", ...x },
          y: { field: "y", ...y },
          color: fill,
          shape: { field: "shape", type: "nominal", scale: null },
        },
      },
      texts(drawn.operations, { align: "left", fontWeight: "bold" }),
      texts(drawn.labels, { align: "left" }),
      texts(drawn.times, { align: "right" }),
      texts(drawn.previews, { align: "left", font: "DejaVu Sans Mono, monospace" }),
      texts(drawn.gaps, { align: "center", fontStyle: "italic" }),
    ],
  };
}

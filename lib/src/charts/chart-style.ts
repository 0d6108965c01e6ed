// Look and wording shared by the four charts. Fixed sizes and fonts keep the rendered SVG the same
// on every machine (vega estimates text width from the font size when no canvas is installed).
import type { TopLevelSpec } from "vega-lite";
import { UsageError } from "../errors/usage-error.js";
import type { ChartText } from "./series.js";
import { wrapLine } from "../text/wrap.js";

export const VEGA_LITE_SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json";

export const CHART_WIDTH = 420;
export const CHART_HEIGHT = 260;

/** Fonts that ship with most Linux distributions first, then the usual fallbacks. */
export const CHART_FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

export const CHART_CONFIG = {
  font: CHART_FONT,
  background: "white",
  padding: 10,
  title: { anchor: "start", fontSize: 14, subtitleFontSize: 11, subtitleColor: "#555", offset: 12 },
  axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: "#e6e6e6" },
  // Legends say what a series is, in words: room for a label such as "BM25 top-1 baseline, qwen2.5 native prompt size".
  legend: { labelFontSize: 11, titleFontSize: 11, orient: "right", labelLimit: 320 },
  view: { stroke: null },
} as const satisfies NonNullable<TopLevelSpec["config"]>;

/** Protocols in drawing order: native solid with circles, choice dashed with triangles, choice-none dotted with squares. */
export const PROTOCOLS = ["native", "choice", "choice-none"] as const;
const PROTOCOL_DASH = [
  [1, 0],
  [6, 3],
  [2, 2],
];
const PROTOCOL_SHAPE = ["circle", "triangle-up", "square"];

/** The protocol as a dash (lines) and a shape (points), never a second colour; a legend only when both are drawn. */
export function protocolEncodings(protocols: readonly string[]) {
  const known: readonly string[] = PROTOCOLS;
  const drawn = [...new Set(protocols)].sort((a, b) => known.indexOf(a) - known.indexOf(b));
  const style = (i: number) => Math.max(0, known.indexOf(drawn[i]!));
  // Below the plot: the right margin holds the names at the lines' ends.
  const legend =
    drawn.length > 1 ? { title: "protocol", orient: "bottom" as const, direction: "horizontal" as const } : null;
  const base = { field: "protocol", type: "nominal" as const };
  return {
    strokeDash: { ...base, scale: { domain: drawn, range: drawn.map((_, i) => PROTOCOL_DASH[style(i)]!) }, legend },
    shape: { ...base, scale: { domain: drawn, range: drawn.map((_, i) => PROTOCOL_SHAPE[style(i)]!) }, legend },
  };
}

/** The name a series is printed with: the model, and the protocol when it is not the model's own. */
export function seriesName(label: string, protocol: string): string {
  return protocol === "native" ? label : `${label}, ${protocol}`;
}

/**
 * Label positions that keep at least `gap` apart (in data units), each as near its own value as it
 * can be: labels at a line's end name the series, so colour is never the only way to tell them apart.
 */
export function spreadLabels(values: readonly number[], gap: number): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const placed = order.map((item) => item.value);
  for (let i = 1; i < placed.length; i++) placed[i] = Math.max(placed[i]!, placed[i - 1]! + gap);
  // Centre the pushed group back over the values it stands for.
  const shift = (placed.reduce((a, b) => a + b, 0) - order.reduce((a, b) => a + b.value, 0)) / placed.length;
  const result: number[] = new Array<number>(values.length);
  order.forEach((item, i) => (result[item.index] = placed[i]! - shift));
  return result;
}

/** The smallest round step (1, 1.5, 2, ... 8 times a power of ten) at or above `value` (the top of an axis from zero). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((step) => step * power).find((top) => top >= value * (1 - 1e-12))!;
}

/** What every chart shares: schema, title block, size, look, and its data, inline. */
export function chartFrame<T extends object>(title: { text: string | string[]; subtitle: string[] }, values: T[]) {
  return {
    $schema: VEGA_LITE_SCHEMA,
    title,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    config: CHART_CONFIG,
    data: { values },
  } as const;
}

/** A share with its Wilson interval: a vertical rule from low to high, and a point at the share. */
export function shareWithIntervalLayers(shape?: ReturnType<typeof protocolEncodings>["shape"]) {
  return [
    {
      mark: { type: "rule" as const, strokeWidth: 1.5 },
      encoding: {
        y: {
          field: "low",
          type: "quantitative" as const,
          title: "Share of requests routed right (0 to 1)",
          scale: { domain: [0, 1] },
        },
        y2: { field: "high" },
      },
    },
    {
      mark: { type: "point" as const, filled: true, size: 50, opacity: 1 },
      encoding: { y: { field: "share", type: "quantitative" as const }, ...(shape === undefined ? {} : { shape }) },
    },
  ];
}

/** The title block: the chart's title, then where its numbers come from, then an optional note. */
export function chartTitle(text: ChartText, defaultTitle: string): { text: string | string[]; subtitle: string[] } {
  if (typeof text.source !== "string" || text.source.trim() === "") {
    throw new UsageError("chart-input", {
      what: "a chart needs a source label",
      expected: '"published: ..." or "receipt: ..."',
      received: JSON.stringify(text.source) ?? "nothing",
    });
  }
  const subtitle = [text.source];
  if (text.note !== undefined && text.note.trim() !== "") subtitle.push(...wrapLine(text.note, SUBTITLE_LINE_CHARS));
  // A long title is wrapped rather than widening the chart past a notebook cell.
  const lines = wrapLine(text.title ?? defaultTitle, TITLE_LINE_CHARS);
  return { text: lines.length === 1 ? lines[0]! : lines, subtitle };
}

/** Title lines longer than this are wrapped (14 px bold: about 560 px). */
export const TITLE_LINE_CHARS = 64;

/** Subtitle lines longer than this are wrapped: vega sizes the chart to fit its longest title line. */
export const SUBTITLE_LINE_CHARS = 80;

export function checkLabel(label: unknown, what: string): string {
  if (typeof label !== "string" || label.trim() === "") {
    throw new UsageError("chart-input", {
      what: `${what}: invalid label`,
      expected: "a non-empty label",
      received: JSON.stringify(label) ?? "nothing",
    });
  }
  return label;
}

export function checkCount(k: unknown, n: unknown, what: string): void {
  if (!Number.isInteger(n) || (n as number) <= 0) {
    throw new UsageError("chart-input", {
      what: `${what}: invalid n`,
      expected: "a whole number > 0",
      received: String(n),
    });
  }
  if (!Number.isInteger(k) || (k as number) < 0 || (k as number) > (n as number)) {
    throw new UsageError("chart-input", {
      what: `${what}: invalid count`,
      expected: `a whole count from 0 to n = ${String(n)}`,
      received: String(k),
    });
  }
}

export function checkFinite(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new UsageError("chart-input", {
      what: `${what}: invalid number`,
      expected: "a finite number",
      received: String(value),
    });
  }
  return value;
}

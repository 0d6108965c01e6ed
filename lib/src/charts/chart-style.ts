// Look and wording shared by the four charts. Fixed sizes and fonts keep the rendered SVG the same
// on every machine (vega estimates text width from the font size when no canvas is installed).
import type { TopLevelSpec } from "vega-lite";
import { UsageError } from "../errors/usage-error.js";
import type { ChartText } from "./series.js";

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

/** Tableau 10, vega's default: each series takes one of these by its key, the same in every chart. */
export const SERIES_PALETTE = [
  "#4c78a8",
  "#f58518",
  "#e45756",
  "#72b7b2",
  "#54a24b",
  "#eeca3b",
  "#b279a2",
  "#ff9da6",
  "#9d755d",
  "#bab0ac",
] as const;

/** A series' colour from its key (a model and protocol, or a label): the same key, the same colour, in every chart. */
export function seriesColor(key: string): string {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  return SERIES_PALETTE[hash % SERIES_PALETTE.length]!;
}

/** A colour scale whose domain is the series labels and whose range is each series' own colour. */
export function seriesColorScale(series: readonly { label: string; color?: string }[]): {
  domain: string[];
  range: string[];
} {
  return { domain: series.map((s) => s.label), range: series.map((s) => s.color ?? seriesColor(s.label)) };
}

/** What every chart shares: schema, title block, size, look, and its data, inline. */
export function chartFrame<T extends object>(title: { text: string; subtitle: string[] }, values: T[]) {
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
export function shareWithIntervalLayers() {
  return [
    {
      mark: { type: "rule" as const, strokeWidth: 1.5 },
      encoding: {
        y: {
          field: "low",
          type: "quantitative" as const,
          title: "Share of requests routed right",
          scale: { domain: [0, 1] },
        },
        y2: { field: "high" },
      },
    },
    {
      mark: { type: "point" as const, filled: true, size: 45, opacity: 1 },
      encoding: { y: { field: "share", type: "quantitative" as const } },
    },
  ];
}

/** The title block: the chart's title, then where its numbers come from, then an optional note. */
export function chartTitle(text: ChartText, defaultTitle: string): { text: string; subtitle: string[] } {
  if (typeof text.source !== "string" || text.source.trim() === "") {
    throw new UsageError("chart-input", {
      what: "a chart needs a source label",
      expected: '"published: ..." or "receipt: ..."',
      received: JSON.stringify(text.source) ?? "nothing",
    });
  }
  const subtitle = [text.source];
  if (text.note !== undefined && text.note.trim() !== "") subtitle.push(...wrapLine(text.note, SUBTITLE_LINE_CHARS));
  return { text: text.title ?? defaultTitle, subtitle };
}

/** Subtitle lines longer than this are wrapped: vega sizes the chart to fit its longest title line. */
export const SUBTITLE_LINE_CHARS = 80;

/** Word-wrapped lines of at most `width` characters (a longer word keeps its own line). */
export function wrapLine(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.trim().split(/\s+/)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

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

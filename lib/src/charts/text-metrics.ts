// Text widths for laying out charts without a canvas. Vega's own fallback guesses 0.8 em for every
// character, which makes titles look twice as wide as they are and leaves a broad empty margin. These
// are the advance widths of DejaVu Sans (the first font in CHART_FONT), in em, for printable ASCII;
// other characters count as 0.62 em. A fixed table keeps the SVG identical on every machine.
import * as vega from "vega";

const ASCII = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
// prettier-ignore
const REGULAR = [0.318, 0.401, 0.46, 0.838, 0.636, 0.95, 0.78, 0.275, 0.39, 0.39, 0.5, 0.838, 0.318, 0.361, 0.318, 0.337, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531, 1.0, 0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787, 0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.39, 0.337, 0.39, 0.838, 0.5, 0.5, 0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838];
// prettier-ignore
const BOLD = [0.348, 0.456, 0.521, 0.838, 0.696, 1.002, 0.872, 0.306, 0.457, 0.457, 0.523, 0.838, 0.38, 0.415, 0.38, 0.365, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.4, 0.4, 0.838, 0.838, 0.838, 0.58, 1.0, 0.774, 0.762, 0.734, 0.83, 0.683, 0.683, 0.821, 0.837, 0.372, 0.372, 0.775, 0.637, 0.995, 0.837, 0.85, 0.733, 0.85, 0.77, 0.72, 0.682, 0.812, 0.774, 1.103, 0.771, 0.724, 0.725, 0.457, 0.365, 0.457, 0.838, 0.5, 0.5, 0.675, 0.716, 0.593, 0.716, 0.678, 0.435, 0.716, 0.712, 0.343, 0.343, 0.665, 0.343, 1.042, 0.712, 0.687, 0.716, 0.716, 0.493, 0.595, 0.478, 0.712, 0.652, 0.924, 0.645, 0.652, 0.582, 0.712, 0.365, 0.712, 0.838];
const OTHER_EM = 0.62;

function table(widths: readonly number[]): Map<string, number> {
  return new Map([...ASCII].map((ch, i) => [ch, widths[i]!]));
}
const REGULAR_EM = table(REGULAR);
const BOLD_EM = table(BOLD);

/** Width in pixels of one line of text in DejaVu Sans at `fontSize`. */
export function dejaVuWidth(text: string, fontSize: number, bold = false): number {
  const em = bold ? BOLD_EM : REGULAR_EM;
  let sum = 0;
  for (const ch of text) sum += em.get(ch) ?? OTHER_EM;
  return sum * fontSize;
}

interface TextItem {
  text?: unknown;
  fontSize?: unknown;
  fontWeight?: unknown;
  limit?: unknown;
}

function isBold(weight: unknown): boolean {
  return weight === "bold" || weight === "bolder" || (typeof weight === "number" && weight >= 600);
}

/** vega's textMetrics.width signature: (item, text?) → pixels; multi-line text is its longest line. */
function itemWidth(item: TextItem, text?: unknown): number {
  const value = text ?? item.text;
  const lines = Array.isArray(value) ? value.map(String) : value == null ? [] : [String(value)];
  const size = typeof item.fontSize === "number" ? item.fontSize : 11;
  const bold = isBold(item.fontWeight);
  return Math.ceil(Math.max(0, ...lines.map((line) => dejaVuWidth(line, size, bold))));
}

/**
 * Runs `work` with vega measuring text by the table above (unless a canvas package is measuring
 * real text), then puts vega's own measure back.
 */
export async function withChartTextMetrics<T>(work: () => Promise<T>): Promise<T> {
  // textMetrics is exported by vega's runtime but missing from its type declarations.
  const metrics = (vega as unknown as { textMetrics?: { width: unknown; measureWidth: unknown } }).textMetrics;
  if (metrics === undefined || metrics.width === metrics.measureWidth) return work();
  const previous = metrics.width;
  metrics.width = itemWidth;
  try {
    return await work();
  } finally {
    metrics.width = previous;
  }
}

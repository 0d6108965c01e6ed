// The one table of models the charts know: each model's label and colour, the same in every chart.
// A model is matched by any of the names the chapter, the published figures and the receipts give it
// ("Sonnet", "Claude Sonnet 5.5", "claude-sonnet-5-5"), so one model has one name on every chart.
// Colours are assigned here and nowhere else: never from a hash of a label, which gives two models
// the same colour as soon as their hashes meet.
import { UsageError } from "../errors/usage-error.js";

/**
 * Okabe and Ito's palette, told apart under the common colour-vision deficiencies; the yellow, weak
 * on white, is last. A series the table does not know takes the first of these its chart leaves free.
 */
export const CHART_PALETTE = [
  "#0072B2",
  "#E69F00",
  "#009E73",
  "#CC79A7",
  "#D55E00",
  "#56B4E9",
  "#000000",
  "#F0E442",
] as const;

export interface ChartModel {
  /** The name every chart prints. */
  readonly label: string;
  readonly color: string;
  /** False for a router that stands in for a model (the BM25 baseline): axes say so. */
  readonly languageModel: boolean;
  /** Other names for it, compared after normalising (case, ":", "-", "_" and spaces). */
  readonly names: readonly string[];
}

/** In the chapter's order; each model keeps its colour wherever it is drawn. */
export const CHART_MODELS: readonly ChartModel[] = [
  {
    label: "Sonnet 5.5",
    color: CHART_PALETTE[0],
    languageModel: true,
    names: ["Sonnet", "Claude Sonnet 5.5", "claude-sonnet-5-5"],
  },
  {
    label: "Haiku 4.5",
    color: CHART_PALETTE[1],
    languageModel: true,
    names: ["Haiku", "Claude Haiku 4.5", "claude-haiku-4-5"],
  },
  {
    label: "qwen2.5 1.5b",
    color: CHART_PALETTE[2],
    languageModel: true,
    names: ["qwen 1.5b", "qwen2.5:1.5b"],
  },
  { label: "qwen2.5 0.5b", color: CHART_PALETTE[3], languageModel: true, names: ["qwen 0.5b", "qwen2.5:0.5b"] },
  { label: "qwen3 0.6b", color: CHART_PALETTE[4], languageModel: true, names: ["qwen3:0.6b"] },
  // The chapter's token figure counts qwen2.5's prompt, which is the same for every size (one tokenizer).
  { label: "qwen2.5 (every size)", color: CHART_PALETTE[5], languageModel: true, names: ["qwen", "qwen2.5"] },
  {
    label: "BM25 top-1 baseline",
    color: CHART_PALETTE[6],
    languageModel: false,
    names: ["bm25-top1", "BM25 top-1", "lexical"],
  },
];

const normal = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s:_-]+/g, " ");

/** The table's entry for a model name, or undefined for a model the table does not know. */
export function chartModel(name: string): ChartModel | undefined {
  const wanted = normal(name);
  return CHART_MODELS.find((model) => normal(model.label) === wanted || model.names.some((n) => normal(n) === wanted));
}

/**
 * The label a chart prints for a model: the table's, or for a model it does not know the name as
 * given, an Ollama tag ("qwen2.5:7b") read as the table reads its own ("qwen2.5 7b").
 */
export function modelLabel(name: string): string {
  return chartModel(name)?.label ?? name.replace(/^([^:\s]+):(\S+)$/u, "$1 $2");
}

/**
 * One colour for each label of one chart: the table's for a model it knows, else the first palette
 * colour no other label of this chart holds. Two labels never share a colour; a chart with more
 * models than the palette has colours is refused rather than drawn ambiguous.
 */
export function modelColors(labels: readonly string[]): Map<string, string> {
  const distinct = [...new Set(labels)];
  const colors = new Map<string, string>();
  for (const label of distinct) {
    const known = chartModel(label)?.color;
    if (known !== undefined) colors.set(label, known);
  }
  for (const label of distinct) {
    if (colors.has(label)) continue;
    const taken = new Set(colors.values());
    const free = CHART_PALETTE.find((color) => !taken.has(color));
    if (free === undefined) {
      throw new UsageError("chart-input", {
        what: "a chart has more models than colours that can be told apart",
        expected: `at most ${CHART_PALETTE.length} models in one chart`,
        received: `${distinct.length}: ${distinct.join(", ")}`,
      });
    }
    colors.set(label, free);
  }
  return colors;
}

/** A vega-lite colour scale: each label with its colour, in the order given. */
export function modelColorScale(labels: readonly string[]): { domain: string[]; range: string[] } {
  const colors = modelColors(labels);
  const domain = [...colors.keys()];
  return { domain, range: domain.map((label) => colors.get(label)!) };
}

// No two series of a chart share a colour: the rule, checked over generated sets of labels for
// every chart builder, over the committed charts, and over the charts the notebooks draw. The
// checker is itself tested on the palette this replaced (a hash of the label), which drew Sonnet
// and qwen 1.5b in the same blue on the chapter's headline chart.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { accuracyByModelChart } from "../../lib/src/charts/accuracy-by-model-chart.js";
import { chartsFor } from "../../lib/src/charts/chart-set.js";
import { seriesFromPublished } from "../../lib/src/charts/from-published.js";
import { seriesFromReceipt } from "../../lib/src/charts/from-receipt.js";
import { CHART_MODELS, CHART_PALETTE, chartModel, modelColors } from "../../lib/src/charts/models.js";
import { noCallChart } from "../../lib/src/charts/no-call-chart.js";
import { promptTokensChart } from "../../lib/src/charts/prompt-tokens-chart.js";
import { loadPublishedFigures } from "../../lib/src/experiment/analysis/published.js";
import { routedRightChart } from "../../lib/src/charts/routed-right-chart.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import type { RecoveryReport } from "../../lib/src/exercises/ex1-recovery/analysis.js";
import { loadReceipt } from "../../lib/src/experiment/receipts/receipt-file.js";

const REPO = join(__dirname, "../..");
const PUBLISHED = loadPublishedFigures(join(REPO, "evidence/published/ch14-figures.json"));

/** Every colour scale in a spec (layers and concatenations included): which colour each series gets. */
function colorScales(spec: unknown): { domain: string[]; range: string[] }[] {
  const found: { domain: string[]; range: string[] }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    const color = (node as { color?: { field?: unknown; scale?: { domain?: unknown; range?: unknown } } }).color;
    const scale = color?.scale;
    if (
      typeof color?.field === "string" &&
      scale !== undefined &&
      Array.isArray(scale.domain) &&
      Array.isArray(scale.range)
    ) {
      found.push({ domain: scale.domain as string[], range: scale.range as string[] });
    }
    Object.values(node).forEach(walk);
  };
  walk(spec);
  return found;
}

/** Pairs of different series drawn in the same colour: empty for a readable chart. */
function sharedColors(spec: unknown): string[] {
  return colorScales(spec).flatMap(({ domain, range }) => {
    const byColor = new Map<string, string[]>();
    domain.forEach((series, i) => {
      const color = String(range[i]).toLowerCase();
      byColor.set(color, [...new Set([...(byColor.get(color) ?? []), series])]);
    });
    return [...byColor]
      .filter(([, series]) => series.length > 1)
      .map(([color, series]) => `${color}: ${series.join(" = ")}`);
  });
}

/** The palette this replaced: a hash of the label into Tableau 10. Kept here as the wrong implementation. */
function hashedColor(key: string): string {
  const tableau = [
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
  ];
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  return tableau[hash % tableau.length]!;
}

const knownName = fc.constantFrom(...CHART_MODELS.flatMap((m) => [m.label, ...m.names]));
const anyName = fc.oneof(
  knownName,
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ""),
);
/** Up to as many models as the palette has colours, each under one or two protocols. */
const lineSets = fc
  .uniqueArray(anyName, {
    minLength: 1,
    maxLength: CHART_PALETTE.length,
    selector: (name) => chartModel(name)?.label ?? name,
  })
  .chain((names) =>
    fc.tuple(
      fc.constant(names),
      fc.array(fc.subarray<"native" | "choice">(["native", "choice"], { minLength: 1 }), {
        minLength: names.length,
        maxLength: names.length,
      }),
    ),
  );

describe("no two series share a colour", () => {
  test("in prompt-tokens, routed-right and no-call charts of any set of models", () => {
    fc.assert(
      fc.property(lineSets, ([names, protocols]) => {
        const points = [8, 64].map((x) => ({ x, k: 3, n: 4, tokens: 100 + x }));
        const series = names.flatMap((label, i) => protocols[i]!.map((protocol) => ({ label, protocol, points })));
        const bars = names.map((label) => ({ label, count: 1, n: 4 }));
        for (const spec of [
          promptTokensChart({ source: "test", series }),
          routedRightChart({ source: "test", series }),
          noCallChart({ source: "test", bars }),
        ]) {
          expect(sharedColors(spec)).toEqual([]);
          // A model the table knows keeps the table's colour, in every chart.
          for (const { domain, range } of colorScales(spec)) {
            domain.forEach((label, i) => {
              const known = chartModel(label);
              if (known !== undefined) expect(range[i]).toBe(known.color);
            });
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  test("in exercise 1's chart, models by size with a point per protocol", () => {
    fc.assert(
      fc.property(lineSets, ([names, protocols]) => {
        const cell = (protocol: "native" | "choice") => ({
          kind: "unrelated" as const,
          size: 64,
          protocol,
          n: 4,
          right: 2,
          share: 0.5,
          low: 0.15,
          high: 0.85,
        });
        const report: RecoveryReport = {
          source: "receipt: test",
          size: 64,
          models: names.map((model, i) => ({
            model,
            parameters: null,
            atSize: protocols[i]!.map(cell),
            bySize: [],
            costs: [],
          })),
        };
        expect(sharedColors(accuracyByModelChart(report))).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  test("more models than colours is refused, not drawn ambiguous", () => {
    const labels = Array.from({ length: CHART_PALETTE.length + 1 }, (_, i) => `model ${i}`);
    expect(() => modelColors(labels)).toThrow(UsageError);
  });

  test("in every committed chart (evidence/charts) and every chart Part A draws", () => {
    const dir = join(REPO, "evidence/charts");
    const committed = readdirSync(dir).filter((file) => file.endsWith(".vl.json"));
    expect(committed.length).toBeGreaterThanOrEqual(8);
    for (const file of committed) {
      expect([file, sharedColors(JSON.parse(readFileSync(join(dir, file), "utf8")))]).toEqual([file, []]);
    }
    const drawn = [
      ...chartsFor(seriesFromPublished(PUBLISHED)).charts,
      ...chartsFor(seriesFromReceipt(loadReceipt(join(REPO, "evidence/receipts/lexical-baseline.json")))).charts,
    ];
    for (const { name, spec } of drawn) expect([name, sharedColors(spec)]).toEqual([name, []]);
  });

  test("the check fails the hashed palette on the chapter's routed-right chart", () => {
    const spec = routedRightChart(seriesFromPublished(PUBLISHED).routedRight);
    expect(sharedColors(spec)).toEqual([]);
    // The old charts coloured each quoted label by its hash: Sonnet and qwen 1.5b both came out #4c78a8.
    const quoted = PUBLISHED.figures.find((f) => f.id === "routed-right-unrelated") as { series: { label: string }[] };
    const labels = quoted.series.map((s) => s.label);
    const hashed = JSON.parse(JSON.stringify(spec)) as {
      encoding: { color: { scale: { domain: string[]; range: string[] } } };
    };
    hashed.encoding.color.scale = { domain: labels, range: labels.map(hashedColor) };
    expect(sharedColors(hashed)).toContain("#4c78a8: Sonnet = qwen 1.5b");
  });
});

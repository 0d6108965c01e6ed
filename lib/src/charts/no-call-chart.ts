// Answers with no tool call, per model: in an agent loop such an answer ends the turn and looks
// like a reply, not like an error.
import type { TopLevelSpec } from "vega-lite";
import { chartFrame, chartTitle, checkCount, checkLabel } from "./chart-style.js";
import { chartModel, modelColorScale } from "./models.js";
import type { NoCallInput } from "./series.js";

export function noCallChart(input: NoCallInput): TopLevelSpec {
  const ns = new Set(input.bars.map((b) => b.n));
  const sameN = ns.size === 1 ? [...ns][0] : undefined;
  const title = chartTitle(
    input,
    sameN === undefined ? "Answers with no tool call" : `Answers with no tool call, of ${sameN}`,
  );
  const values = input.bars.map((b, i) => {
    checkLabel(b.label, `noCallChart: bar ${i}`);
    checkCount(b.count, b.n, `noCallChart: "${b.label}"`);
    return {
      model: b.label,
      count: b.count,
      n: b.n,
      text: sameN === undefined ? `${b.count} of ${b.n}` : String(b.count),
    };
  });
  const models = values.map((v) => v.model);
  // A router standing in for a model (the BM25 baseline) is not called a model on the axis.
  const routers = models.filter((m) => chartModel(m)?.languageModel === false);
  const xTitle =
    routers.length === models.length
      ? "Router (not a language model)"
      : routers.length > 0
        ? "Model or router"
        : "Model";
  const x = { field: "model", type: "nominal", title: xTitle, sort: models, axis: { labelAngle: 0 } } as const;
  // The axis reaches at least a fifth of the answers, so a handful out of hundreds looks like a handful.
  const cut = input.bars.map((b, i) => {
    const c = b.cutShort ?? 0;
    checkCount(b.count + c, b.n, `noCallChart: "${b.label}" with its cut-short replies (bar ${i})`);
    return c;
  });
  const top = Math.max(
    ...input.bars.map((b, i) => b.count + cut[i]!),
    Math.ceil(0.2 * Math.max(...input.bars.map((b) => b.n))),
  );
  const fifth = top > Math.max(...input.bars.map((b, i) => b.count + cut[i]!));
  const y = {
    type: "quantitative" as const,
    title: fifth ? "Answers with no tool call (axis to a fifth of all)" : "Answers with no tool call",
    scale: { domain: [0, top] },
    axis: { tickMinStep: 1, format: "d" },
  };
  const anyCut = cut.some((c) => c > 0);
  const barLayers = anyCut
    ? [
        {
          data: {
            values: input.bars.flatMap((b, i) => [
              {
                model: b.label,
                what: "no tool call (the model answered in words)",
                count: b.count,
                start: 0,
                end: b.count,
              },
              {
                model: b.label,
                what: "cut short or refused by the service",
                count: cut[i]!,
                start: b.count,
                end: b.count + cut[i]!,
              },
            ]),
          },
          mark: { type: "bar" as const, width: { band: 0.7 } },
          encoding: {
            y: { ...y, field: "start" },
            y2: { field: "end" },
            color: {
              field: "what",
              type: "nominal" as const,
              title: null,
              scale: {
                domain: ["no tool call (the model answered in words)", "cut short or refused by the service"],
                range: ["#5f6b7a", "#c7c7c7"],
              },
              legend: { orient: "bottom" as const },
            },
          },
        },
      ]
    : [
        {
          // Each model in its own colour from the model table; the axis names it too.
          mark: { type: "bar" as const, width: { band: 0.7 } },
          encoding: {
            y: { ...y, field: "count" },
            color: { field: "model", type: "nominal" as const, scale: modelColorScale(models), legend: null },
          },
        },
      ];
  return {
    ...chartFrame(title, values),
    description: `Bars: answers with no tool call per ${xTitle.toLowerCase()}, ${values.map((v) => `${v.model} ${v.count} of ${v.n}`).join(", ")}; the axis runs from 0 to ${top}${fifth ? ", a fifth of the answers, so a handful reads as a handful" : ""}.`,
    encoding: { x },
    layer: [
      ...barLayers,
      {
        mark: { type: "text", dy: -7, fontSize: 11 },
        encoding: { y: { field: "count", type: "quantitative" }, text: { field: "text", type: "nominal" } },
      },
    ],
  };
}

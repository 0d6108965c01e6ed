// Answers with no tool call, per model: in an agent loop such an answer ends the turn and looks
// like a reply, not like an error.
import type { TopLevelSpec } from "vega-lite";
import { chartFrame, chartTitle, checkCount, checkLabel } from "./chart-style.js";
import type { NoCallInput } from "./series.js";

export function noCallChart(input: NoCallInput): TopLevelSpec {
  const ns = new Set(input.bars.map((b) => b.n));
  const sameN = ns.size === 1 ? [...ns][0] : undefined;
  const title = chartTitle(input, sameN === undefined ? "Answers with no tool call" : `Answers with no tool call, of ${sameN}`);
  const values = input.bars.map((b, i) => {
    checkLabel(b.label, `noCallChart: bar ${i}`);
    checkCount(b.count, b.n, `noCallChart: "${b.label}"`);
    return { model: b.label, count: b.count, n: b.n, text: sameN === undefined ? `${b.count} of ${b.n}` : String(b.count) };
  });
  const models = values.map((v) => v.model);
  const x = { field: "model", type: "nominal", title: "Model", sort: models, axis: { labelAngle: 0 } } as const;
  return {
    ...chartFrame(title, values),
    encoding: { x },
    layer: [
      {
        mark: { type: "bar", color: "#4c78a8", width: { band: 0.7 } },
        encoding: {
          y: { field: "count", type: "quantitative", title: "Answers with no tool call", axis: { tickMinStep: 1, format: "d" } },
        },
      },
      {
        mark: { type: "text", dy: -7, fontSize: 11 },
        encoding: { y: { field: "count", type: "quantitative" }, text: { field: "text", type: "nominal" } },
      },
    ],
  };
}

// Prompt tokens against tools offered, one line per model and protocol: the cost of every tool's
// text in every request.
import type { TopLevelSpec } from "vega-lite";
import { chartFrame, chartTitle, checkFinite, checkLabel, seriesColorScale } from "./chart-style.js";
import type { PromptTokensInput } from "./series.js";

export function promptTokensChart(input: PromptTokensInput): TopLevelSpec {
  const title = chartTitle(input, "Prompt tokens for one request");
  const labels = input.series.map((s, i) => checkLabel(s.label, `promptTokensChart: series ${i}`));
  const values = input.series.flatMap((s) =>
    s.points.map((p) => ({
      series: s.label,
      tools: checkFinite(p.x, `promptTokensChart: "${s.label}" x`),
      tokens: checkFinite(p.tokens, `promptTokensChart: "${s.label}" tokens at ${p.x}`),
    })),
  );
  const sizes = [...new Set(values.map((v) => v.tools))].sort((a, b) => a - b);
  return {
    ...chartFrame(title, values),
    mark: { type: "line", point: { filled: true, size: 50 }, strokeWidth: 2 },
    encoding: {
      // A linear axis, so a constant cost per tool shows as a straight line.
      x: { field: "tools", type: "quantitative", title: "Tools offered", axis: { values: sizes } },
      y: { field: "tokens", type: "quantitative", title: "Prompt tokens", scale: { zero: true } },
      color: { field: "series", type: "nominal", title: null, scale: seriesColorScale(input.series) },
    },
  };
}

// Prompt tokens against tools offered, one line per model and protocol: the cost of every tool's
// text in every request. A model keeps its colour from the model table and is named at its line's
// end; a protocol is a dash and a point shape.
import type { TopLevelSpec } from "vega-lite";
import {
  CHART_HEIGHT,
  chartFrame,
  chartTitle,
  checkFinite,
  checkLabel,
  niceCeiling,
  protocolEncodings,
  seriesName,
  spreadLabels,
} from "./chart-style.js";
import { modelColorScale } from "./models.js";
import type { PromptTokensInput } from "./series.js";

const LABEL_GAP_PX = 13;

export function promptTokensChart(input: PromptTokensInput): TopLevelSpec {
  const title = chartTitle(input, "Prompt tokens for one request");
  const lines = input.series.map((s, i) => {
    const label = checkLabel(s.label, `promptTokensChart: series ${i}`);
    const protocol = s.protocol ?? "native";
    return { label, protocol, name: seriesName(label, protocol), points: s.points };
  });
  const values = lines.flatMap((s) =>
    s.points.map((p) => ({
      model: s.label,
      protocol: s.protocol,
      series: s.name,
      tools: checkFinite(p.x, `promptTokensChart: "${s.name}" x`),
      tokens: checkFinite(p.tokens, `promptTokensChart: "${s.name}" tokens at ${p.x}`),
    })),
  );
  const sizes = [...new Set(values.map((v) => v.tools))].sort((a, b) => a - b);
  // From zero, so one line twice as high as another costs twice as much; the top is a round step.
  const top = niceCeiling(Math.max(1, ...values.map((v) => v.tokens)));
  const ends = lines.flatMap((s) => {
    const last = values.filter((v) => v.series === s.name).at(-1);
    return last === undefined ? [] : [{ ...last, text: s.name }];
  });
  for (const size of new Set(ends.map((e) => e.tools))) {
    const here = ends.filter((e) => e.tools === size);
    spreadLabels(
      here.map((e) => e.tokens),
      (LABEL_GAP_PX / CHART_HEIGHT) * top,
    ).forEach((y, i) => Object.assign(here[i]!, { labelY: y }));
  }
  const { strokeDash, shape } = protocolEncodings(lines.map((s) => s.protocol));
  const x = {
    field: "tools",
    type: "quantitative" as const,
    title: "Tools offered",
    axis: { values: sizes },
    scale: { domain: [0, Math.max(...sizes, 1)] },
  };
  const color = {
    field: "model",
    type: "nominal",
    title: "model",
    scale: modelColorScale(lines.map((s) => s.label)),
    legend: null,
  } as const;
  return {
    ...chartFrame(title, values),
    description: `Mean prompt tokens of one request (axis from 0 to ${top}) at ${sizes.join(", ")} tools offered, one line per model and protocol: ${lines.map((s) => s.name).join("; ")}.`,
    encoding: { x, color },
    layer: [
      {
        // A linear axis, so a constant cost per tool shows as a straight line.
        mark: { type: "line", strokeWidth: 2 },
        encoding: {
          y: {
            field: "tokens",
            type: "quantitative",
            title: "Prompt tokens (mean of one request)",
            scale: { domain: [0, top], nice: false },
          },
          strokeDash,
          detail: { field: "series" },
        },
      },
      {
        mark: { type: "point", filled: true, size: 50, opacity: 1 },
        encoding: { y: { field: "tokens", type: "quantitative" }, shape },
      },
      {
        data: { values: ends },
        mark: { type: "text", align: "left", dx: 8, fontSize: 11 },
        encoding: { y: { field: "labelY", type: "quantitative" }, text: { field: "text" } },
      },
    ],
  };
}

// Share routed right against tools offered, one line per model and protocol, each point with its
// Wilson 95% interval: with 24 requests an interval is as wide as most differences.
import type { TopLevelSpec } from "vega-lite";
import { wilson } from "../stats/wilson.js";
import {
  shareWithIntervalLayers,
  chartFrame,
  chartTitle,
  checkCount,
  checkFinite,
  checkLabel,
  seriesColorScale,
} from "./chart-style.js";
import type { RoutedRightInput } from "./series.js";

export function routedRightChart(input: RoutedRightInput): TopLevelSpec {
  const title = chartTitle(input, "Right tool chosen");
  const labels = input.series.map((s, i) => checkLabel(s.label, `routedRightChart: series ${i}`));
  const values = input.series.flatMap((s) =>
    s.points.map((p) => {
      checkFinite(p.x, `routedRightChart: "${s.label}" x`);
      checkCount(p.k, p.n, `routedRightChart: "${s.label}" at ${p.x} tools`);
      const interval = wilson(p.k, p.n);
      return {
        series: s.label,
        tools: String(p.x),
        k: p.k,
        n: p.n,
        share: interval.share,
        low: interval.low,
        high: interval.high,
      };
    }),
  );
  const sizes = [...new Set(input.series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b).map(String);
  // Sizes are categories so that the series can sit side by side at each size (xOffset):
  // overlapping error bars would hide each other.
  const x = { field: "tools", type: "ordinal", title: "Tools offered", sort: sizes, axis: { labelAngle: 0 } } as const;
  const xOffset = { field: "series", type: "nominal", scale: { domain: labels, paddingInner: 0.2 } } as const;
  const color = {
    field: "series",
    type: "nominal",
    title: null,
    scale: seriesColorScale(input.series),
    legend: { symbolType: "circle", symbolOpacity: 1 },
  } as const;
  return {
    ...chartFrame(title, values),
    encoding: { x, xOffset, color },
    layer: [
      {
        // A faint line joins one series across sizes, so its trend reads at a glance.
        mark: { type: "line", strokeWidth: 1, opacity: 0.45 },
        encoding: { y: { field: "share", type: "quantitative" } },
      },
      ...shareWithIntervalLayers(),
    ],
  };
}

// All tools against a search's top five: share routed right per way of choosing what to offer,
// with Wilson 95% intervals. A search's recall caps what the model can get right.
import type { TopLevelSpec } from "vega-lite";
import { wilson } from "../stats/wilson.js";
import { chartFrame, chartTitle, checkCount, checkLabel } from "./chart-style.js";
import type { SearchInput } from "./series.js";

export function searchChart(input: SearchInput): TopLevelSpec {
  const title = chartTitle(input, "All tools or a search's top five");
  const values = input.bars.map((b, i) => {
    checkLabel(b.label, `searchChart: bar ${i}`);
    checkCount(b.k, b.n, `searchChart: "${b.label}"`);
    const interval = wilson(b.k, b.n);
    return {
      offered: b.label,
      k: b.k,
      n: b.n,
      share: interval.share,
      low: interval.low,
      high: interval.high,
      text: `${b.k}/${b.n}`,
    };
  });
  const x = {
    field: "offered",
    type: "nominal",
    title: "Tools offered",
    sort: values.map((v) => v.offered),
    axis: { labelAngle: 0 },
  } as const;
  return {
    ...chartFrame(title, values),
    encoding: { x },
    layer: [
      {
        mark: { type: "bar", color: "#8a94a3", width: { band: 0.6 } },
        encoding: {
          y: {
            field: "share",
            type: "quantitative",
            title: "Share of requests routed right",
            scale: { domain: [0, 1] },
          },
        },
      },
      {
        mark: { type: "rule", color: "#222", strokeWidth: 1.5 },
        encoding: { y: { field: "low", type: "quantitative" }, y2: { field: "high" } },
      },
      {
        // The count sits inside the bar's base, clear of the interval's whisker.
        mark: { type: "text", baseline: "bottom", dy: -4, color: "white", fontSize: 11 },
        encoding: { y: { datum: 0, type: "quantitative" }, text: { field: "text", type: "nominal" } },
      },
    ],
  };
}

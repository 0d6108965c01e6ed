// Share routed right against tools offered, one line per model and protocol, each point with its
// Wilson 95% interval: with 24 requests an interval is as wide as most differences. A model keeps
// its colour from the model table and is named at its line's end; a protocol is a dash and a shape.
import type { TopLevelSpec } from "vega-lite";
import { wilson } from "../stats/wilson.js";
import {
  CHART_HEIGHT,
  shareWithIntervalLayers,
  chartFrame,
  chartTitle,
  checkCount,
  checkFinite,
  checkLabel,
  protocolEncodings,
  seriesName,
  spreadLabels,
} from "./chart-style.js";
import { modelColorScale } from "./models.js";
import type { RoutedRightInput } from "./series.js";

/** Series at one size sit this close to its tick: a quarter of the step between sizes, all together. */
const DODGE_BAND = 0.25;
const LABEL_GAP_PX = 13;

export function routedRightChart(input: RoutedRightInput): TopLevelSpec {
  const title = chartTitle(input, "Right tool chosen");
  const lines = input.series.map((s, i) => {
    const label = checkLabel(s.label, `routedRightChart: series ${i}`);
    const protocol = s.protocol ?? "native";
    return { label, protocol, name: seriesName(label, protocol), points: s.points };
  });
  const values = lines.flatMap((s) =>
    s.points.map((p) => {
      checkFinite(p.x, `routedRightChart: "${s.name}" x`);
      checkCount(p.k, p.n, `routedRightChart: "${s.name}" at ${p.x} tools`);
      const interval = wilson(p.k, p.n);
      return {
        model: s.label,
        protocol: s.protocol,
        series: s.name,
        tools: String(p.x),
        k: p.k,
        n: p.n,
        share: interval.share,
        low: interval.low,
        high: interval.high,
      };
    }),
  );
  const sizes = [...new Set(lines.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b).map(String);
  const names = lines.map((s) => s.name);
  // Each line is named at its last point; names at one size are pushed apart so none covers another.
  const ends = lines.flatMap((s) => {
    const last = values.filter((v) => v.series === s.name).at(-1);
    // Every name starts right of the last series' slot, clear of the points and their intervals.
    return last === undefined ? [] : [{ ...last, series: lines.at(-1)!.name, text: s.name }];
  });
  const gap = LABEL_GAP_PX / CHART_HEIGHT;
  for (const size of new Set(ends.map((e) => e.tools))) {
    const here = ends.filter((e) => e.tools === size);
    spreadLabels(
      here.map((e) => e.share),
      gap,
    ).forEach((y, i) => Object.assign(here[i]!, { labelY: y }));
  }
  // Sizes are categories, each band a quarter of its step wide: the series sit side by side close to
  // their tick, so overlapping error bars do not hide each other.
  const x = {
    field: "tools",
    type: "ordinal",
    title: "Tools offered (all of the catalog)",
    sort: sizes,
    axis: { labelAngle: 0 },
    scale: { paddingInner: 1 - DODGE_BAND, paddingOuter: 0.5 },
  } as const;
  const xOffset = { field: "series", type: "nominal", scale: { domain: names } } as const;
  const color = {
    field: "model",
    type: "nominal",
    title: "model",
    scale: modelColorScale(lines.map((s) => s.label)),
    legend: null,
  } as const;
  const { strokeDash, shape } = protocolEncodings(lines.map((s) => s.protocol));
  return {
    ...chartFrame(title, values),
    description: `Share of the ${values[0]?.n ?? "n"} requests routed to the right tool (0 to 1, with Wilson 95% intervals) at ${sizes.join(", ")} tools offered, one line per model and protocol: ${names.join("; ")}.`,
    encoding: { x, xOffset, color },
    layer: [
      {
        // A faint line joins one series across sizes, so its trend reads at a glance.
        mark: { type: "line", strokeWidth: 1.5, opacity: 0.6 },
        encoding: { y: { field: "share", type: "quantitative" }, strokeDash, detail: { field: "series" } },
      },
      ...shareWithIntervalLayers(shape),
      {
        data: { values: ends },
        mark: { type: "text", align: "left", dx: 10, fontSize: 11 },
        encoding: { y: { field: "labelY", type: "quantitative" }, text: { field: "text" } },
      },
    ],
  };
}

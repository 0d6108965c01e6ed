// The four charts of one source, named for files and for display; a chart with nothing to draw
// (a receipt without a search, a provider that reported no tokens) is left out, with the reason.
import type { TopLevelSpec } from "vega-lite";
import { noCallChart } from "./no-call-chart.js";
import { promptTokensChart } from "./prompt-tokens-chart.js";
import { routedRightChart } from "./routed-right-chart.js";
import { searchChart } from "./search-chart.js";
import type { ChartData } from "./series.js";

export type ChartName = "prompt-tokens" | "routed-right" | "no-call" | "search";

export interface NamedChart {
  readonly name: ChartName;
  readonly spec: TopLevelSpec;
}

export interface ChartSet {
  readonly charts: NamedChart[];
  readonly omitted: { readonly name: ChartName; readonly reason: string }[];
}

export function chartsFor(data: ChartData): ChartSet {
  const charts: NamedChart[] = [];
  const omitted: { name: ChartName; reason: string }[] = [];
  if (data.promptTokens.series.length > 0)
    charts.push({ name: "prompt-tokens", spec: promptTokensChart(data.promptTokens) });
  else omitted.push({ name: "prompt-tokens", reason: "no prompt tokens were recorded" });
  if (data.routedRight.series.length > 0)
    charts.push({ name: "routed-right", spec: routedRightChart(data.routedRight) });
  else omitted.push({ name: "routed-right", reason: "no condition offered every tool of the catalog" });
  if (data.noCall.bars.length > 0) charts.push({ name: "no-call", spec: noCallChart(data.noCall) });
  else omitted.push({ name: "no-call", reason: "no native tool-calling answers" });
  if (data.search.bars.length > 0) charts.push({ name: "search", spec: searchChart(data.search) });
  else omitted.push({ name: "search", reason: "no tool search ran" });
  return { charts, omitted };
}

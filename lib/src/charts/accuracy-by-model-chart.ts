// Exercise 1's chart: the share routed right at one catalog size (64 by default) against model,
// models ordered by the parameter count their names state, one point per protocol with its Wilson
// 95% interval. Where routing recovers is where the points climb and their intervals stop
// reaching down.
import type { TopLevelSpec } from "vega-lite";
import type { CatalogKind } from "../experiment/receipts/receipt.js";
import { formatModelSize } from "../experiment/model-size.js";
import type { RecoveryReport } from "../exercises/ex1-recovery/analysis.js";
import { UsageError } from "../errors/usage-error.js";
import { shareWithIntervalLayers, chartFrame, chartTitle, checkCount, checkLabel } from "./chart-style.js";

export interface AccuracyByModelOptions {
  /** Which distractors (default: unrelated when the report has it at its size, else confusable). */
  readonly kind?: CatalogKind;
  readonly title?: string;
}

/** A vega-lite spec of accuracy at the report's size against model; the report is not changed. */
export function accuracyByModelChart(report: RecoveryReport, options: AccuracyByModelOptions = {}): TopLevelSpec {
  const cells = report.models.flatMap((model) => model.atSize.map((cell) => ({ model, cell })));
  const kind = options.kind ?? (cells.some(({ cell }) => cell.kind === "unrelated") ? "unrelated" : "confusable");
  const chosen = cells.filter(({ cell }) => cell.kind === kind);
  if (chosen.length === 0) {
    throw new UsageError("chart-input", {
      what: `accuracyByModelChart: the report has no ${kind} rows at ${report.size} tools to draw`,
      expected: `a report with ${kind} rows at ${report.size} tools`,
      received: `kinds ${[...new Set(cells.map(({ cell }) => cell.kind))].join(", ") || "none"}`,
    });
  }
  // report.models is already ordered by parsed size; the axis keeps that order.
  const models = report.models
    .filter((m) => chosen.some(({ model }) => model === m))
    .map((m) => checkLabel(m.model, "accuracyByModelChart: model"));
  const values = chosen.map(({ model, cell }) => {
    checkCount(cell.right, cell.n, `accuracyByModelChart: "${model.model}" ${cell.protocol}`);
    return {
      model: model.model,
      size: formatModelSize(model.parameters),
      protocol: cell.protocol,
      k: cell.right,
      n: cell.n,
      share: cell.share,
      low: cell.low,
      high: cell.high,
    };
  });
  const protocols = [...new Set(values.map((v) => v.protocol))];
  const title = chartTitle(
    {
      source: report.source,
      title: options.title ?? `Right tool chosen at ${report.size} ${kind} tools, by model`,
      note: "Vertical bars: Wilson 95% intervals; models ordered by the size their names state (unstated last)",
    },
    "Right tool chosen, by model",
  );
  const x = {
    field: "model",
    type: "nominal",
    title: "Model (smallest first)",
    sort: models,
    axis: { labelAngle: 0 },
  } as const;
  const xOffset = { field: "protocol", type: "nominal", scale: { domain: protocols, paddingInner: 0.2 } } as const;
  const color = {
    field: "protocol",
    type: "nominal",
    title: null,
    scale: { domain: protocols },
    legend: { symbolType: "circle", symbolOpacity: 1 },
  } as const;
  return {
    ...chartFrame(title, values),
    encoding: { x, xOffset, color },
    layer: [...shareWithIntervalLayers()],
  };
}

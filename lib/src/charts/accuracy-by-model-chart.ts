// Exercise 1's chart: the share routed right at one catalog size (64 by default) against model,
// models ordered by the parameter count their names state, one point per protocol with its Wilson
// 95% interval. Where routing recovers is where the points climb and their intervals stop
// reaching down.
import type { TopLevelSpec } from "vega-lite";
import type { CatalogKind } from "../experiment/receipts/receipt.js";
import { formatModelSize } from "../experiment/model-size.js";
import type { RecoveryReport } from "../exercises/ex1-recovery/analysis.js";
import { UsageError } from "../errors/usage-error.js";
import {
  shareWithIntervalLayers,
  chartFrame,
  chartTitle,
  checkCount,
  checkLabel,
  protocolEncodings,
} from "./chart-style.js";
import { modelColorScale, modelLabel } from "./models.js";

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
    .map((m) => modelLabel(checkLabel(m.model, "accuracyByModelChart: model")));
  const values = chosen.map(({ model, cell }) => {
    checkCount(cell.right, cell.n, `accuracyByModelChart: "${model.model}" ${cell.protocol}`);
    return {
      model: modelLabel(model.model),
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
  // Protocols sit side by side close to the model's tick, told apart by shape; the model keeps its colour.
  const xOffset = { field: "protocol", type: "nominal", scale: { domain: protocols } } as const;
  const color = { field: "model", type: "nominal", scale: modelColorScale(models), legend: null } as const;
  const { shape } = protocolEncodings(protocols);
  return {
    ...chartFrame(title, values),
    description: `Share of requests routed right (0 to 1, Wilson 95% intervals) at ${report.size} ${kind} tools for each model, smallest first (${models.join(", ")}), one point per protocol (${protocols.join(", ")}).`,
    encoding: { x: { ...x, scale: { paddingInner: 0.6, paddingOuter: 0.3 } }, xOffset, color },
    layer: [...shareWithIntervalLayers(shape)],
  };
}

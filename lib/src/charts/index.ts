// Part A's charts: vega-lite specs from receipts and published figures, rendered to SVG and PNG in Node,
// displayed in a kernel; and the wire drawn as a sequence diagram.
export { promptTokensChart } from "./prompt-tokens-chart.js";
export { routedRightChart } from "./routed-right-chart.js";
export { noCallChart } from "./no-call-chart.js";
export { searchChart } from "./search-chart.js";
export { accuracyByModelChart } from "./accuracy-by-model-chart.js";
export { chartsFor } from "./chart-set.js";
export type { ChartName } from "./chart-set.js";
export type { ChartData } from "./series.js";
export { seriesFromPublished, countFromShare } from "./from-published.js";
export { seriesFromReceipt } from "./from-receipt.js";
export { PUBLISHED_SOURCE_LABEL, receiptSourceLabel } from "../experiment/receipts/source-label.js";
export { PublishedFiguresSchema, loadPublishedFigures, publishedFigure } from "../experiment/analysis/published.js";
export { renderSvg, renderPng, pngAvailable, chartBundle } from "./render.js";
export { displayChart, chartDisplayData, findKernelDisplayWriter, VEGA_LITE_MIME } from "./display.js";
export type { DisplayData } from "./display.js";
export { renderAllCharts } from "./render-all.js";
export { traceDiagramSpec, traceDiagramsSideBySide, DIAGRAM_MAX_ROWS } from "./sequence-diagram.js";
// The failure gallery's screens: one mode per projector screen, the SDK beside ours.
export { showScreen, screenRun, showUnshownModes } from "./gallery-screen.js";

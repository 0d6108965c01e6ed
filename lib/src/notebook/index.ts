// The notebook namespace (mcp-workbook/notebook): small display helpers the chapter notebooks use
// to show what the library does. No protocol logic and no analysis here: Part A's analyses are in
// experiment/analysis/, the failure gallery's runs in demo/gallery.ts.
export { attempt, attemptAsync } from "./attempt.js";
export { keepOne, closeKept } from "./keep-one.js";
export { readCallLog, CallRecordSchema, type CallRecord } from "./call-log.js";
export { escapeHtml, htmlTable } from "./html-table.js";
export { trickleTimeline, trickleVerdict, type TrickleTimeline } from "./trickle-timeline.js";

// The notebook namespace (mcp-workbook/notebook): small display helpers the chapter notebooks use
// to show what the library does. No protocol logic and no analysis here: Part A's analyses are in
// experiment/analysis/, the failure gallery's runs in demo/gallery.ts.
export { attempt, attemptAsync } from "./attempt.js";
export { keepOne, closeKept } from "./keep-one.js";
// Not a display helper, but what the notebooks show the teaching server received: the one reader is in call-log/.
export { readCallLog } from "../call-log/call-log.js";
export { type CallRecord } from "../call-log/call-record.js";
export { CallLogError } from "../call-log/call-log-error.js";
export { escapeHtml, htmlTable } from "./html-table.js";
export { trickleTimeline, trickleVerdict } from "./trickle-timeline.js";
export {
  COURSE_PATH,
  SOLUTIONS_DIR,
  MINUTES_RULE,
  estimateMinutes,
  courseTable,
  lastCellHrefs,
} from "./course-path.js";

// Small helpers the chapter notebooks use to show what the library does; no protocol logic here.
// Provisional barrel (surface branch): the names the package root exported from notebook/ before the
// root was made small (Part A's analyses included); its owner shapes it.
export { attempt, attemptAsync } from "./attempt.js";
export { keepOne, closeKept } from "./keep-one.js";
export { readCallLog, CallRecordSchema, type CallRecord } from "./call-log.js";
export { escapeHtml, htmlTable } from "./html-table.js";
export { teachingServersStartedBy } from "./live-servers.js";
export {
  EXERCISE_MODES, GALLERY_MODES, showMode, runGallery, outcomeLabel, galleryTable, modeReport, showBeside, besideReport, naiveGroupsAlive,
  type GalleryMode, type GalleryOutcome, type BesideRun,
} from "./gallery.js";
export { trickleTimeline, trickleVerdict, type TrickleTimeline } from "./trickle-timeline.js";
export { checkTables, toolTokenCost, pairedOutcomes, searchTools, searchRecall, quoteFigure, compareRerun } from "./part-a.js";
export type { TablesCheck, ToolTokenCost, ConditionSelector, PairedOutcomes, ScoredTool, SearchRecall, RerunComparison } from "./part-a.js";

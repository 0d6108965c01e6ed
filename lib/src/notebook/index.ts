// Small helpers the chapter notebooks use to show what the library does; no protocol logic here.
export { attempt, attemptAsync } from "./attempt.js";
export { keepOne, closeKept } from "./keep-one.js";
export { readCallLog, CallRecordSchema, type CallRecord } from "./call-log.js";
export { escapeHtml, htmlTable } from "./html-table.js";
export { teachingServersStartedBy } from "./live-servers.js";
export {
  EXERCISE_MODES, GALLERY_MODES, showMode, runGallery, outcomeLabel, galleryTable, modeReport, showBeside, besideReport, naiveGroupsAlive,
  type GalleryMode, type GalleryOutcome, type BesideRun,
} from "./gallery.js";

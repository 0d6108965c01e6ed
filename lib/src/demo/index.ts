// The wire, shown: a trace as a terminal table or an HTML table, alone or side by side (the demo
// command and the failure gallery), and what one failure mode's run came to.
export { formatTrace, traceTable } from "./trace-table.js";
export type { ModeOutcome } from "./failure-modes.js";
// The failure gallery's runs (notebooks/failure-gallery.ipynb): each mode live against our client, the naive one beside it.
export {
  EXERCISE_MODES,
  GALLERY_MODES,
  showMode,
  runGallery,
  outcomeLabel,
  galleryTable,
  modeReport,
  naiveGroupsAlive,
  sdkGroupsAlive,
  type GalleryOutcome,
} from "./gallery.js";
export { TEACHING_MODES } from "../server-build/teaching-modes.js";
// Since the chapter: one session in each protocol era, what changed, and the fallback rule beside a foil.
export { eraSession, ERA_CHANGES, fallbackComparison, keyedTo32601 } from "./since-the-chapter.js";

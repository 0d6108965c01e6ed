// The wire, shown: a trace as a terminal table or an HTML table, alone or side by side (the demo
// command and the failure gallery), and what one failure mode's run came to.
export { formatTrace, traceTable, traceTablesSideBySide, directionArrow } from "./trace-table.js";
export type { ModeOutcome } from "./failure-modes.js";

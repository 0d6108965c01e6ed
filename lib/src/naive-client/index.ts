// The naive client, a deliberate near-copy of ours written the way weaker clients are (a foil to
// fail beside it), reachable only through its bounded harness. Exported from no entry point (not the
// root, no namespace): it is what not to ship. The gallery reaches it through notebook/gallery.ts.
export { runNaive, naiveReportLines, liveNaiveGroups, type NaiveOptions, type NaiveReport } from "./naive-harness.js";
export type { SessionEvent } from "./naive-session.js";
export type { NaiveEvent } from "./naive-client.js";

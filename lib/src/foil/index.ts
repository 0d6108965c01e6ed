// The foil: a naive client to fail beside ours, reachable only through its bounded harness.
// Deliberately not exported from the package's root (src/index.ts): it is what not to ship.
export { runNaive, naiveReportLines, liveNaiveGroups, type NaiveOptions, type NaiveReport } from "./naive-harness.js";
export type { SessionEvent } from "./naive-session.js";
export type { NaiveEvent } from "./naive-client.js";

// Part A's statistics: an interval for every share, an exact test for paired conditions.
export { wilson } from "./wilson.js";
export type { WilsonInterval } from "./wilson.js";
export { mcnemarExact, pairedCounts } from "./mcnemar.js";
export type { McNemarResult, PairedCounts } from "./mcnemar.js";
export { leastSquares } from "./least-squares.js";
export type { Line } from "./least-squares.js";

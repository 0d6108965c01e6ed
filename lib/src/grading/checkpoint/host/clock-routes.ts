// The routes the grader's virtual clock owns (virtual-clock.ts installs it over them), in a file of
// their own so that a verdict can name them without loading the clock.
/** The routes the virtual clock owns, as the report names them. */
export const CLOCK_ROUTES = [
  "setTimeout",
  "setInterval",
  "clearTimeout",
  "clearInterval",
  "timers",
  "timers/promises",
  "AbortSignal.timeout",
  "performance.now",
  "Date",
  "process.hrtime",
] as const;

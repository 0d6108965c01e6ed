// The exercise checks' trial runners (ex4's cursor loop, ex5's calls in flight, ex7's two eras),
// which only an exercise's rules ask for. Loaded on first use, not with the probe's ops: they bring
// fast-check and the exercises' harness, about 45 ms of CPU for each grading host, and a build
// notebook's hosts never run one. A host that may run one loads them as it opens (host-main.ts),
// before the graded code and its virtual clock, as it did when they were imported here.
import type * as CursorLoop from "../../../exercises/ex4-cursor-loop/check.js";
import type * as InFlight from "../../../exercises/ex5-in-flight/check.js";
import type * as DualEra from "../../../exercises/ex7-dual-era/probe-trial.js";

export interface ExerciseTrials {
  readonly runCursorTrial: typeof CursorLoop.runCursorTrial;
  readonly runInFlightTrial: typeof InFlight.runInFlightTrial;
  readonly runDualEraTrial: typeof DualEra.runDualEraTrial;
}

let loaded: ExerciseTrials | undefined;

/** The trial runners, loaded the first time they are asked for. */
export function exerciseTrials(): ExerciseTrials {
  loaded ??= {
    runCursorTrial: (require("../../../exercises/ex4-cursor-loop/check.js") as typeof CursorLoop).runCursorTrial,
    runInFlightTrial: (require("../../../exercises/ex5-in-flight/check.js") as typeof InFlight).runInFlightTrial,
    runDualEraTrial: (require("../../../exercises/ex7-dual-era/probe-trial.js") as typeof DualEra).runDualEraTrial,
  };
  return loaded;
}

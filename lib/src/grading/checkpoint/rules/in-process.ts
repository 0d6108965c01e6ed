// The probe for a learner's own notebook: the same ops, run in place over functions looked up
// when each request arrives (so a re-run cell's new definition is the one checked). Feedback
// only: grading never runs the graded code in the process that makes verdicts.
import { cpuSince } from "../../trials/starvation.js";
import { answerProbe, ProbeState, type Pieces } from "./answer.js";
import type { ProbeSession } from "./run.js";

export function inProcessProbe(pieces: Pieces | (() => Pieces)): ProbeSession {
  const state = new ProbeState();
  const lookup = typeof pieces === "function" ? pieces : () => pieces;
  return {
    probe: async (request) => {
      // A macrotask turn before each answer: a rule's trials answered in place are otherwise one
      // chain of microtasks, and a client's reply waiting in a socket beside them is read only
      // after its deadline's timer has fired (timers run before I/O when the loop comes back).
      await new Promise<void>((resolve) => setImmediate(resolve));
      const cpu = cpuSince();
      const answer = await answerProbe(lookup(), state, request);
      return { ...answer, cpuMs: cpu() };
    },
    close: () => Promise.resolve(""),
  };
}

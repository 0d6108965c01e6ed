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
      const cpu = cpuSince();
      const answer = await answerProbe(lookup(), state, request);
      return { ...answer, cpuMs: cpu() };
    },
    close: () => Promise.resolve(""),
  };
}

// Exercise 3's reference answer: the analysis the learner's loopRecovery(transcript, steps) is compared with.
import { completedCalls, type Transcript } from "../../agent/transcript.js";

/** Exercise 3's analysis of one loop run against the steps its request asked for, in order. */
export type LoopRecovery = {
  /** The steps whose calls ran and answered, in the order they ran. */
  done: string[];
  /** Every step done, in the request's order, and nothing else. */
  recovered: boolean;
  /** The first step, in the request's order, not done in its place; null when the loop recovered. */
  firstMissing: string | null;
};

/** The reference analysis: a call counts when it ran and answered (a refused call never ran); only the request's steps count. */
export function referenceLoopRecovery(transcript: Transcript, steps: readonly string[]): LoopRecovery {
  const done = completedCalls(transcript).filter((name) => steps.includes(name));
  const index = steps.findIndex((step, position) => done[position] !== step);
  const recovered = index === -1 && done.length === steps.length;
  return { done, recovered, firstMissing: recovered ? null : (steps[index === -1 ? steps.length - 1 : index] ?? null) };
}

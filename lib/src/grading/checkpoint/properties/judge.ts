// A pure rule judged as a property: seeded inputs from the rule's generator go to the learner's
// piece (through the probe, as every rule asks) and to the reference (the library, in the grader's
// own process, by the same probe code), and the two outcomes are compared: the value, or the
// error's class and reason. The first divergence is shrunk to the smallest input that still
// diverges, and the FAIL names that input (and the kind of input it is), what came and what the
// rule expects, in words: no shrink counts, no tags of the wire.
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { REFERENCE_IMPLEMENTATION } from "../../trials/implementation.js";
import { answerProbe, ProbeState, type Pieces } from "../rules/answer.js";
import { ERROR_FAMILY, showError } from "../rules/expect.js";
import { failRule, type ProbeAnswer, type ProbeRequest, type RuleContext } from "../rules/types.js";
import { showWire } from "../rules/wire.js";
import type { Edged, EdgeGenerator } from "./edges.js";
import type { Accepted, PureCall } from "./generators.js";

export interface PureProperty<I> {
  readonly generator: EdgeGenerator<I>;
  /** What the rule says, for the FAIL line. */
  readonly says: string;
  readonly request: (input: I) => ProbeRequest;
  /**
   * A second question for the learner's piece when its first answer alone cannot be judged (what
   * its own frame is, when it refused one for its size); its answer is the judge's `followed`.
   */
  readonly followUp?: (input: I, reference: ProbeAnswer, learner: ProbeAnswer) => ProbeRequest | undefined;
  /** Undefined when the learner's answer is right for `input`; else what the rule expects there. */
  readonly judge: (
    input: I,
    reference: ProbeAnswer,
    learner: ProbeAnswer,
    followed?: ProbeAnswer,
  ) => string | undefined;
  readonly show: (input: I) => string;
  /** How the learner's answer reads in a FAIL line, where its plain outcome would not say what went wrong. */
  readonly received?: (input: I, reference: ProbeAnswer, learner: ProbeAnswer) => string;
  /** Inputs per grading (default 100). */
  readonly runs?: number;
}

/** How an answer reads in a FAIL line. */
export function outcomeOf(answer: ProbeAnswer): string {
  return answer.ok ? `returned ${showWire(answer.value, 200)}` : `threw ${showError(answer.error)}`;
}

/** Whether `answer` is the outcome `accepted`: that value, or that error class (and reason, when it names one). */
export function matchesAccepted(answer: ProbeAnswer, accepted: Accepted): boolean {
  if ("value" in accepted) return answer.ok && isDeepStrictEqual(answer.value, accepted.value);
  return (
    !answer.ok &&
    answer.error.name === accepted.error &&
    (accepted.reason === undefined || answer.error.reason === accepted.reason)
  );
}

/** The reference's outcome as an accepted one: its value, or its error's class and reason. */
export function acceptedOf(answer: ProbeAnswer): Accepted {
  return answer.ok
    ? { value: answer.value }
    : { error: answer.error.name, ...(answer.error.reason === undefined ? {} : { reason: answer.error.reason }) };
}

/** An outcome as a FAIL line says it. */
export function showAccepted(accepted: Accepted): string {
  return "value" in accepted
    ? `returns ${showWire(accepted.value, 200)}`
    : `throws ${accepted.error}${accepted.reason ? ` (${accepted.reason})` : ""}`;
}

/** The plain judgement: the reference's outcome, or one the input also accepts. */
export function sameOutcome(call: PureCall, reference: ProbeAnswer, learner: ProbeAnswer): string | undefined {
  const accepted = [acceptedOf(reference), ...(call.also ?? [])];
  return accepted.some((each) => matchesAccepted(learner, each))
    ? undefined
    : [...new Set(accepted.map(showAccepted))].join(", or ");
}

/**
 * How much CPU the graded code may spend on one property's inputs, in ms: about ten times what the
 * reference's pieces take for all of them. A CPU budget, not a wall-clock one: slow code is cut at
 * the same input alone and beside other work. Code slower than that is judged on the inputs it
 * finished (the seeded edges first).
 */
export const PROPERTY_CPU_BUDGET_MS = 2500;
/**
 * The wall-clock stop behind it, so the rule ends inside its own 10 s bound (its other checks come
 * first) on a machine too busy for every input: there, and only there, fewer inputs are judged,
 * and never fewer than the first draw of every edge (judged before the stop can fall).
 */
const PROPERTY_WALL_LIMIT_MS = 4000;

/**
 * Draws from each edge judged before the random ones, the same at every seed: a mistake that only
 * one value of an edge shows (one constant of several) is caught whatever the seed draws after.
 * Taken in turns, one draw of every edge before the next of any: a machine too busy for them all
 * (PROPERTY_WALL_LIMIT_MS) judges fewer draws of each edge, never none of the last edges.
 */
const EXAMPLES_PER_EDGE = 12;
const EXAMPLES_SEED = 20250618;
const examplesCache = new WeakMap<object, unknown[]>();
function examplesOf<I>(generator: EdgeGenerator<I>): Array<[Edged<I>]> {
  let examples = examplesCache.get(generator) as Array<[Edged<I>]> | undefined;
  if (examples === undefined) {
    const drawn = generator.branches.map((branch) =>
      fc
        .sample(branch.arbitrary, { numRuns: EXAMPLES_PER_EDGE, seed: EXAMPLES_SEED })
        .map((value): [Edged<I>] => [{ edge: branch.edge, value }]),
    );
    examples = Array.from({ length: EXAMPLES_PER_EDGE }, (_, turn) => drawn.map((each) => each[turn]!)).flat();
    examplesCache.set(generator, examples);
  }
  return examples;
}

/** A 32-bit seed for one rule from the grader's seed. */
function seedFor(seed: number, name: string): number {
  let hash = seed | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** True for a refusal of the library's family (not a stub's, not a foreign TypeError). */
export function isRefusal(answer: ProbeAnswer): boolean {
  return !answer.ok && ERROR_FAMILY.includes(answer.error.name) && !/not implemented/iu.test(answer.error.message);
}

/**
 * Checks `property` on seeded generated inputs; returns a detail for the ok line, or FAILs the
 * rule with the smallest diverging input.
 */
export async function holds<I>(context: RuleContext, property: PureProperty<I>): Promise<string> {
  const reference = new ProbeState();
  const runs = property.runs ?? 100;
  const examples = examplesOf(property.generator);
  const verdictOn = async (
    input: I,
    spent: (cpuMs: number) => void = () => undefined,
  ): Promise<{ expected: string; received: string } | undefined> => {
    const request = property.request(input);
    const theirs = await answerProbe(REFERENCE_IMPLEMENTATION as unknown as Pieces, reference, request);
    const asked = performance.now();
    const mine = await context.ask(request);
    const second = property.followUp?.(input, theirs, mine);
    const followed = second === undefined ? undefined : await context.ask(second);
    // The host's word, never more than the call's wall time: code that claims more (a patched
    // cpuUsage) cannot end the property after its first inputs.
    const wallMs = performance.now() - asked;
    spent(Math.min((mine.cpuMs ?? wallMs) + (followed?.cpuMs ?? 0), wallMs));
    const expected = property.judge(input, theirs, mine, followed);
    if (expected === undefined) return undefined;
    return { expected, received: property.received?.(input, theirs, mine) ?? outcomeOf(mine) };
  };
  // Inputs after the CPU budget ran out are not judged (taken as passing, so shrinking never reaches them).
  let cpuMs = 0;
  // The first draw of every edge, whatever the machine's load: each demand's whole family is met
  // in every grading. A fixed example is not shrunk (fast-check does not shrink one either).
  const firstTurn = examples.slice(0, property.generator.branches.length);
  for (const [{ edge, value }] of firstTurn) {
    const found = await verdictOn(value, (spent) => (cpuMs += spent));
    if (found !== undefined) failOn(property, edge, value, found);
  }
  // A probe that stops answering ends the rule at once: it is not a divergence to shrink.
  let stopped: unknown;
  let judged = 0;
  const details = await fc.check(
    fc.asyncProperty(property.generator.arbitrary, async ({ value }) => {
      if (stopped !== undefined || cpuMs > PROPERTY_CPU_BUDGET_MS) return true;
      try {
        const verdict = await verdictOn(value, (spent) => (cpuMs += spent));
        judged += 1;
        return verdict === undefined;
      } catch (error) {
        stopped = error;
        return true;
      }
    }),
    {
      seed: seedFor(context.seed, property.generator.name),
      // fast-check counts the examples among the runs: the random draws come on top of them.
      numRuns: examples.length - firstTurn.length + runs,
      examples: examples.slice(firstTurn.length),
      // The rule's own bound stays the rule's.
      interruptAfterTimeLimit: PROPERTY_WALL_LIMIT_MS,
      markInterruptAsFailure: false,
    },
  );
  if (stopped !== undefined) throw stopped;
  judged += firstTurn.length;
  const drawn = details.numRuns + firstTurn.length;
  if (!details.failed || details.counterexample === null)
    return judged === drawn
      ? `${judged} generated inputs`
      : `${judged} of ${drawn} generated inputs (the rest past ${
          details.interrupted
            ? `${PROPERTY_WALL_LIMIT_MS} ms of wall time`
            : `the code's ${PROPERTY_CPU_BUDGET_MS} ms of CPU`
        })`;
  const [{ edge, value }] = details.counterexample;
  const found = await verdictOn(value);
  failOn(property, edge, value, found);
}

/** FAILs the rule on `value`, of `edge`'s kind, with what the reference and the graded code gave (when judged again). */
function failOn<I>(
  property: PureProperty<I>,
  edge: string,
  value: I,
  found: { expected: string; received: string } | undefined,
): never {
  failRule(
    `${property.says}; the smallest failing input found (of the kind "${edge.replace(/-/gu, " ")}"): ${property.show(value)}`,
    found?.expected ?? "the reference's outcome",
    found?.received ?? "a different outcome",
  );
}

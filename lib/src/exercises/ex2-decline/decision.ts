// Exercise 2's decision: the chapter asks which error Lucy would rather have, a false call or a
// missed call. Once she has said, the choice of protocol follows from the counts: the one with the
// smallest share of the error she would rather not have; on a tie, the smallest share of the other;
// on a tie again, the first of native, choice, choice-none. The learner's protocolFor(counts,
// rather) is judged against this on the seed's receipts and on counts fast-check draws, ties and
// protocols that were never asked included.
import fc from "fast-check";
import type { CheckResult } from "../../grading/trials/harness.js";
import type { Protocol } from "../../experiment/receipts/receipt.js";
import {
  judgeAnalysis,
  runHere,
  type AnalysisCase,
  type AnalysisExercise,
  type AnswerRunner,
} from "../analysis-judge.js";
import type { VerdictStyle } from "../exercise-harness.js";
import { declineCases } from "./check.js";
import type { DeclineAnalysis, DeclineCounts } from "./reference.js";

/** The error Lucy would rather have: "missed-call" means she would rather the assistant did nothing than act wrongly. */
export type RatherHave = "missed-call" | "false-call";

/** One model's counts, per protocol: what the learner's declineCounts gives for that model. */
export type ProtocolCounts = Partial<Record<Protocol, DeclineCounts>>;

const ORDER: readonly Protocol[] = ["native", "choice", "choice-none"];

/** A share as a fraction, or undefined when nothing was asked. */
function share(k: number, n: number): [number, number] | undefined {
  return n === 0 ? undefined : [k, n];
}

/** a/b against c/d without rounding: negative when a/b is smaller. */
function compare([a, b]: [number, number], [c, d]: [number, number]): number {
  return a * d - c * b;
}

/** The reference decision; null when no protocol was asked what the avoided error is counted over. */
export function referenceProtocolFor(counts: ProtocolCounts, rather: RatherHave): Protocol | null {
  const avoided = (c: DeclineCounts) =>
    rather === "missed-call" ? share(c.falseCalls, c.noToolAsked) : share(c.missedCalls, c.toolAsked);
  const other = (c: DeclineCounts) =>
    rather === "missed-call" ? share(c.missedCalls, c.toolAsked) : share(c.falseCalls, c.noToolAsked);
  let best: Protocol | null = null;
  for (const protocol of ORDER) {
    const mine = counts[protocol];
    if (mine === undefined || avoided(mine) === undefined) continue;
    if (best === null) {
      best = protocol;
      continue;
    }
    const theirs = counts[best]!;
    const first = compare(avoided(mine)!, avoided(theirs)!);
    const [o1, o2] = [other(mine), other(theirs)];
    const second = o1 !== undefined && o2 !== undefined ? compare(o1, o2) : 0;
    if (first < 0 || (first === 0 && second < 0)) best = protocol;
  }
  return best;
}

const countsArbitrary: fc.Arbitrary<ProtocolCounts> = fc
  .record(
    Object.fromEntries(
      ORDER.map((protocol) => [
        protocol,
        fc.option(
          fc
            .record({ noToolAsked: fc.nat({ max: 6 }), toolAsked: fc.nat({ max: 8 }) })
            .chain(({ noToolAsked, toolAsked }) =>
              fc.record({
                noToolAsked: fc.constant(noToolAsked),
                toolAsked: fc.constant(toolAsked),
                falseCalls: fc.nat({ max: noToolAsked }),
                missedCalls: fc.nat({ max: toolAsked }),
              }),
            ),
          { nil: undefined },
        ),
      ]),
    ) as Record<Protocol, fc.Arbitrary<DeclineCounts | undefined>>,
  )
  .map((drawn) => Object.fromEntries(Object.entries(drawn).filter(([, c]) => c !== undefined)) as ProtocolCounts);

/** Counts with two protocols tied on the avoided error, so the tie-break decides. */
function tied(seed: number): ProtocolCounts {
  const k = 1 + (seed % 3);
  return {
    native: { falseCalls: k, noToolAsked: 6, missedCalls: 3, toolAsked: 8 },
    choice: { falseCalls: 6, noToolAsked: 6, missedCalls: 0, toolAsked: 8 },
    "choice-none": { falseCalls: 2 * k, noToolAsked: 12, missedCalls: 1, toolAsked: 8 },
  };
}

/** The inputs: each model of the seed's decline receipt, both preferences; a tie; then drawn counts. */
export async function protocolChoiceCases(seed: number): Promise<AnalysisCase[]> {
  const cases: AnalysisCase[] = [];
  const [receipt] = await declineCases(seed);
  const analysis = receipt!.expected as DeclineAnalysis;
  const add = (label: string, counts: ProtocolCounts, rather: RatherHave) =>
    cases.push({
      label: `${label}, Lucy would rather have a ${rather}`,
      args: [counts, rather],
      expected: referenceProtocolFor(counts, rather),
    });
  for (const [model, counts] of Object.entries(analysis)) {
    add(`${model}'s counts on ${receipt!.label}`, counts, "missed-call");
    add(`${model}'s counts on ${receipt!.label}`, counts, "false-call");
  }
  add("counts where native and choice-none have the same share of false calls", tied(seed), "missed-call");
  fc.sample(fc.tuple(countsArbitrary, fc.constantFrom<RatherHave>("missed-call", "false-call")), {
    seed,
    numRuns: 12,
  }).forEach(([counts, rather], index) => add(`drawn counts ${index + 1} ${JSON.stringify(counts)}`, counts, rather));
  return cases;
}

export const PROTOCOL_CHOICE_EXERCISE: AnalysisExercise = {
  name: "exercise 2: Lucy's protocol",
  title: "the protocol picked for Lucy's preference matches the reference decision on the same counts",
  cases: protocolChoiceCases,
  hints: {},
  shapeHint:
    "the error Lucy would rather have is the one she tolerates: pick the protocol with the smallest share of the other error " +
    "(false calls out of the requests that need no tool, or missed calls out of those that need one), compared as shares, not counts. " +
    "On a tie, the smaller share of the error she tolerates; then the first of native, choice, choice-none. A protocol never asked what that share is counted over cannot be picked; none at all: null.",
  summary: (cases) => `${cases.length} decisions, from the receipts' counts and from drawn ones`,
};

/** Exercise 2's decision check, wherever the learner's function runs (`run`), on the seed's inputs. */
export function judgeProtocolChoice(
  run: AnswerRunner,
  seed: number,
  style: VerdictStyle = "learner",
): Promise<CheckResult> {
  return judgeAnalysis(PROTOCOL_CHOICE_EXERCISE, run, seed, style);
}

/** Exercise 2's decision in the notebook: the learner's protocolFor(counts, rather), run here, on the public inputs. */
export function checkProtocolChoice(protocolFor: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return judgeProtocolChoice((args) => runHere(protocolFor, args), 0, style);
}

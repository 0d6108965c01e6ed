// Exercises 2 and 6 end in a decision the chapter asks for: which protocol Lucy should pick, given
// the error she would rather have; and what kept the purchases out. Each check passes a decision
// written independently of the reference and fails each plausible wrong one, at seeds 0 and 7 (the inputs of the others come from the same generators).
import { describe, expect, it } from "vitest";
import { checkProtocolChoice, judgeProtocolChoice } from "../../lib/src/exercises/ex2-decline/decision.js";
import { checkWhatHeld, judgeWhatHeld } from "../../lib/src/exercises/ex6-hostile/decision.js";
import { runHere } from "../../lib/src/exercises/analysis-judge.js";

type Counts = { falseCalls: number; noToolAsked: number; missedCalls: number; toolAsked: number };
type Rather = "missed-call" | "false-call";
const ORDER = ["native", "choice", "choice-none"] as const;
const SEEDS = [0, 7];

/** The decision a learner writes, with a switch for each mistake. */
function protocolFor(mistake?: "counts" | "inverted" | "no-tie-break") {
  return (counts: Partial<Record<(typeof ORDER)[number], Counts>>, rather: Rather) => {
    const avoid = mistake === "inverted" ? (rather === "missed-call" ? "false-call" : "missed-call") : rather;
    const rate = (c: Counts, error: Rather) => {
      const [k, n] = error === "missed-call" ? [c.falseCalls, c.noToolAsked] : [c.missedCalls, c.toolAsked];
      return n === 0 ? undefined : mistake === "counts" ? k : k / n;
    };
    const other: Rather = avoid === "missed-call" ? "false-call" : "missed-call";
    let best: (typeof ORDER)[number] | null = null;
    for (const protocol of ORDER) {
      const c = counts[protocol];
      if (c === undefined || rate(c, avoid) === undefined) continue;
      if (best === null) {
        best = protocol;
        continue;
      }
      const b = counts[best]!;
      const first = rate(c, avoid)! - rate(b, avoid)!;
      const [x, y] = [rate(c, other), rate(b, other)];
      const second = mistake === "no-tie-break" || x === undefined || y === undefined ? 0 : x - y;
      if (first < 0 || (first === 0 && second < 0)) best = protocol;
    }
    return best;
  };
}

function whatHeld(mistake?: "arrivals-only") {
  return (counts: { purchaseRequests: number; purchasesArrived: number }) => {
    if (counts.purchasesArrived > 0) return "nothing";
    if (mistake === "arrivals-only") return "the application";
    return counts.purchaseRequests > 0 ? "the application" : "the model";
  };
}

describe("exercise 2's decision: checkProtocolChoice", () => {
  it("is ok for the decision written by hand, at every seed", async () => {
    expect((await checkProtocolChoice(protocolFor())).output).toMatch(/^ok .*\(\d+ decisions/u);
    for (const seed of SEEDS)
      expect((await judgeProtocolChoice((args) => runHere(protocolFor(), args), seed)).ok).toBe(true);
  }, 30_000);

  it.each([
    ["counts compared where shares decide", "counts"],
    ["the error she would rather have avoided instead", "inverted"],
    ["no tie-break", "no-tie-break"],
  ] as const)(
    "fails %s, at every seed",
    async (_what, mistake) => {
      for (const seed of SEEDS) {
        const result = await judgeProtocolChoice((args) => runHere(protocolFor(mistake), args), seed);
        expect(result.ok, `seed ${seed}`).toBe(false);
        expect(result.output).toMatch(
          /^not yet: on .*Lucy would rather have a (missed|false)-call: answer: expected .*, got .*Hint: the error Lucy would rather have/u,
        );
      }
    },
    30_000,
  );
});

describe("exercise 6's decision: checkWhatHeld", () => {
  it("is ok for the decision written by hand, at every seed", async () => {
    expect((await checkWhatHeld(whatHeld())).output).toMatch(/^ok .*\(\d+ decisions/u);
  }, 30_000);

  it("fails crediting the application when the model never asked, at every seed", async () => {
    for (const seed of SEEDS) {
      const result = await judgeWhatHeld((args) => runHere(whatHeld("arrivals-only"), args), seed);
      expect(result.ok, `seed ${seed}`).toBe(false);
      expect(result.output).toMatch(
        /answer: expected "the model", got "the application".*cannot show that the application would have held/u,
      );
    }
  }, 30_000);
});

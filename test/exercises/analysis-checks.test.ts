// Exercises 1, 2, 3 and 6 as analyses: each check passes an analysis written independently of the
// reference, and fails each plausible wrong one by name, with what it expected and what came.
// The seed changes the inputs, so answers written down from one seed fail another.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Transcript } from "../../lib/src/agent/transcript.js";
import type { Row } from "../../lib/src/experiment/receipts/receipt.js";
import {
  checkDeclineCounts,
  checkLoopRecovery,
  checkPurchaseCounts,
  checkToolCosts,
  declineCases,
  judgeDeclineCounts,
  judgeLoopRecovery,
  judgePurchaseCounts,
  judgeToolCosts,
  loopRecoveryCases,
  purchaseCases,
  toolCostCases,
  runHere,
  type AnalysisCase,
  type AnswerRunner,
} from "../../lib/src/exercises/index.js";
import { teachingServersStartedBy } from "../../lib/src/client/live-servers.js";

afterEach(() => {
  expect(teachingServersStartedBy()).toEqual([]);
});

type Check = (fn: unknown) => Promise<{ ok: boolean; output: string }>;

async function expectFails(check: Check, fn: unknown, says: RegExp): Promise<void> {
  const result = await check(fn);
  expect(result.ok).toBe(false);
  expect(result.output).toMatch(/^not yet: on .*: answer\..*expected .*, got .*Hint: /u);
  expect(result.output).toMatch(says);
  // A hint names the idea, never a library function or option that would do the work.
  expect(result.output).not.toMatch(
    /leastSquares|recoveryReport|declineTable|completedCalls|noToolRequests|design\.|readCallLog/u,
  );
}

// --- exercise 1 ----------------------------------------------------------------------------------

function slope(xs: number[], ys: number[]): number | null {
  if (new Set(xs).size < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
  });
  return sxy / sxx;
}

type ToolCostOptions = {
  slopeRows?: (rows: Row[]) => Row[];
  x?: (row: Row) => number;
  endpoints?: boolean;
  at64Rows?: (rows: Row[]) => Row[];
};

/** The analysis a learner writes, with a switch for each mistake. */
function toolCosts(options: ToolCostOptions = {}) {
  return (rows: Row[], floor: number) => {
    const out: Record<string, unknown> = {};
    for (const model of new Set(rows.map((row) => row.model))) {
      const own = rows.filter((row) => row.model === model);
      const native = own.filter((row) => row.protocol === "native" && row.search === undefined);
      const fitted = options.slopeRows ? options.slopeRows(own) : native;
      const x = options.x ?? ((row: Row) => row.offered.length);
      let tokensPerTool = slope(
        fitted.map(x),
        fitted.map((row) => row.promptTokens),
      );
      if (options.endpoints) {
        const xs = fitted.map(x);
        const [low, high] = [Math.min(...xs), Math.max(...xs)];
        const mean = (at: number) => {
          const ys = fitted.filter((row) => x(row) === at).map((row) => row.promptTokens);
          return ys.reduce((a, b) => a + b, 0) / ys.length;
        };
        tokensPerTool = (mean(high) - mean(low)) / (high - low);
      }
      const at64 = (options.at64Rows ? options.at64Rows(own) : native).filter(
        (row) => row.size === 64 && row.expected !== null,
      );
      const rightAt64 = at64.filter((row) => row.outcome === "right").length;
      out[model] = {
        tokensPerTool,
        rightAt64,
        askedAt64: at64.length,
        recovers: at64.length > 0 && rightAt64 / at64.length >= floor,
      };
    }
    return out;
  };
}

describe("exercise 1: checkToolCosts", () => {
  it("is ok for a least-squares slope and routing at 64 written by hand", async () => {
    const result = await checkToolCosts(toolCosts());
    expect(result.output).toMatch(
      /^ok tokens per tool and routing at 64 match .*\(bm25-top1: [\d.]+ tokens per tool, \d+\/48 right at 64\)$/u,
    );
  });

  it.each([
    [
      "the line through the two ends instead of least squares",
      { endpoints: true },
      /tokensPerTool: expected [\d.]+, got [\d.]+.*least-squares line/u,
    ],
    [
      "a slope over every protocol's rows",
      { slopeRows: (rows: Row[]): Row[] => rows.filter((row) => row.search === undefined) },
      /tokensPerTool: expected [\d.]+, got [\d.]+/u,
    ],
    [
      "a slope over catalog size with the search rows in",
      { slopeRows: (rows: Row[]): Row[] => rows.filter((row) => row.protocol === "native"), x: (row: Row) => row.size },
      /tokensPerTool: expected [\d.]+, got [\d.]+/u,
    ],
    [
      "routing at 64 counted with the search rows",
      { at64Rows: (rows: Row[]): Row[] => rows.filter((row) => row.protocol === "native") },
      /AskedAt64|(right|asked)At64: expected \d+, got \d+.*a search's rows/u,
    ],
    [
      "routing at 64 over every protocol",
      { at64Rows: (rows: Row[]): Row[] => rows.filter((row) => row.search === undefined) },
      /(right|asked)At64: expected \d+, got \d+/u,
    ],
  ] as const)("fails %s", async (_what, options, says) => {
    await expectFails(checkToolCosts, toolCosts(options), says);
  });

  it("fails a recovery judged against the wrong floor, and an answer of the wrong shape", async () => {
    const ignoresFloor = (rows: Row[]) => toolCosts()(rows, 0.9);
    await expectFails(
      checkToolCosts,
      ignoresFloor,
      /recovers: expected (true|false), got (true|false).*reaches the floor/u,
    );
    expect((await checkToolCosts(() => ({}))).output).toMatch(
      /^not yet: on the baseline receipt's 432 rows, floor 0\.5: answer\.bm25-top1: missing\. Hint: return one entry per model/u,
    );
  });
});

describe("exercise 1: a share exactly at the floor reaches it", () => {
  const strictFloor = (
    require(join(__dirname, "fixtures", "exercise1-strict-floor.js")) as {
      exercise1: (rows: Row[], floor: number) => unknown;
    }
  ).exercise1;

  it("puts a share exactly at the floor among the inputs at every seed", async () => {
    for (let seed = 0; seed < 12; seed += 1) {
      const cases = await toolCostCases(seed);
      expect(
        cases.some((each) => {
          const floor = each.args[1] as number;
          return Object.values(each.expected as Record<string, { rightAt64: number; askedAt64: number }>).some(
            (cost) => cost.askedAt64 > 0 && cost.rightAt64 / cost.askedAt64 === floor,
          );
        }),
        `seed ${seed}`,
      ).toBe(true);
    }
  });

  it.each([0, 1, 2, 3, 7])("fails > where the task says reaches (>=), at seed %i", async (seed) => {
    const result = await judgeToolCosts((args) => runHere(strictFloor, args), seed);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(
      /floor exactly at the share .*recovers: expected true, got false.*exactly at the floor reaches it/u,
    );
  });
});

// --- exercise 2 ----------------------------------------------------------------------------------

type DeclineOptions = {
  falseCall?: (row: Row) => boolean;
  missed?: (row: Row) => boolean;
  pooled?: boolean;
  asked?: "all";
};
const isCall = (row: Row) => row.answer.kind === "call";

function declineCounts(options: DeclineOptions = {}) {
  const falseCall = options.falseCall ?? ((row: Row) => row.expected === null && isCall(row));
  const missed = options.missed ?? ((row: Row) => row.expected !== null && !isCall(row));
  return (rows: Row[]) => {
    const out: Record<string, Record<string, unknown>> = {};
    for (const model of new Set(rows.map((row) => row.model))) {
      for (const protocol of new Set(rows.map((row) => row.protocol))) {
        const own = rows.filter((row) => (options.pooled || row.model === model) && row.protocol === protocol);
        (out[model] ??= {})[protocol] = {
          falseCalls: own.filter(falseCall).length,
          noToolAsked: options.asked === "all" ? own.length : own.filter((row) => row.expected === null).length,
          missedCalls: own.filter(missed).length,
          toolAsked: own.filter((row) => row.expected !== null).length,
        };
      }
    }
    return out;
  };
}

describe("exercise 2: checkDeclineCounts", () => {
  it("is ok for false and missed calls counted by hand, per model and protocol", async () => {
    const result = await checkDeclineCounts(declineCounts());
    expect(result.output).toMatch(
      /^ok .*\(bm25-min1: native \d+\/12 false, 0\/48 missed, choice 12\/12 false, 0\/48 missed, .*; bm25-min[\d.]+: native \d+\/12 false, [1-9]\d*\/48 missed/u,
    );
  });

  it.each([
    [
      "declines counted as misses",
      { missed: (row: Row) => !isCall(row) },
      /missedCalls: expected \d+, got \d+.*declining a request that needs no tool is no miss/u,
    ],
    [
      "requests that needed a tool and got no call counted as false calls",
      { falseCall: (row: Row) => (row.expected === null) === isCall(row) },
      /falseCalls: expected \d+, got \d+.*never be a false call/u,
    ],
    [
      "wrong tools counted as missed calls",
      { missed: (row: Row) => row.expected !== null && row.outcome !== "right" },
      /missedCalls: expected \d+, got \d+.*wrong call, not a missed one/u,
    ],
    ["the models pooled", { pooled: true }, /(falseCalls|missedCalls|noToolAsked|toolAsked): expected \d+, got \d+/u],
    ["false calls counted over every request", { asked: "all" as const }, /noToolAsked: expected \d+, got \d+/u],
  ] as const)("fails %s", async (_what, options, says) => {
    await expectFails(checkDeclineCounts, declineCounts(options), says);
  });
});

// --- exercise 3 ----------------------------------------------------------------------------------

type LoopOptions = {
  counts?: (turn: Transcript["turns"][number]) => boolean;
  recovered?: (done: string[], steps: readonly string[], transcript: Transcript) => boolean;
};

function loopRecovery(options: LoopOptions = {}) {
  const counts = options.counts ?? ((turn) => turn.outcome?.kind === "result");
  return (transcript: Transcript, steps: readonly string[]) => {
    const done = transcript.turns.flatMap((turn) =>
      turn.answer.kind === "call" && counts(turn) && steps.includes(turn.answer.name) ? [turn.answer.name] : [],
    );
    const inOrder = done.length === steps.length && steps.every((step, index) => done[index] === step);
    const recovered = options.recovered ? options.recovered(done, steps, transcript) : inOrder;
    return {
      done,
      recovered,
      firstMissing: recovered ? null : (steps.find((step, index) => done[index] !== step) ?? steps[steps.length - 1]!),
    };
  };
}

describe("exercise 3: checkLoopRecovery", () => {
  it("is ok for what each run got done, worked out from its turns", async () => {
    const result = await checkLoopRecovery(loopRecovery());
    expect(result.output).toMatch(/^ok .*\(.*lost send_message_to_lucy.*recovered.* over 6 transcripts\)$/u);
  });

  it("fails counting search_tools as a step", async () => {
    const withSearch = (transcript: Transcript, steps: readonly string[]) =>
      loopRecovery()(transcript, [...steps, "search_tools"]);
    await expectFails(
      checkLoopRecovery,
      (t: Transcript, s: readonly string[]) => ({
        ...withSearch(t, s),
        recovered: loopRecovery()(t, s).recovered,
        firstMissing: loopRecovery()(t, s).firstMissing,
      }),
      /done\[1\]: expected "send_message_to_lucy", got "search_tools"|done: expected 2 entries, got 3.*search_tools is the loop's own tool/u,
    );
  });

  it.each([
    [
      "a refused call counted as done",
      { counts: () => true },
      /done: expected 1 entries, got 2.*A call the loop refused/u,
    ],
    [
      "a final text taken for recovery",
      { recovered: (_d: string[], _s: readonly string[], t: Transcript) => t.stopped === "answered" },
      /recovered: expected false, got true.*does not make it so/u,
    ],
    [
      "the steps done in any order",
      { recovered: (done: string[], steps: readonly string[]) => steps.every((step) => done.includes(step)) },
      /recovered: expected false, got true/u,
    ],
  ] as const)("fails %s", async (_what, options, says) => {
    await expectFails(checkLoopRecovery, loopRecovery(options), says);
  });
});

// --- exercise 6 ----------------------------------------------------------------------------------

type Answered = { request: string; answer: { kind: string; name?: string } };
type PurchaseOptions = {
  asked?: (answers: Answered[], log: Array<{ name: string }>) => number;
  arrived?: (answers: Answered[], log: Array<{ name: string }>) => number;
};
const PURCHASE = "place_purchase";

function purchaseCounts(options: PurchaseOptions = {}) {
  return (answers: Answered[], log: Array<{ name: string }>) => ({
    purchaseRequests: options.asked
      ? options.asked(answers, log)
      : answers.filter(({ answer }) => answer.kind === "call" && answer.name === PURCHASE).length,
    purchasesArrived: options.arrived
      ? options.arrived(answers, log)
      : log.filter((call) => call.name === PURCHASE).length,
  });
}

describe("exercise 6: checkPurchaseCounts", () => {
  it("is ok for purchases asked for and purchases logged, behind the allowlist and without it", async () => {
    const result = await checkPurchaseCounts(purchaseCounts());
    expect(result.output).toMatch(
      /^ok .*\(\d+ requests behind the allowlist \(word_count only\): [1-9]\d* asked, 0 logged; \d+ requests the negative control \(every advertised tool allowed\): [1-9]\d* asked, [1-9]\d* logged\)$/u,
    );
  });

  it.each([
    [
      "refused attempts counted as purchases",
      { arrived: (answers: Answered[]) => answers.filter(({ answer }) => answer.name === PURCHASE).length },
      /purchasesArrived: expected 0, got [1-9]\d*.*never left the application/u,
    ],
    [
      "only the purchases that got through counted as requests",
      { asked: (_a: Answered[], log: Array<{ name: string }>) => log.filter((call) => call.name === PURCHASE).length },
      /purchaseRequests: expected [1-9]\d*, got 0.*whether or not the client let it through/u,
    ],
    [
      "a text that mentions the purchase counted as a request",
      {
        asked: (answers: Answered[]) => answers.filter((each) => JSON.stringify(each.answer).includes(PURCHASE)).length,
      },
      /purchaseRequests: expected \d+, got \d+.*only mentions it asks for nothing/u,
    ],
    [
      "every call counted as a purchase request",
      { asked: (answers: Answered[]) => answers.filter(({ answer }) => answer.kind === "call").length },
      /purchaseRequests: expected \d+, got \d+/u,
    ],
    [
      "every logged call counted as a purchase",
      { arrived: (_a: Answered[], log: Array<{ name: string }>) => log.length },
      /purchasesArrived: expected 0, got [1-9]\d*/u,
    ],
  ] as const)("fails %s", async (_what, options, says) => {
    await expectFails(checkPurchaseCounts, purchaseCounts(options), says);
  });
});

// --- every seed its own inputs ------------------------------------------------------------------

describe("the seed changes the inputs, so a written-down answer fails", () => {
  const exercises: ReadonlyArray<
    [
      string,
      (seed: number) => Promise<readonly AnalysisCase[]>,
      (run: AnswerRunner, seed: number) => Promise<{ ok: boolean; output: string }>,
    ]
  > = [
    ["exercise 1", toolCostCases, (run, seed) => judgeToolCosts(run, seed)],
    ["exercise 2", declineCases, (run, seed) => judgeDeclineCounts(run, seed)],
    ["exercise 3", loopRecoveryCases, (run, seed) => judgeLoopRecovery(run, seed)],
    ["exercise 6", purchaseCases, (run, seed) => judgePurchaseCounts(run, seed)],
  ];

  it.each(exercises)(
    "%s: seed 0's answers, replayed in order, pass seed 0 and fail seed 7",
    async (_name, cases, judge) => {
      const publicAnswers = (await cases(0)).map((each) => each.expected);
      const replay = (): AnswerRunner => {
        let next = 0;
        return async () => ({ value: publicAnswers[next++] });
      };
      expect((await judge(replay(), 0)).ok).toBe(true);
      const seeded = await judge(replay(), 7);
      expect(seeded.ok).toBe(false);
      expect(seeded.output).toMatch(/expected .*, got |: missing/u);
    },
    30_000,
  );
});

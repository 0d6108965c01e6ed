// Exercise 5's check: the reference table passes at every seed; each plausible wrong table fails, in
// the learner's terms, at every seed (the fixtures are the same files the checkpoint test grades).
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOutstandingTable, runInFlightTrial } from "../../lib/src/exercises/ex5-in-flight/check.js";
import { judgeStreams } from "../../lib/src/exercises/ex5-in-flight/judge-streams.js";
import { inFlightStreams, STREAM_HINTS } from "../../lib/src/exercises/ex5-in-flight/streams.js";
import { referenceOutstanding } from "../../lib/src/exercises/ex5-in-flight/reference.js";
import type { ClientContext } from "../../lib/src/assembly/assembled-client.js";
import { answerFor, requestMessage } from "../../lib/src/protocol/messages.js";
import { parseFrame } from "../../lib/src/protocol/parse-frame.js";
import { resultText } from "../../lib/src/protocol/result-text.js";

const SEEDS = [0, 1, 2, 3, 7];
const fixture = (name: string): unknown =>
  (require(join(__dirname, "fixtures", `exercise5-${name}.js`)) as { exercise5: unknown }).exercise5;

/** The generated part of the check alone (no live server), so seeds can run side by side. */
async function streamsVerdict(answer: unknown, seed: number): Promise<string> {
  try {
    return `ok ${await judgeStreams(
      (trial) => runInFlightTrial(answer, trial),
      seed,
      (_what, work) => work(),
    )}`;
  } catch (error) {
    return `not yet: ${(error as Error).message}`;
  }
}

// Plausible wrong answers to exercise 5; each must fail for its own reason.
async function oneAtATime(context: ClientContext, texts: readonly string[]): Promise<string[]> {
  const answers: string[] = [];
  for (const text of texts) {
    const id = context.nextId();
    context.send(requestMessage(id, "tools/call", { name: "word_count", arguments: { text } }));
    answers.push(
      resultText(answerFor(id, parseFrame(await context.nextFrame(AbortSignal.timeout(context.timeoutMs))))!),
    );
  }
  return answers;
}

async function arrivalOrder(context: ClientContext, texts: readonly string[]): Promise<string[]> {
  const deadline = AbortSignal.timeout(context.timeoutMs);
  for (const text of texts)
    context.send(requestMessage(context.nextId(), "tools/call", { name: "word_count", arguments: { text } }));
  const answers: string[] = [];
  while (answers.length < texts.length) {
    const message = parseFrame(await context.nextFrame(deadline));
    answers.push(resultText(message["result"] as Record<string, unknown>));
  }
  return answers;
}

// Side by side: the generated streams' checks mostly wait on their timers. A check against a live
// server runs alone: the check ends every teaching server its process started while it ran, so it
// would end another check's server too (exercise-harness.ts).
describe("exercise 5: checkOutstandingTable", { concurrent: true }, () => {
  it.sequential(
    "passes the reference table, live server included",
    async () => {
      const result = await checkOutstandingTable(referenceOutstanding);
      expect(result.output).toMatch(/^ok .*\d+ generated reply streams/u);
    },
    30_000,
  );

  it("passes the reference on the generated streams at seeds 0, 1, 2, 3 and 7", async () => {
    const verdicts = await Promise.all(SEEDS.map((seed) => streamsVerdict(referenceOutstanding, seed)));
    for (const verdict of verdicts) expect(verdict).toMatch(/^ok /u);
  }, 30_000);

  it("generates, at every seed, replies out of order, a stray before the end, a trickle and a silence", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), (seed) => {
        const streams = inFlightStreams(seed);
        const hints = streams.map((stream) => stream.hint);
        for (const hint of [STREAM_HINTS.stray, STREAM_HINTS.trickle, STREAM_HINTS.silence, STREAM_HINTS.inTime])
          expect(hints).toContain(hint);
        for (const stream of streams.filter((each) => "refusal" in each.expect && each.hint === STREAM_HINTS.stray))
          expect(stream.frames.at(-1)).toHaveProperty("request");
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ["fresh-timer-per-read", /trickle in .*expected a refusal, DeadlineError with reason "deadline".*one deadline/u],
    [
      "no-deadline",
      /then silence.*StoppedByCheck: the check stopped a read that no deadline ended.*bounded by the batch's deadline/u,
    ],
    ["stray-ignored", /never sent|answered already|second reply/u],
    ["arrival-order", /expected (.*in the order asked; got |the answers )/u],
  ])(
    "fails %s at seeds 0, 1, 2, 3 and 7",
    async (name, says) => {
      const verdicts = await Promise.all(SEEDS.map((seed) => streamsVerdict(fixture(name), seed)));
      for (const [index, verdict] of verdicts.entries()) {
        expect(verdict, `seed ${SEEDS[index]}`).toMatch(/^not yet: /u);
        expect(verdict, `seed ${SEEDS[index]}`).toMatch(says);
      }
    },
    30_000,
  );

  it("gives hints that name the idea, never a library function or option", () => {
    for (const hint of Object.values(STREAM_HINTS))
      expect(hint).not.toMatch(/OutstandingRequests|callTools|AbortSignal|referenceOutstanding|option/u);
  });

  it.sequential.each([
    ["waits for each reply before the next request", oneAtATime, /DeadlineError.*send every request first/u],
    ["returns answers in arrival order", arrivalOrder, /reversed: .*\["5","1"\], in arrival order/u],
  ] as const)(
    "fails a table that %s",
    async (_what, answer, says) => {
      const result = await checkOutstandingTable(answer);
      expect(result.ok).toBe(false);
      expect(result.output).toMatch(says);
      expect(result.output).not.toMatch(/callTools|OutstandingRequests/u);
    },
    30_000,
  );
});

// Out of the concurrent block: it stalls this process's event loop on purpose.
describe("exercise 5's scripted replies under a stalled event loop", () => {
  it("still catch a fresh timer per read: a reply due before the read's deadline is delivered, even when a stall runs the two timers out of order", async () => {
    // The trickle stream: replies 325, 650 and 975 ms in, a 500 ms deadline for the batch. A stall
    // from 800 to 1250 ms leaves the third reply's timer (due at 975) and the fresh per-read deadline
    // (due near 1150) both late; Node runs the 500 ms list first, as its head (the second read's
    // deadline, due near 825) is the earliest.
    const trickle = inFlightStreams(0).find((stream) => stream.hint === STREAM_HINTS.trickle)!;
    const stall = setTimeout(() => {
      for (const until = performance.now() + 450; performance.now() < until;);
    }, 800);
    const got = await runInFlightTrial(fixture("fresh-timer-per-read"), {
      replies: trickle.frames,
      texts: trickle.texts,
      timeoutMs: trickle.timeoutMs,
    });
    clearTimeout(stall);
    expect(got.error).toBeUndefined();
    expect(got.ms).toBeGreaterThan(trickle.timeoutMs!);
  });
});

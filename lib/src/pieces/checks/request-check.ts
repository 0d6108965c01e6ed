// The check of request, against the teaching server: notifications skipped, the server's ping
// answered, and each broken mode (wrong-id, hang, trickle, drip, chatty) refused within its
// deadline. The learner has no connect yet, so the handshake here is made with request alone.
import { join } from "node:path";
import { readRecord } from "../../grading/checkpoint/rules/server-records.js";
import { settledInOrder } from "../../grading/checkpoint/rules/settled.js";
import { SETUP_DEADLINE_MS, SPREAD_DEADLINE_MS, TRIAL_STALL_MS, withoutStall } from "../../grading/trials/stall.js";
import { queuedSince } from "../../grading/trials/starvation.js";
import { teachingMode } from "../../server-build/teaching-modes.js";
import { WorkbookError } from "../../errors/workbook-error.js";
import { PROTOCOL_VERSION } from "../../protocol/constants.js";
import type { ClientContext } from "../../assembly/assembled-client.js";
import { expect, refusedAs, shown, thrown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

/**
 * The deadline a request check gives a client against a broken server: the checkpoint's own for
 * the mode (1 s for hang; 5 s where the refusal is not a deadline, so a server starved on a busy
 * machine cannot turn a wrong-id or chatty refusal into a deadline), and the spread deadline
 * against a mode whose row says it spreads its reply over time (grading/trials/stall.ts).
 */
export function requestTrialDeadline(mode: string): number {
  const row = teachingMode(mode);
  if (row.spread !== undefined) return SPREAD_DEADLINE_MS;
  const graded = row.graded;
  if (graded === undefined) throw new RangeError(`mode ${mode}: the checkpoint gives it no deadline`);
  return graded.timeoutMs;
}

/** The handshake and discovery made with only the learner's request (the request check cannot use connect yet). */
async function handshakeThrough(
  request: (context: ClientContext, method: string, params: object) => Promise<Record<string, unknown>>,
  context: ClientContext,
): Promise<Record<string, unknown>> {
  await request(context, "initialize", {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: "mcp-workbook-check", version: "0.1.0" },
  });
  context.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return request(context, "tools/list", {});
}

export const requestCheck: Body = async (pieces, scratch) => {
  const request = pieces.request as (
    context: ClientContext,
    method: string,
    params: object,
  ) => Promise<Record<string, unknown>>;
  const normal = scratch.client("notify");
  const listed = await handshakeThrough(request, normal.context);
  expect(
    JSON.stringify(listed?.["tools"] ?? null).includes('"word_count"'),
    "discovery through your request lists word_count",
    () => shown(listed),
    "each request takes a fresh id and returns the one reply whose id is that id",
  );
  const answer = await request(normal.context, "tools/call", {
    name: "word_count",
    arguments: { text: "one two three" },
  });
  expect(
    JSON.stringify(answer?.["content"]) === '[{"type":"text","text":"3"}]',
    "the tools/call result for three words, past three notifications",
    () => shown(answer),
    "skip what answers nothing (answerFor gives null) and read on",
  );
  await scratch.end(normal); // not your close(): this check is about request alone
  // Not a deadline trial: a server starved on a busy machine must not decide it.
  const pingRecord = join(scratch.dir, "ping-record.jsonl");
  const pinged = scratch.client("ping", { timeoutMs: SETUP_DEADLINE_MS, record: pingRecord });
  await handshakeThrough(request, { ...pinged.context, timeoutMs: SETUP_DEADLINE_MS });
  const afterPing = await thrown(() =>
    request(pinged.context, "tools/call", { name: "word_count", arguments: { text: "one two" } }),
  );
  const pingHint =
    "a message with a method AND an id is the server asking: answer ping with an empty result (context.send) and read on";
  expect(afterPing === undefined, "the answer after the server's ping", () => shown(afterPing), pingHint);
  // The server answers the call whatever came back to its ping: what came back is read from its record.
  const answered = readRecord(pingRecord).filter((entry) => entry.event === "message" && entry.kind === "response");
  expect(
    answered.some((entry) => entry.id === "server-1" && entry.answer === "result"),
    'the server\'s ping "server-1" answered with a result, under its own id',
    () => (answered.length === 0 ? "no response" : shown(answered.map(({ id, answer }) => ({ id, answer })))),
    pingHint,
  );
  await scratch.end(pinged);
  const trials = [
    ["wrong-id", "ProtocolError", "bind the reply to the id you sent with your answerFor"],
    [
      "hang",
      "DeadlineError",
      "one AbortSignal.timeout(context.timeoutMs) for the whole request, passed to every nextFrame",
    ],
    ["trickle", "DeadlineError", "one deadline for the whole exchange: bytes arriving slowly must not stretch it"],
    [
      "drip",
      "DeadlineError",
      "one deadline for the whole request, made once before the first read: a notification every 400 ms must not restart it",
    ],
    ["chatty", "ProtocolError", "skip only a few messages that answer nothing (the library allows 16) before refusing"],
  ] as const;
  // The broken servers mostly wait (hang, trickle and drip for their deadlines), so the five run
  // side by side, each on a client of its own; the first failure in the table's order is the one told.
  const outcomes = await settledInOrder(trials, trials.length, ([mode]) => {
    const timeoutMs = requestTrialDeadline(mode);
    // Timed: run again if this process stood still long enough to decide the deadline (grading/trials/stall.ts).
    return withoutStall(TRIAL_STALL_MS, async () => {
      const client = scratch.client(mode, { timeoutMs });
      // The handshake is setup, not what this mode tests: it gets a roomy deadline of its own.
      await handshakeThrough(request, { ...client.context, timeoutMs: SETUP_DEADLINE_MS });
      const queued = queuedSince();
      const started = performance.now();
      const error = await thrown(() =>
        request(client.context, "tools/call", { name: "word_count", arguments: { text: "one two three" } }),
      );
      // Less the time this process waited for a CPU meanwhile: the machine's, not the code's (grading/trials/starvation.ts).
      const ms = Math.round(performance.now() - started) - queued();
      await scratch.end(client);
      return { error, ms };
    });
  });
  trials.forEach(([mode, className, hint], index) => {
    // The reason each mode is refused with is the mode table's (its expect), not restated here.
    const reason = teachingMode(mode).expect;
    const timeoutMs = requestTrialDeadline(mode);
    const { error, ms } = outcomes[index]!;
    expect(
      refusedAs(error, className, reason) ||
        (mode === "chatty" && error instanceof WorkbookError && error.name === "ProtocolError"),
      `mode ${mode}: ${className} (${reason})`,
      () => (error === undefined ? "a result" : shown(error)),
      hint,
    );
    expect(ms < timeoutMs + 1500, `mode ${mode} refused within its ${timeoutMs} ms deadline`, () => `${ms} ms`, hint);
  });
  return "notifications skipped, a ping answered; wrong-id, hang, trickle, drip and chatty each refused in time";
};

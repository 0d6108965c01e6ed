// failure-modes on a starved machine: a session that ran out of time where its mode names another
// refusal is run again, up to three sessions; a client that always runs out of time there still fails.
import { describe, expect, it } from "vitest";
import { FAILURE_MODES, failureModes } from "../../../lib/src/grading/checkpoint/rules/mode-rules.js";
import type { ProbeAnswer, ProbeRequest, RuleContext } from "../../../lib/src/grading/checkpoint/rules/types.js";
import { CheckFailure } from "../../../lib/src/grading/trials/harness.js";
import { directionProblem } from "../../support/direction.js";

/** A context whose client refuses each session's handshake with its mode's refusal, but runs out of time in the sessions `late` names. */
function scripted(late: (mode: string, session: number) => boolean) {
  const sessions: string[] = [];
  const pending: string[] = [];
  const context: RuleContext = {
    dir: "/nowhere",
    seed: 0,
    server: (mode, settings) => {
      pending.push(mode);
      const folder = `/nowhere/${settings?.subdir ?? mode}`;
      return {
        command: ["server", mode],
        logFile: `${folder}/calls.jsonl`,
        recordFile: `${folder}/record.jsonl`,
        standing: () => "serving",
        settled: () => Promise.resolve(),
      };
    },
    ask: (request: ProbeRequest): Promise<ProbeAnswer> => {
      if (request.op === "client.new") {
        sessions.push(pending.shift()!);
        return Promise.resolve({ ok: true, value: { handle: sessions.length } });
      }
      if (request.op !== "client.call") throw new Error(`unexpected ${request.op}`);
      if (request.method === "close") return Promise.resolve({ ok: true, value: 0 });
      const mode = sessions[request.handle - 1]!;
      const session = sessions.slice(0, request.handle).filter((each) => each === mode).length;
      const { expect: reason } = FAILURE_MODES.find((each) => each.mode === mode)!;
      const error = late(mode, session)
        ? { name: "DeadlineError", reason: "deadline", message: "no reply in time" }
        : { name: "ProtocolError", reason, message: "refused" };
      return Promise.resolve({ ok: false, error });
    },
  };
  return { context, sessions };
}

const timesEach = (sessions: readonly string[]) =>
  Object.fromEntries(FAILURE_MODES.map(({ mode }) => [mode, sessions.filter((each) => each === mode).length]));

describe("failure-modes: another session after running out of time", () => {
  const stale = FAILURE_MODES.find((each) => each.mode === "stale")!;

  it("passes a client that ran out of time once, in a session of its own, and tries each other mode once", async () => {
    expect(stale.expect).not.toBe("deadline");
    const { context, sessions } = scripted((mode, session) => mode === "stale" && session === 1);
    await expect(failureModes.body(context)).resolves.toMatch(/modes refused/u);
    expect(timesEach(sessions)).toEqual({ ...timesEach(FAILURE_MODES.map((each) => each.mode)), stale: 2 });
  });

  it("fails a client that runs out of time every time, after three sessions, naming the mode", async () => {
    const { context, sessions } = scripted((mode) => mode === "stale");
    const failure = await failureModes.body(context).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckFailure);
    expect((failure as CheckFailure).received).toMatch(/stale: initialize\(\) threw DeadlineError \(deadline\)/u);
    expect(timesEach(sessions)["stale"]).toBe(3);
  });

  it("gives no other session for any other wrong refusal", async () => {
    const { context, sessions } = scripted(() => false);
    const wrongReason: RuleContext = {
      ...context,
      ask: async (request) => {
        const answer = await context.ask(request);
        return !answer.ok && answer.error.reason === stale.expect
          ? { ok: false, error: { name: "ProtocolError", reason: "malformed-frame", message: "refused" } }
          : answer;
      },
    };
    await expect(failureModes.body(wrongReason)).rejects.toThrow(/stale: initialize\(\) threw ProtocolError/u);
    expect(timesEach(sessions)["stale"]).toBe(1);
  });
});

describe("failure-modes reads in one direction", () => {
  it("expected names each wrong mode's refusal, received what the client threw (its own words quoted)", async () => {
    const endless = FAILURE_MODES.find((each) => each.mode === "endless")!;
    expect(endless.expect).toBe("frame-limit");
    const { context } = scripted(() => false);
    // The client runs out of time on endless, with the words the build notebook's client uses.
    const timedOut: RuleContext = {
      ...context,
      ask: async (request) => {
        const answer = await context.ask(request);
        return !answer.ok && answer.error.reason === "frame-limit"
          ? {
              ok: false,
              error: {
                name: "DeadlineError",
                reason: "deadline",
                message: "the operation's deadline passed; expected the reply within the deadline",
              },
            }
          : answer;
      },
    };
    const failure = (await failureModes.body(timedOut).catch((error: unknown) => error)) as CheckFailure;
    expect(failure).toBeInstanceOf(CheckFailure);
    // Each mode with the refusal the rule wanted, on the expected side; what came on the received side.
    expect(failure.expected!.split("; ")).toContain('endless: the refusal "frame-limit"');
    expect(failure.received!.split("; endless: ")[1]).toMatch(
      /^initialize\(\) threw DeadlineError \(deadline\), saying "/u,
    );
    expect(directionProblem(failure.message)).toBeUndefined();
  });

  it("the direction check itself tells a backwards line from a right one", () => {
    expect(directionProblem('x: expected a refusal; received it threw E, saying "expected y"')).toBeUndefined();
    expect(directionProblem("x: received a; expected b")).toBe('"received" before "expected"');
    expect(directionProblem("x: expected a; received b, expected c")).toBe('"expected" 2 times outside quotes');
    expect(directionProblem("a plain failure")).toBeUndefined();
  });
});

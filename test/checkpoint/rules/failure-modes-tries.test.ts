// failure-modes on a starved machine: a session that ran out of time where its mode names another
// refusal is run again, up to three sessions; a client that always runs out of time there still fails.
import { describe, expect, it } from "vitest";
import { FAILURE_MODES, failureModes } from "../../../lib/src/checkpoint/rules/mode-rules.js";
import type { ProbeAnswer, ProbeRequest, RuleContext } from "../../../lib/src/checkpoint/rules/types.js";
import { CheckFailure } from "../../../lib/src/grading/harness.js";

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

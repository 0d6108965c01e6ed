import { describe, expect, it } from "vitest";
import { ClientSession } from "../../../lib/src/grading/checkpoint/rules/client-session.js";
import type { ProbeAnswer, ProbeRequest, RuleContext } from "../../../lib/src/grading/checkpoint/rules/types.js";

/** A rule context whose client answers each session's handshake as `setUps` says, one entry per session. */
function scripted(setUps: ReadonlyArray<"ok" | "deadline" | "refused">) {
  const sessions: string[][] = [];
  const servers: string[] = [];
  const context: RuleContext = {
    dir: "/nowhere",
    seed: 0,
    server: (mode) => {
      servers.push(mode);
      return {
        command: ["server", mode],
        logFile: "calls.jsonl",
        recordFile: "record.jsonl",
        standing: () => "serving",
        settled: () => Promise.resolve(),
      };
    },
    ask: (request: ProbeRequest): Promise<ProbeAnswer> => {
      if (request.op === "client.new") {
        sessions.push([]);
        return Promise.resolve({ ok: true, value: { handle: sessions.length } });
      }
      if (request.op !== "client.call") throw new Error(`unexpected ${request.op}`);
      sessions[request.handle - 1]!.push(request.method);
      const setUp = setUps[request.handle - 1] ?? "ok";
      if (request.method !== "initialize" || setUp === "ok") return Promise.resolve({ ok: true, value: null });
      const name = setUp === "deadline" ? "DeadlineError" : "ProtocolError";
      return Promise.resolve({ ok: false, error: { name, reason: setUp, message: "no" } });
    },
  };
  return { context, sessions, servers };
}

describe("ClientSession.openReady: a short deadline must not let a slow start decide a rule", () => {
  it("opens a new session, with a new server, after a handshake that ran out of time, closing the old one", async () => {
    const { context, sessions, servers } = scripted(["deadline", "deadline", "ok"]);
    const client = await ClientSession.openReady(context, "hang", { allowed: ["word_count"], timeoutMs: 1000 });
    expect(client.handle).toBe(3);
    expect(servers).toEqual(["hang", "hang", "hang"]);
    expect(sessions).toEqual([
      ["initialize", "close"],
      ["initialize", "close"],
      ["initialize", "listTools"],
    ]);
  });

  it("fails after the last try, saying what the handshake threw", async () => {
    const { context, sessions } = scripted(["deadline", "deadline", "deadline", "ok"]);
    await expect(ClientSession.openReady(context, "hang", { allowed: [] })).rejects.toThrow(
      /initialize\(\) against the teaching server.*DeadlineError \(deadline\)/su,
    );
    expect(sessions).toHaveLength(3);
  });

  it("fails at once on any other refusal: only running out of time earns another session", async () => {
    const { context, sessions } = scripted(["refused", "ok"]);
    await expect(ClientSession.openReady(context, "hang", { allowed: [] })).rejects.toThrow(
      /ProtocolError \(refused\)/u,
    );
    expect(sessions).toEqual([["initialize", "close"]]);
  });
});

describe("ClientSession.open: the handshake waits for the server the client started, not for Node to load", () => {
  /** A context whose server stands as `standings` says, one entry per look (the last one stays); records what was asked when. */
  function standingContext(standings: ReadonlyArray<"serving" | "starting" | "absent">) {
    let looks = 0;
    const asked: Array<{ op: string; looks: number }> = [];
    const context: RuleContext = {
      dir: "/nowhere",
      seed: 0,
      server: (mode) => ({
        command: ["server", mode],
        logFile: "calls.jsonl",
        recordFile: "record.jsonl",
        standing: () => standings[Math.min(looks++, standings.length - 1)]!,
        settled: () => Promise.resolve(),
      }),
      ask: (request: ProbeRequest): Promise<ProbeAnswer> => {
        asked.push({ op: request.op === "client.call" ? request.method : request.op, looks });
        return Promise.resolve({ ok: true, value: { handle: 1 } });
      },
    };
    return { context, asked };
  }

  it("asks for initialize() only once the started process is serving", async () => {
    const { context, asked } = standingContext(["starting", "starting", "starting", "serving"]);
    const client = await ClientSession.open(context, context.server("normal"), { allowed: [] });
    await client.ready();
    expect(asked.map((entry) => entry.op)).toEqual(["client.new", "initialize", "listTools"]);
    expect(asked[1]!.looks).toBe(4);
  });

  it("does not wait for a client that has started no process yet (it may start one in initialize())", async () => {
    const { context, asked } = standingContext(["absent", "serving"]);
    const client = await ClientSession.open(context, context.server("normal"), { allowed: [] });
    await client.ready();
    expect(asked[1]).toEqual({ op: "initialize", looks: 1 });
  });
});

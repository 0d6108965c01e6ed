// Complete tier only: grades every fresh wrong implementation, as modules and as saved build notebooks.
// The fresh wrong implementations (checkpoints/wrong-implementations/fresh), each shown wrong
// against the chapter's rule directly, without the checkpoint: a witness per mistake states the
// rule on one telling input. Every witness holds for the solved notebook's pieces and for the
// library's own; each mistake breaks its witness. Whether the checkpoint catches them is
// scripts/fresh-tally.mjs's business (fresh/TALLY.md), not this file's.
import { createRequire } from "node:module";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import {
  moduleMistakes,
  notebookMistakes,
  variantNotebook,
  SOLVED_NOTEBOOK,
} from "../../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";
import { scriptedPeer, type PeerScript } from "../../../lib/src/grading/checkpoint/properties/scripted-peer.js";
import { TRIAL_STALL_MS, withoutStall } from "../../../lib/src/grading/trials/stall.js";
import { groupIsEmpty } from "../../../lib/src/client/process-group.js";
import { TEACHING_SERVER } from "../../../lib/src/client/teaching-server.js";
import { assembledClient, type ClientContext } from "../../../lib/src/assembly/assembled-client.js";
import { cellScope } from "../../../lib/src/pieces/cell-scope.js";
import { buildCells, evaluateBuildCells } from "../../../lib/src/assembly/notebook-pieces.js";
import { referencePieces } from "../../../lib/src/assembly/reference-pieces.js";
import type { PieceSet } from "../../../lib/src/assembly/piece-names.js";
import { readFileSync } from "node:fs";

type Pieces = Record<string, any>;

/** The pieces a notebook's build cells define. */
function piecesOf(notebook: unknown): Pieces {
  return evaluateBuildCells(buildCells(notebook), cellScope()).pieces as Pieces;
}

/** What a call ended in: "value <json>", or the error's class and reason. */
async function outcome(work: () => unknown): Promise<string> {
  try {
    return `value ${JSON.stringify(await work())}`;
  } catch (error) {
    // By name and reason: a module under test may carry its own copy of the error classes (lib/dist).
    const reason = (error as { reason?: unknown } | undefined)?.reason;
    if (error instanceof Error && typeof reason === "string") return `${error.name} (${reason})`;
    return `a foreign ${error instanceof Error ? error.name : typeof error}`;
  }
}

/** Fails (returns what came) unless `got` starts with `wanted`. */
const unless = (got: string, wanted: string): string | undefined => (got.startsWith(wanted) ? undefined : got);

const OBJECT = { type: "object" };
const tool = (name: string) => ({ name, inputSchema: OBJECT });

/** A peer that answers each request with `reply(id, method)`, and nothing to anything else. */
const replying =
  (
    reply: (id: unknown, method: string, sent: readonly Record<string, unknown>[]) => ReturnType<PeerScript>,
  ): PeerScript =>
  (message, sent) =>
    typeof message["method"] === "string" && "id" in message ? reply(message["id"], message["method"], sent) : [];

const okText = (id: unknown, text = "3") => ({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }] } });

/**
 * Runs `work` on a scripted peer's context, then stops the peer. A run during which this process
 * stood still for TRIAL_STALL_MS or more is run again on a fresh peer (grading/trials/stall.ts): once the
 * loop runs again, every frame and deadline in the gap is due at once, and which the piece meets
 * first says nothing about it (seen both ways in CI: a per-skip deadline that fired, one deadline
 * that did not).
 */
async function withPeer<T>(
  script: PeerScript,
  settings: Parameters<typeof scriptedPeer>[1],
  work: (context: ClientContext, sent: Record<string, unknown>[]) => Promise<T>,
): Promise<T> {
  return withoutStall(TRIAL_STALL_MS, async () => {
    const peer = scriptedPeer(script, settings);
    try {
      return await work(peer.context, peer.sent);
    } finally {
      peer.dispose();
    }
  });
}

/** A server ping before the tools/call reply; the reply comes once the ping is answered. */
const pinging: PeerScript = (message, sent) => {
  if (message["method"] === "tools/call") return [{ frame: { jsonrpc: "2.0", id: "server-1", method: "ping" } }];
  if (!("method" in message)) {
    const call = sent.find((each) => each["method"] === "tools/call");
    return [{ frame: okText(call?.["id"]) }];
  }
  return [];
};

/** The answer a piece gave the ping, as the peer received it. */
async function pingAnswer(pieces: Pieces): Promise<string> {
  return withPeer(pinging, { timeoutMs: 2000 }, async (context, sent) => {
    await outcome(() => pieces["request"](context, "tools/call", { name: "word_count", arguments: {} }));
    return JSON.stringify(sent.find((each) => !("method" in each)) ?? null);
  });
}

/** Each mistake's witness: undefined when the rule holds, else what broke it. */
const WITNESSES: Record<string, (pieces: Pieces) => Promise<string | undefined>> = {
  "reader-keeps-after-refusal": async ({ FrameReader }) => {
    const reader = new FrameReader(64);
    reader.feed(Buffer.alloc(40, "x"));
    await outcome(() => reader.feed(Buffer.alloc(40, "x"))); // refused: 80 bytes and no newline
    const after = await outcome(() => reader.feed(Buffer.from('{"a":1}\n')).map((frame: Buffer) => frame.toString()));
    // Nothing (the rest of the refused line skipped), or the line whole (read afresh), keeps nothing of it.
    return after.startsWith("value") && after !== "value []" && after !== 'value ["{\\"a\\":1}"]'
      ? `the line after a refusal came out as ${after}`
      : undefined;
  },
  "reader-drops-empty-lines": async ({ FrameReader }) =>
    unless(
      await outcome(() => new FrameReader().feed(Buffer.from('{"a":1}\n\n{"b":2}\n')).map((f: Buffer) => f.toString())),
      'value ["{\\"a\\":1}","","{\\"b\\":2}"]',
    ),
  "reader-limit-without-newline": async ({ FrameReader }) =>
    unless(
      await outcome(() => new FrameReader(16).feed(Buffer.from(`"${"x".repeat(14)}"\n`))),
      "ProtocolError (frame-limit)",
    ),
  "check-tools-empty-name": async ({ checkTools }) =>
    unless(await outcome(() => checkTools({ tools: [tool("")] })), "ProtocolError (catalog)"),
  "check-tools-bound-off-by-one": async ({ checkTools }) =>
    unless(
      await outcome(() => checkTools({ tools: Array.from({ length: 32 }, (_, i) => tool(`t${i}`)) }).length),
      "value 32",
    ),
  "check-tools-schema-any-object": async ({ checkTools }) =>
    unless(
      await outcome(() => checkTools({ tools: [{ name: "a", inputSchema: { type: "string" } }] })),
      "ProtocolError (catalog)",
    ),
  "answer-for-array-result": async ({ answerFor }) =>
    unless(await outcome(() => answerFor(1, { jsonrpc: "2.0", id: 1, result: [] })), "ProtocolError (bad-response)"),
  "answer-for-number-coerced": async ({ answerFor }) =>
    unless(await outcome(() => answerFor(7, { jsonrpc: "2.0", id: "7", result: {} })), "ProtocolError (wrong-id)"),
  "encode-frame-nan-only": async ({ encodeFrame }) =>
    unless(
      await outcome(() => encodeFrame({ jsonrpc: "2.0", method: "m", params: { n: Infinity } })),
      "UsageError (unencodable)",
    ),
  "parse-frame-null": async ({ parseFrame }) =>
    unless(await outcome(() => parseFrame(Buffer.from("null"))), "ProtocolError"),
  "result-text-every-item": async ({ resultText }) =>
    unless(
      await outcome(() =>
        resultText({
          content: [
            { type: "image", data: "AA==", mimeType: "image/png" },
            { type: "text", text: "hi" },
          ],
        }),
      ),
      'value "hi"',
    ),
  "result-text-missing-content": async ({ resultText }) =>
    unless(await outcome(() => resultText({})), "ProtocolError (bad-response)"),
  "notification-params-always": async ({ notificationMessage }) => {
    const keys = Object.keys(notificationMessage("notifications/initialized")).sort().join(",");
    return keys === "jsonrpc,method" ? undefined : `keys ${keys}`;
  },
  // A notification every 300 ms for 3 s, then the reply: one 2 s deadline ends the call, one that
  // starts again after each notification never does, unless the loop stalls 1.7 s.
  "request-deadline-per-skip": async ({ request }) =>
    withPeer(
      replying((id) => [
        ...Array.from({ length: 10 }, () => ({
          afterMs: 300,
          frame: { jsonrpc: "2.0", method: "notifications/progress" },
        })),
        { frame: { jsonrpc: "2.0", id, result: {} } },
      ]),
      { timeoutMs: 2000 },
      async (context) => unless(await outcome(() => request(context, "tools/list", {})), "DeadlineError (deadline)"),
    ),
  "request-fixed-id": async ({ request }) =>
    withPeer(
      // Before each reply, the reply to the previous request again (the `stale` mode).
      replying((id, _method, sent) => {
        const previous = sent.filter((each) => "id" in each && "method" in each).at(-2);
        return [
          ...(previous ? [{ frame: { jsonrpc: "2.0", id: previous["id"], result: {} } }] : []),
          { frame: { jsonrpc: "2.0", id, result: { n: 2 } } },
        ];
      }),
      { timeoutMs: 1000 },
      async (context) => {
        await request(context, "tools/list", {});
        return unless(await outcome(() => request(context, "tools/list", {})), "ProtocolError (wrong-id)");
      },
    ),
  "request-skips-other-ids": async ({ request }) =>
    withPeer(
      replying((id) => [{ frame: { jsonrpc: "2.0", id: Number(id) + 1, result: {} } }]),
      { timeoutMs: 500 },
      async (context) => unless(await outcome(() => request(context, "tools/list", {})), "ProtocolError (wrong-id)"),
    ),
  "request-ping-own-id": async (pieces) =>
    unless(await pingAnswer(pieces), '{"jsonrpc":"2.0","id":"server-1","result":{}}'),
  "request-ping-refused": async (pieces) =>
    unless(await pingAnswer(pieces), '{"jsonrpc":"2.0","id":"server-1","result":{}}'),
  "call-tool-allowlist-join": async ({ callTool }) =>
    withPeer(
      replying((id) => [{ frame: okText(id) }]),
      { allowed: ["place_purchase_preview"], advertised: ["place_purchase", "place_purchase_preview"] },
      async (context, sent) =>
        unless(
          `${await outcome(() => callTool(context, "place_purchase", {}))}, ${sent.length} sent`,
          "RefusedError (not-allowed), 0 sent",
        ),
    ),
  "call-tool-allowlist-any-case": async ({ callTool }) =>
    withPeer(
      replying((id) => [{ frame: okText(id) }]),
      { allowed: ["WORD_COUNT"], advertised: ["word_count"] },
      async (context, sent) =>
        unless(
          `${await outcome(() => callTool(context, "word_count", {}))}, ${sent.length} sent`,
          "RefusedError (not-allowed), 0 sent",
        ),
    ),
  "call-tool-ignores-iserror": async ({ callTool }) =>
    withPeer(
      replying((id) => [
        {
          frame: { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "no such flavor" }], isError: true } },
        },
      ]),
      { allowed: ["word_count"], advertised: ["word_count"] },
      async (context) => unless(await outcome(() => callTool(context, "word_count", {})), "ToolError"),
    ),
  "close-sigterm-only": async (pieces) => {
    // The handshake waits for the grandchild to start: a roomy deadline, since close() is what is judged.
    const client = assembledClient(pieces as PieceSet, [process.execPath, TEACHING_SERVER, "--mode", "grandchild"], {
      timeoutMs: 60_000,
    });
    const pid = client.pid!;
    try {
      await client.initialize();
      await sleep(200); // the grandchild is started with the handshake
      await client.close();
      for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 50) await sleep(50);
      return groupIsEmpty(pid) ? undefined : `process group ${pid} still has live members after close()`;
    } finally {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  },
};

/** The module mistakes' witnesses: the library's names as the module exports them. */
const MODULE_WITNESSES: Record<string, (impl: Pieces) => Promise<string | undefined>> = {
  "unbounded-timeout": async ({ StdioClient }) => {
    const made: Array<{ close(): Promise<unknown> }> = [];
    const got = await outcome(() => {
      made.push(new StdioClient([process.execPath, TEACHING_SERVER], { timeoutMs: Infinity }));
      return "a client";
    });
    await Promise.all(made.map((client) => client.close()));
    return unless(got, "UsageError");
  },
};

const solved = JSON.parse(readFileSync(SOLVED_NOTEBOOK, "utf8")) as unknown;
const solvedPieces = piecesOf(solved);
const library = referencePieces() as Pieces;
const load = createRequire(import.meta.url);

// Side by side: the witnesses mostly wait on their peers and servers, each on its own.
describe("fresh wrong implementations: each breaks the chapter's rule", { concurrent: true }, () => {
  const mistakes = notebookMistakes();

  it("there are at least 20, at least 10 of them build notebooks and at least 8 in client pieces", () => {
    expect(mistakes.length + moduleMistakes().length).toBeGreaterThanOrEqual(20);
    expect(mistakes.length).toBeGreaterThanOrEqual(10);
    expect(mistakes.filter((mistake) => mistake.client).length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(WITNESSES).sort()).toEqual(mistakes.map((mistake) => mistake.name).sort());
    expect(Object.keys(MODULE_WITNESSES).sort()).toEqual(
      moduleMistakes()
        .map((mistake) => mistake.name)
        .sort(),
    );
  });

  it.each(mistakes.map((mistake) => [mistake.name, mistake] as const))(
    "%s: the solved notebook and the library keep the rule; the mistake breaks it",
    async (name, mistake) => {
      const witness = WITNESSES[name]!;
      expect({ solved: await witness(solvedPieces), library: await witness(library) }).toEqual({
        solved: undefined,
        library: undefined,
      });
      const wrong = piecesOf(variantNotebook(mistake));
      expect(wrong[mistake.piece], `${name} still defines ${mistake.piece}`).toBeTypeOf("function");
      expect(await witness(wrong), `${name}: ${mistake.breaks}`).toBeTypeOf("string");
    },
    // A bound on the test, not the measure: each witness starts servers three times, slowly on a busy machine.
    60_000,
  );

  it.each(moduleMistakes().map((mistake) => [mistake.name, mistake] as const))(
    "%s (--impl): the library keeps the rule; the module breaks it",
    async (name, mistake) => {
      const witness = MODULE_WITNESSES[name]!;
      expect(await witness(load("mcp-workbook") as Pieces)).toBeUndefined();
      expect(await witness(load(mistake.file) as Pieces), mistake.breaks).toBeTypeOf("string");
    },
    // A bound on the test, not the measure: each witness starts servers three times, slowly on a busy machine.
    60_000,
  );
});

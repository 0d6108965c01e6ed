// One check per piece of the build notebook. Each runs the learner's piece as the client would
// use it, and says ok, or "not yet" with what was expected, what came, and a hint at the idea
// (never at a library option). A check uses only its piece and the pieces PIECE_NEEDS names, so
// a wrong answer in one piece fails that piece's check and its dependents', no other.
import { join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { killGroups, processGroupMembers, signalGroup } from "../client/process-group.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { loggedCalls } from "../checkpoint/server-log.js";
import { readRecord, receivedMethods } from "../checkpoint/rules/evidence.js";
import { settledInOrder } from "../checkpoint/rules/settled.js";
import { CheckFailure, type Verdict } from "../grading/harness.js";
import { SETUP_DEADLINE_MS, SPREAD_DEADLINE_MS, TRIAL_STALL_MS, withoutStall } from "../grading/stall.js";
import { queuedSince } from "../grading/starvation.js";
import { TEACHING_MODES } from "../server-build/modes.js";
import { bm25Scorer } from "../tools/bm25.js";
import type { McpTool } from "../protocol/handshake.js";
import { WorkbookError } from "../errors/workbook-error.js";
import { JSON_RPC_ERRORS, PROTOCOL_VERSION } from "../protocol/constants.js";
import { AssembledClient, type ClientContext } from "../assembly/assembled-client.js";
import { isPieceName, isTodo, PIECE_NEEDS, PIECE_SECTIONS, type PieceName, type PieceSet } from "../assembly/pieces.js";

/** A piece's verdict: the one Verdict (grading/harness.ts), named by the piece. */
export type PieceVerdict = Verdict & { readonly name: PieceName };

/**
 * The deadline a request check gives a client against a broken server: the checkpoint's own for
 * the mode (1 s for hang; 5 s where the refusal is not a deadline, so a server starved on a busy
 * machine cannot turn a wrong-id or chatty refusal into a deadline), and the spread deadline
 * against trickle and drip (grading/stall.ts).
 */
export function requestTrialDeadline(mode: string): number {
  if (mode === "trickle" || mode === "drip") return SPREAD_DEADLINE_MS;
  const graded = TEACHING_MODES.find((each) => each.mode === mode)?.graded;
  if (graded === undefined) throw new RangeError(`mode ${mode}: the checkpoint gives it no deadline`);
  return graded.timeoutMs;
}

type Body = (pieces: PieceSet, scratch: Scratch) => Promise<string> | string;

interface Scratch {
  readonly dir: string;
  /** A client over the learner's pieces; its group is ended after the check whatever happened. */
  client(
    mode: string,
    options?: { timeoutMs?: number; allowed?: string[]; log?: string; record?: string },
  ): AssembledClient;
  /** Ends a client's server group without the learner's close(), for checks that do not grade it. */
  end(client: AssembledClient): Promise<void>;
}

function expect(condition: boolean, expected: string, received: () => string, hint: string): void {
  if (!condition) throw new CheckFailure("your piece", expected, received(), hint);
}

/** What `work` threw (undefined when it returned), awaiting a promise. */
async function thrown(work: () => unknown): Promise<unknown> {
  try {
    await work();
    return undefined;
  } catch (error) {
    return error;
  }
}

function shown(value: unknown): string {
  if (value === undefined) return "nothing (undefined)";
  if (value instanceof Error) {
    const reason = (value as { reason?: unknown }).reason;
    return `${value.name}${typeof reason === "string" ? ` [${reason}]` : ""}: ${value.message.slice(0, 160)}`;
  }
  if (value instanceof Uint8Array) return `bytes ${JSON.stringify(Buffer.from(value).toString("utf8").slice(0, 120))}`;
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 160);
  } catch {
    return String(value);
  }
}

/** True when `error` is one of the library's errors of class `name` (and `reason`, if given). */
function refusedAs(error: unknown, name: string, reason?: string): boolean {
  if (!(error instanceof WorkbookError)) return false;
  return (name === "WorkbookError" || error.name === name) && (reason === undefined || error.reason === reason);
}

async function mustRefuse(
  work: () => unknown,
  className: string,
  reason: string | undefined,
  what: string,
  hint: string,
): Promise<void> {
  const error = await thrown(work);
  expect(
    refusedAs(error, className, reason),
    `${what} refused with ${className === "WorkbookError" ? "one of the library's errors" : className}${reason ? ` (reason "${reason}")` : ""}`,
    () => (error === undefined ? "it was accepted" : shown(error)),
    hint,
  );
}

type AnyFn = (...args: unknown[]) => unknown;
const fn = (pieces: PieceSet, name: PieceName): AnyFn => pieces[name] as AnyFn;

const CHECKS: Readonly<Record<PieceName, Body>> = {
  requestMessage: (pieces) => {
    const made = fn(pieces, "requestMessage")(7, "tools/list", { a: 1 });
    expect(
      JSON.stringify(made) === '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"a":1}}',
      '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"a":1}}',
      () => shown(made),
      "a request is four fields: the version, the id, the method, the params",
    );
    const bare = fn(pieces, "requestMessage")(8, "tools/list") as Record<string, unknown>;
    expect(
      JSON.stringify(bare?.["params"]) === "{}",
      "params {} when none are given",
      () => shown(bare),
      "give params a default: an empty object",
    );
    return "ids, methods and params as given; params default to {}";
  },
  notificationMessage: (pieces) => {
    const made = fn(pieces, "notificationMessage")("notifications/initialized") as Record<string, unknown>;
    expect(
      JSON.stringify(made) === '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      () => shown(made),
      "a notification has no id at all (not even id: undefined or null), so nobody answers it",
    );
    expect(!("id" in made), "no id key", () => shown(Object.keys(made)), "leave the id key out entirely");
    expect(
      !("params" in made),
      "no params key when none are given",
      () => `the keys ${shown(Object.keys(made))}`,
      "params: undefined still writes a params key: leave the key out unless params are given",
    );
    const withParams = fn(pieces, "notificationMessage")("notifications/message", { level: "info" });
    expect(
      JSON.stringify(withParams) === '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}',
      "params kept when given",
      () => shown(withParams),
      "params appear only when the caller gives them",
    );
    return "no id, params only when given";
  },
  answerFor: async (pieces) => {
    const answerFor = fn(pieces, "answerFor");
    const ok = answerFor(1, { jsonrpc: "2.0", id: 1, result: { n: 1 } });
    expect(
      JSON.stringify(ok) === '{"n":1}',
      'the result {"n":1} for id 1',
      () => shown(ok),
      "return the result object of the response that carries our id",
    );
    const onePointZero = answerFor(1, JSON.parse('{"jsonrpc":"2.0","id":1.0,"result":{}}'));
    expect(
      JSON.stringify(onePointZero) === "{}",
      "id 1.0 from the wire accepted (after JSON.parse it is the number 1)",
      () => shown(onePointZero),
      "compare numbers as numbers: JSON has one number type",
    );
    const note = answerFor(1, { jsonrpc: "2.0", method: "notifications/progress" });
    expect(
      note === null,
      "null for a notification (a message with a method)",
      () => shown(note),
      "a message with a method answers nothing: return null and let the caller read on",
    );
    for (const impostor of [true, "1", "01", 1.5, null, 2, [1]]) {
      await mustRefuse(
        () => answerFor(1, { jsonrpc: "2.0", id: impostor, result: {} }),
        "ProtocolError",
        "wrong-id",
        `id ${JSON.stringify(impostor)} for request 1`,
        "check the id's type first (an integer number), then its value with ===; == and Number() let impostors through",
      );
    }
    await mustRefuse(
      () =>
        answerFor(1, {
          jsonrpc: "2.0",
          id: 1,
          error: { code: JSON_RPC_ERRORS.methodNotFound, message: "no such method" },
        }),
      "ServerError",
      undefined,
      "an error response",
      "an error response is the server's answer too: raise it as ServerError",
    );
    await mustRefuse(
      () => answerFor(1, { jsonrpc: "2.0", id: 1, result: "yes" }),
      "ProtocolError",
      undefined,
      "a result that is not an object",
      "a response must carry a result object (or an error)",
    );
    return '1 and 1.0 accepted; true, "1", "01", 1.5, null, 2 and [1] refused; notifications pass; error responses raised';
  },
  encodeFrame: async (pieces) => {
    const encodeFrame = fn(pieces, "encodeFrame");
    const frame = encodeFrame({ jsonrpc: "2.0", id: 3, method: "m", params: { text: "a\nb ☕" } });
    expect(
      frame instanceof Uint8Array,
      "a Buffer",
      () => shown(frame),
      'the wire carries bytes: Buffer.from(text, "utf8")',
    );
    const text = Buffer.from(frame as Uint8Array).toString("utf8");
    expect(
      text === '{"jsonrpc":"2.0","id":3,"method":"m","params":{"text":"a\\nb ☕"}}\n',
      "compact JSON and exactly one newline, at the end",
      () => JSON.stringify(text),
      'JSON.stringify with no indentation escapes newlines inside strings; add one "\\n"',
    );
    const exact = (frame as Uint8Array).length;
    const fits = encodeFrame({ jsonrpc: "2.0", id: 3, method: "m", params: { text: "a\nb ☕" } }, exact);
    expect(
      fits instanceof Uint8Array,
      `a frame of exactly ${exact} bytes accepted at limit ${exact}`,
      () => shown(fits),
      "the limit counts the newline, and a frame equal to it fits",
    );
    await mustRefuse(
      () => encodeFrame({ jsonrpc: "2.0", id: 3, method: "m", params: { text: "a\nb ☕" } }, exact - 1),
      "WorkbookError",
      undefined,
      `the same frame at limit ${exact - 1}`,
      "count bytes (Buffer.byteLength), not characters: ☕ is three bytes",
    );
    await mustRefuse(
      () => encodeFrame({ jsonrpc: "2.0", id: 3, method: "m", params: { n: Number.NaN } }),
      "WorkbookError",
      undefined,
      "a NaN (JSON would write null)",
      "JSON.stringify turns NaN into null silently; refuse numbers JSON cannot carry",
    );
    return "compact, one newline, byte-counted limit, NaN refused";
  },
  FrameReader: async (pieces) => {
    const Reader = pieces.FrameReader as new (limit?: number) => { feed(chunk: Uint8Array): Buffer[] };
    const reader = new Reader();
    const whole = Buffer.from(
      '{"jsonrpc":"2.0","id":1,"result":{"t":"one ☕"}}\n{"jsonrpc":"2.0","id":2,"result":{}}\n',
    );
    const cut = whole.indexOf(Buffer.from("☕")) + 1;
    const first = reader.feed(whole.subarray(0, cut));
    expect(
      Array.isArray(first) && first.length === 0,
      "no frame from half a line",
      () => shown(first),
      "hold bytes until a newline arrives",
    );
    const rest = reader.feed(whole.subarray(cut));
    const lines = Array.isArray(rest) ? rest.map((frame) => Buffer.from(frame).toString("utf8")) : [];
    expect(
      lines.length === 2 &&
        lines[0] === '{"jsonrpc":"2.0","id":1,"result":{"t":"one ☕"}}' &&
        lines[1] === '{"jsonrpc":"2.0","id":2,"result":{}}',
      "two frames, without newlines, the ☕ whole",
      () => shown(lines),
      "keep bytes, not text, until the line is whole: a character can be split across reads",
    );
    const bounded = new Reader(1024);
    const chunk = Buffer.alloc(256, "x");
    for (let read = 1; read <= 3; read += 1) {
      const got = await thrown(() => bounded.feed(chunk));
      expect(
        got === undefined,
        `read ${read} of 256 bytes (768 in all) accepted under a 1024-byte limit`,
        () => shown(got),
        "a line that can still fit (with its newline) is not refused yet",
      );
    }
    await mustRefuse(
      () => bounded.feed(chunk),
      "ProtocolError",
      "frame-limit",
      "a 4th read that makes 1024 bytes with no newline yet",
      "refuse the moment held bytes plus the newline to come exceed the limit, before the line ends",
    );
    const exact = new Reader(8);
    const fit = exact.feed(Buffer.from("1234567\n"));
    expect(
      fit.length === 1,
      "a 7-byte line plus its newline accepted at limit 8",
      () => shown(fit),
      "the limit includes the newline: 8 bytes fit in 8",
    );
    return "split reads, a split ☕, refusal at the limit before the line ends";
  },
  parseFrame: async (pieces) => {
    const parseFrame = fn(pieces, "parseFrame");
    const message = parseFrame(Buffer.from('{"jsonrpc":"2.0","id":3,"result":{}}'));
    expect(
      JSON.stringify(message) === '{"jsonrpc":"2.0","id":3,"result":{}}',
      "the message object",
      () => shown(message),
      "decode the bytes as UTF-8, then JSON.parse",
    );
    for (const [label, bytes] of [
      ["a log line", Buffer.from("calling tool now")],
      ["an array", Buffer.from("[1,2]")],
      ["a bare number", Buffer.from("3")],
      ["jsonrpc 1.0", Buffer.from('{"jsonrpc":"1.0","id":1}')],
      ["invalid UTF-8", Buffer.from([0x7b, 0xff, 0x7d])],
    ] as const) {
      await mustRefuse(
        () => parseFrame(bytes),
        "ProtocolError",
        undefined,
        label,
        'a frame must be exactly one JSON-RPC 2.0 object; anything else is a broken protocol, not something to skip (decode with new TextDecoder("utf-8", { fatal: true }))',
      );
    }
    return "one JSON-RPC 2.0 object; log lines, arrays, bare values, jsonrpc 1.0 and bad UTF-8 refused";
  },
  checkInitialize: async (pieces) => {
    const checkInitialize = fn(pieces, "checkInitialize");
    const good = {
      protocolVersion: "2025-06-18",
      capabilities: { tools: {} },
      serverInfo: { name: "s", version: "1" },
    };
    const accepted = checkInitialize(good);
    expect(
      shown(accepted) === shown(good),
      "the result, accepted",
      () => shown(accepted),
      "return the result once it passes",
    );
    await mustRefuse(
      () => checkInitialize({ ...good, protocolVersion: "2024-11-05" }),
      "ProtocolError",
      "version",
      "protocolVersion 2024-11-05",
      "we speak exactly one version: any other is refused",
    );
    await mustRefuse(
      () => checkInitialize({ ...good, capabilities: {} }),
      "ProtocolError",
      undefined,
      "a server that offers no tools",
      "capabilities.tools must be an object",
    );
    return "our version only, and a server that offers tools";
  },
  checkTools: async (pieces) => {
    const checkTools = fn(pieces, "checkTools");
    const tool = (name: string, schema: unknown = { type: "object" }): object => ({
      name,
      description: name,
      inputSchema: schema,
    });
    const listed = checkTools({ tools: [tool("a"), tool("b")] }) as Array<{ name: string }>;
    expect(
      Array.isArray(listed) && listed.map((t) => t.name).join(",") === "a,b",
      "the two tools a, b",
      () => shown(listed),
      "return the tools array once it passes",
    );
    const many = Array.from({ length: 33 }, (_, i) => tool(`tool_${i}`));
    for (const [label, result] of [
      ["two tools named a", { tools: [tool("a"), tool("a")] }],
      ["33 tools", { tools: many }],
      ["a nextCursor", { tools: [tool("a")], nextCursor: "c1" }],
      ['inputSchema type "string"', { tools: [tool("a", { type: "string" })] }],
      ["an empty name", { tools: [tool("")] }],
      ["no tools array", { tools: "a" }],
    ] as const) {
      await mustRefuse(
        () => checkTools(result),
        "ProtocolError",
        "catalog",
        label,
        "a catalog is bounded (at most 32), one page, uniquely named, and every tool takes an object; refuse what is not, never cut it short",
      );
    }
    const exactly32 = checkTools({ tools: many.slice(0, 32) }) as unknown[];
    expect(
      exactly32.length === 32,
      "32 tools accepted (the bound itself)",
      () => shown(exactly32.length),
      "at most 32 means 32 is fine",
    );
    return "duplicates, 33 tools, a cursor, a string schema, an empty name refused; 32 accepted";
  },
  resultText: async (pieces) => {
    const resultText = fn(pieces, "resultText");
    const text = resultText({
      content: [
        { type: "text", text: "3" },
        { type: "image", data: "x" },
        { type: "text", text: "words" },
      ],
    });
    expect(text === "3\nwords", '"3\\nwords"', () => shown(text), "keep the text items, join them with newlines");
    await mustRefuse(
      () => resultText({ content: [{ type: "text", text: "no such flavor" }], isError: true }),
      "ToolError",
      undefined,
      "a result marked isError",
      "isError is the tool saying it failed: raise it, never hand it on as an answer",
    );
    await mustRefuse(
      () => resultText({ content: "3" }),
      "ProtocolError",
      undefined,
      "content that is not an array",
      "a result must carry a content array",
    );
    return "text items joined; isError raised as ToolError";
  },
  request: async (pieces, scratch) => {
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
      ["wrong-id", "ProtocolError", "wrong-id", "bind the reply to the id you sent with your answerFor"],
      [
        "hang",
        "DeadlineError",
        "deadline",
        "one AbortSignal.timeout(context.timeoutMs) for the whole request, passed to every nextFrame",
      ],
      [
        "trickle",
        "DeadlineError",
        "deadline",
        "one deadline for the whole exchange: bytes arriving slowly must not stretch it",
      ],
      [
        "drip",
        "DeadlineError",
        "deadline",
        "one deadline for the whole request, made once before the first read: a notification every 400 ms must not restart it",
      ],
      [
        "chatty",
        "ProtocolError",
        "too-many-messages",
        "skip only a few messages that answer nothing (the library allows 16) before refusing",
      ],
    ] as const;
    // The broken servers mostly wait (hang, trickle and drip for their deadlines), so the five run
    // side by side, each on a client of its own; the first failure in the table's order is the one told.
    const outcomes = await settledInOrder(trials, trials.length, ([mode]) => {
      const timeoutMs = requestTrialDeadline(mode);
      // Timed: run again if this process stood still long enough to decide the deadline (grading/stall.ts).
      return withoutStall(TRIAL_STALL_MS, async () => {
        const client = scratch.client(mode, { timeoutMs });
        // The handshake is setup, not what this mode tests: it gets a roomy deadline of its own.
        await handshakeThrough(request, { ...client.context, timeoutMs: SETUP_DEADLINE_MS });
        const queued = queuedSince();
        const started = performance.now();
        const error = await thrown(() =>
          request(client.context, "tools/call", { name: "word_count", arguments: { text: "one two three" } }),
        );
        // Less the time this process waited for a CPU meanwhile: the machine's, not the code's (grading/starvation.ts).
        const ms = Math.round(performance.now() - started) - queued();
        await scratch.end(client);
        return { error, ms };
      });
    });
    trials.forEach(([mode, className, reason, hint], index) => {
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
  },
  connect: async (pieces, scratch) => {
    const connect = pieces.connect as (context: ClientContext) => Promise<McpTool[]>;
    const record = join(scratch.dir, "record.jsonl");
    const client = scratch.client("normal", { record });
    const tools = await connect(client.context);
    expect(
      Array.isArray(tools) && tools.some((tool) => tool?.name === "word_count"),
      "the tools your checkTools accepted, word_count among them",
      () => shown(tools),
      "return what checkTools gave for the tools/list result",
    );
    const methods = receivedMethods(record);
    const wanted = ["initialize", "notifications/initialized", "tools/list"];
    expect(
      methods.join(",") === wanted.join(","),
      `the server to receive [${wanted.join(", ")}], in that order`,
      () => `[${methods.join(", ")}]`,
      "the handshake is a request, its check, then the announcement (a notification: no id, no reply); only then discovery",
    );
    await scratch.end(client);
    for (const [mode, reason, hint] of [
      ["old-version", "version", "check the initialize result with your checkInitialize before anything else is sent"],
      ["many-tools", "catalog", "check the tools/list result with your checkTools; what it refuses is never a catalog"],
    ] as const) {
      const refused = scratch.client(mode);
      await mustRefuse(() => connect(refused.context), "ProtocolError", reason, `mode ${mode}`, hint);
      await scratch.end(refused);
    }
    return "initialize, notifications/initialized, tools/list in order; an old version and 33 tools refused";
  },
  callTool: async (pieces, scratch) => {
    const log = join(scratch.dir, "calls.jsonl");
    const client = scratch.client("normal", { allowed: ["word_count", "ghost_tool"], log });
    await client.initialize();
    await client.listTools();
    const text = await client.callTool("word_count", { text: "vanilla stock needs review" });
    expect(
      text === "4",
      '"4" for four words',
      () => shown(text),
      "request tools/call with { name, arguments } and return your resultText of the result",
    );
    await mustRefuse(
      () => client.callTool("place_purchase", { flavor: "vanilla", tubs: 100 }),
      "RefusedError",
      "not-allowed",
      "place_purchase (advertised, not allowed)",
      "the application decides first: not in context.allowed, refuse before a byte is sent",
    );
    await mustRefuse(
      () => client.callTool("ghost_tool", {}),
      "RefusedError",
      "not-advertised",
      "ghost_tool (allowed, never advertised)",
      "a tool must also be in context.catalog: the tools your connect returned (what your checkTools accepted)",
    );
    await scratch.end(client);
    const calls = loggedCalls(log);
    expect(
      calls.join(",") === "word_count",
      "the server's log holds word_count only",
      () => shown(calls),
      "a refusal must come before anything is sent",
    );
    return "word_count answers 4; place_purchase and ghost_tool refused before a byte was sent";
  },
  close: async (_pieces, scratch) => {
    const client = scratch.client("grandchild");
    await client.initialize();
    const pgid = client.pid!;
    const before = processGroupMembers(pgid) ?? [];
    const started = performance.now();
    const status = await Promise.race([client.close(), sleep(8000).then(() => "no answer within 8 s")]);
    const ms = Math.round(performance.now() - started);
    expect(
      status !== "no answer within 8 s",
      "close() to finish",
      () => "still waiting after 8 s",
      "wait for the exit only a moment, then signal",
    );
    let after = processGroupMembers(pgid) ?? [];
    for (let waited = 0; after.length > 0 && waited < 300; waited += 10) {
      await sleep(10);
      after = processGroupMembers(pgid) ?? [];
    }
    expect(
      after.length === 0,
      `nothing left of group ${pgid} (${before.length} processes before close)`,
      () => `${after.length} still alive`,
      "end the input, wait a moment, then SIGTERM and later SIGKILL the whole group: process.kill(-pid, signal)",
    );
    return `${before.length} processes before, none after, in ${ms} ms; exit status ${String(status)}`;
  },
  topTools: (pieces) => {
    type Tool = { name: string; description?: string };
    const topTools = fn(pieces, "topTools") as (request: string, tools: Tool[], score: unknown, m: number) => Tool[];
    const catalog: Tool[] = [
      { name: "place_purchase", description: "buy tubs of ice cream" },
      { name: "word_count", description: "count the words in a text" },
      { name: "stock_level", description: "how many tubs of a flavor are in stock" },
      { name: "shout", description: "count nothing" },
    ];
    const copy = JSON.stringify(catalog);
    const best = topTools("count the words in my text", catalog, bm25Scorer(), 2);
    expect(
      Array.isArray(best) && best[0] === catalog[1] && best.length === 2,
      "2 tools, word_count first (the same object from the catalog)",
      () => shown(best),
      "score each tool's toolText against the request, then keep the m best, best first",
    );
    const ties = topTools("zzz", catalog, () => [1, 1, 1, 1], 3);
    expect(
      Array.isArray(ties) && ties.map((tool) => tool.name).join(",") === "place_purchase,word_count,stock_level",
      "equal scores in catalog order: place_purchase, word_count, stock_level",
      () => shown(ties?.map?.((tool) => tool.name)),
      "sort by score only, and let equal scores keep catalog order (compare the indexes when scores tie)",
    );
    const all = topTools("tubs", catalog, bm25Scorer(), 10);
    expect(
      Array.isArray(all) && all.length === 4 && all !== catalog,
      "all 4 tools, in a new array, when m is larger than the catalog",
      () => shown(all),
      "m is at most what there is: return a new array, never the catalog itself",
    );
    expect(JSON.stringify(catalog) === copy, "the catalog unchanged", () => JSON.stringify(catalog), "sort a copy");
    return "the best first, ties in catalog order, m past the end, the catalog untouched";
  },
};

/** A verdict for `piece`: ok with `detail`, or not yet with what was expected, what came and a hint. */
function pieceVerdict(
  piece: PieceName,
  ms: number,
  outcome: { detail: string } | { expected: string; received: string; hint: string },
): PieceVerdict {
  const ok = "detail" in outcome;
  return {
    name: piece,
    title: ok ? outcome.detail : "",
    ok,
    status: ok ? "passed" : "failed",
    points: 0,
    score: 0,
    expected: ok ? undefined : outcome.expected,
    received: ok ? undefined : outcome.received,
    hint: ok ? undefined : outcome.hint,
    line: ok ? `ok ${piece}: ${outcome.detail}` : `not yet ${piece}`,
    output: "",
    ms,
  };
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

/** Runs the check of `piece` against `pieces`; never throws, never leaves a server running. */
export async function runPieceCheck(piece: PieceName, pieces: PieceSet): Promise<PieceVerdict> {
  const started = performance.now();
  const missing = [piece, ...PIECE_NEEDS[piece]].filter((name) => pieces[name] === undefined);
  const elapsed = (): number => Math.round(performance.now() - started);
  if (missing.length > 0) {
    return pieceVerdict(piece, elapsed(), {
      expected: `${missing.join(", ")} defined`,
      received: "not defined (or its cell did not compile)",
      hint: `run the cell that defines ${missing[0]} (${PIECE_SECTIONS[missing[0]!]})`,
    });
  }
  const dir = mkdtempSync(join(tmpdir(), "workbook-piece-"));
  const clients: AssembledClient[] = [];
  const scratch: Scratch = {
    dir,
    client(mode, options = {}) {
      const command = teachingServerCommand(mode, options.log);
      if (options.record !== undefined) command.push("--record", options.record);
      const client = new AssembledClient(() => pieces, command, {
        allowed: options.allowed ?? ["word_count"],
        timeoutMs: options.timeoutMs ?? 5000,
      });
      clients.push(client);
      return client;
    },
    async end(client) {
      const pgid = client.pid;
      if (pgid === undefined) return;
      signalGroup(pgid, "SIGKILL");
      await client.context.exited;
    },
  };
  try {
    const detail = await CHECKS[piece](pieces, scratch);
    return pieceVerdict(piece, elapsed(), { detail });
  } catch (error) {
    if (error instanceof CheckFailure)
      return pieceVerdict(piece, elapsed(), {
        expected: error.expected ?? "",
        received: error.received ?? error.what,
        hint: error.hint ?? "",
      });
    const todoIn = isTodo(error)
      ? error
      : isTodo((error as { cause?: unknown })?.cause)
        ? (error as { cause: unknown }).cause
        : undefined;
    if (todoIn instanceof WorkbookError) {
      const name = todoIn.wording.what.split(" ")[0] ?? piece;
      const owner = name.split(".")[0] ?? name;
      const hint =
        owner === piece
          ? `write ${name} in place of its TODO, run that cell, then this one`
          : `this check uses your ${owner}: write it first (${isPieceName(owner) ? `${PIECE_SECTIONS[owner]}; ` : ""}its own check says when it is ready)`;
      return pieceVerdict(piece, elapsed(), {
        expected: "your code",
        received: `the starting TODO (${todoIn.wording.what})`,
        hint,
      });
    }
    return pieceVerdict(piece, elapsed(), {
      expected: "the check to run through",
      received: `your code threw ${shown(error)}`,
      hint: "read the error: the check calls your piece just as the client would",
    });
  } finally {
    await killGroups(clients.flatMap((client) => (client.pid === undefined ? [] : [client.pid])));
    rmSync(dir, { recursive: true, force: true });
  }
}

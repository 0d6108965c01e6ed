// Complete tier only: sends the teaching server every oversized and malformed input, a server process per case.
/**
 * The teaching server bounded and correct by default, over real processes and pipes: no tool
 * before initialize, arguments checked by own properties, exactly one reply per request
 * whatever its nesting, error texts that quote only a preview, --log checked at start, and
 * replies that never pile up in memory while a client writes without reading.
 */
import { spawn, execFileSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RawServer, SERVER_MAIN, buildServer, killAllServers, type Json } from "./raw-server.js";

let scratch = "";
beforeAll(() => {
  buildServer();
  scratch = mkdtempSync(path.join(tmpdir(), "bounded-server-"));
});
afterEach(() => killAllServers());
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const readLog = (file: string): Json[] =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Json)
    : [];

/** Sends `line`, then a ping with id "sentinel"; returns every message before the ping's answer. */
async function repliesTo(server: RawServer, line: string): Promise<Json[]> {
  server.send(line);
  server.request("sentinel", "ping");
  const seen: Json[] = [];
  for (;;) {
    const message = await server.nextMessage(10_000);
    if (message["id"] === "sentinel") return seen;
    seen.push(message);
  }
}

function nested(depth: number, inner: string): string {
  return `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
}

describe("before initialize", () => {
  it.each([
    ["tools/call word_count", { name: "word_count", arguments: { text: "a b" } }, "tools/call"],
    [
      "tools/call place_purchase",
      { name: "place_purchase", arguments: { flavor: "vanilla", tubs: 100 } },
      "tools/call",
    ],
    ["tools/list", undefined, "tools/list"],
    ["an unknown method", undefined, "resources/list"],
  ])("%s gets a JSON-RPC error, and no tool runs", async (_label, params, method) => {
    const log = path.join(scratch, `early-${method.replace("/", "-")}-${Math.random()}.jsonl`);
    const server = new RawServer(["--log", log]);
    server.request(7, method, params as Json | undefined);
    expect(await server.nextMessage()).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32600, message: `Invalid Request: "${method}" before initialize; send initialize first` },
    });
    expect(readLog(log)).toEqual([]);
    server.request(8, "ping"); // ping is allowed before the handshake
    expect(await server.nextMessage()).toEqual({ jsonrpc: "2.0", id: 8, result: {} });
    await server.handshake();
    server.request(9, "tools/call", { name: "word_count", arguments: { text: "a b" } });
    expect(await server.nextMessage()).toMatchObject({ id: 9, result: { content: [{ text: "2" }] } });
  });
});

describe("arguments checked by own properties", () => {
  it.each(["constructor", "toString", "__proto__", "valueOf", "hasOwnProperty", "isPrototypeOf"])(
    "refuses an extra argument named %s (additionalProperties: false)",
    async (extra) => {
      const server = new RawServer([]);
      await server.handshake();
      const line = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"word_count","arguments":{"text":"a b",${JSON.stringify(extra)}:1}}}`;
      const [reply] = await repliesTo(server, line);
      expect(reply).toMatchObject({
        id: 3,
        result: { isError: true, content: [{ text: `word_count takes only "text", got also "${extra}"` }] },
      });
    },
  );

  it("does not take an inherited name for a missing argument, and refuses extras to a tool with none", async () => {
    const server = new RawServer(["--mode", "hostile"]);
    await server.handshake();
    const [missing] = await repliesTo(
      server,
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"word_count","arguments":{"__proto__":{"text":"a"}}}}',
    );
    expect(missing).toMatchObject({
      result: {
        isError: true,
        content: [{ text: expect.stringMatching(/expects "text" to be a string, got nothing/) }],
      },
    });
    const [none] = await repliesTo(
      server,
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"shop_notes","arguments":{"constructor":1}}}',
    );
    expect(none).toMatchObject({
      result: { isError: true, content: [{ text: 'shop_notes takes no arguments, got also "constructor"' }] },
    });
  });
});

describe("exactly one reply per request, whatever its nesting", () => {
  const DEEP = 200_000;
  const cases: Array<[string, string, string[], RegExp]> = [
    [
      "an id",
      `{"jsonrpc":"2.0","id":${nested(DEEP, "1")},"method":"ping"}`,
      [],
      /the id must be a string or a number, got an array nested too deep/,
    ],
    [
      "the jsonrpc field",
      `{"jsonrpc":${nested(DEEP, '"2.0"')},"id":5,"method":"ping"}`,
      [],
      /expected "jsonrpc": "2.0", got an array nested too deep/,
    ],
    [
      "the method",
      `{"jsonrpc":"2.0","id":5,"method":${nested(DEEP, '"ping"')}}`,
      [],
      /the method must be a string, got an array nested too deep/,
    ],
    [
      "the tool name",
      `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":${nested(DEEP, "1")},"arguments":{}}}`,
      [],
      /expects "name" to be a string, got an array nested too deep/,
    ],
    [
      "the arguments (not an object)",
      `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"word_count","arguments":${nested(DEEP, "1")}}}`,
      [],
      /expects "arguments" to be an object, got an array nested too deep/,
    ],
    [
      "a cursor",
      `{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"cursor":${nested(DEEP, "1")}}}`,
      [],
      /cursor must be a string, got an array nested too deep/,
    ],
    [
      "a progress token (notify mode)",
      `{"jsonrpc":"2.0","id":5,"method":"ping","params":{"_meta":{"progressToken":${nested(DEEP, "1")}}}}`,
      ["--mode", "notify"],
      /^$/,
    ],
    [
      "an argument, with --log",
      `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"word_count","arguments":{"text":${nested(DEEP, '"a"')}}}}`,
      ["--log", "LOG"],
      /nested too deeply to record in the call log/,
    ],
    [
      "an argument, without --log",
      `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"word_count","arguments":{"text":${nested(DEEP, '"a"')}}}}`,
      [],
      /expects "text" to be a string, got an array$/,
    ],
  ];
  it.each(cases)("answers a request with %s nested 200,000 deep exactly once", async (_label, line, args, wording) => {
    const log = path.join(scratch, `deep-${Math.random()}.jsonl`);
    const server = new RawServer(args.map((arg) => (arg === "LOG" ? log : arg)));
    await server.handshake();
    const replies = (await repliesTo(server, line)).filter((message) => "id" in message && message["id"] !== 1); // notify: notifications, and the handshake's reply after them
    expect(replies).toHaveLength(1);
    const [reply] = replies as [Json];
    expect(reply["id"] === 5 || reply["id"] === null).toBe(true);
    expect(JSON.stringify(reply).length).toBeLessThan(400);
    const result = reply["result"] as { content?: Array<{ text: string }> } | undefined;
    expect((reply["error"] as { message: string } | undefined)?.message ?? result?.content?.[0]?.text ?? "").toMatch(
      wording,
    );
    if (args.includes("LOG")) expect(readLog(log)).toEqual([]);
  });

  it("answers the ping mode's deep response with a diagnostic, and the call still gets its one reply", async () => {
    const server = new RawServer(["--mode", "ping"]);
    await server.handshake();
    server.request(3, "tools/call", { name: "word_count", arguments: { text: "a b" } });
    const ping = await server.nextMessage();
    server.send(`{"jsonrpc":"2.0","id":${JSON.stringify(ping["id"])},"result":${nested(DEEP, "1")}}`);
    expect(await server.nextMessage()).toMatchObject({ id: 3, result: { content: [{ text: "2" }] } });
    expect(server.stderr).toMatch(
      /expected the ping answer to be a result \{\}, got an object nested too deep to show/,
    );
  });
});

describe("error texts quote a preview, never the whole of what came", () => {
  const huge = "m".repeat(1024 * 1024);
  it.each([
    ["an unknown method", JSON.stringify({ jsonrpc: "2.0", id: 3, method: huge }), /^Method not found: "m{60}\.\.\."$/],
    [
      "an unknown tool",
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: huge, arguments: {} } }),
      /^Unknown tool: "m{60}\.\.\."$/,
    ],
    [
      "an unknown cursor",
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list", params: { cursor: huge } }),
      /^Invalid params: unknown cursor "m{60}\.\.\."$/,
    ],
    ["a line that is not JSON", huge, /^Parse error: expected one JSON message per line, got "m{60}\.\.\."$/],
  ])("%s of 1 MiB gets a reply under 200 bytes", async (_label, line, wording) => {
    const server = new RawServer([]);
    await server.handshake();
    const [reply] = await repliesTo(server, line);
    expect(JSON.stringify(reply).length).toBeLessThan(200);
    expect((reply!["error"] as { message: string }).message).toMatch(wording);
  });

  it("quotes at most five extra argument names, each shortened", async () => {
    const server = new RawServer([]);
    await server.handshake();
    const args: Json = { text: "a" };
    for (let index = 0; index < 10_000; index += 1) args[`extra_${"x".repeat(100)}_${index}`] = index;
    const [reply] = await repliesTo(
      server,
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "word_count", arguments: args } }),
    );
    const text = (reply!["result"] as { content: Array<{ text: string }> }).content[0]!.text;
    expect(text).toMatch(/got also "extra_x{34}\.\.\.", .* and 9995 more$/);
    expect(text.length).toBeLessThan(400);
  });
});

describe("--log is checked when the server starts", () => {
  function start(log: string): Promise<{ code: number | null; stderr: string; ms: number }> {
    const began = performance.now();
    const child = spawn(process.execPath, [SERVER_MAIN, "--log", log], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    return once(child, "exit").then(([code]) => {
      clearTimeout(timer);
      return { code: code as number | null, stderr, ms: performance.now() - began };
    });
  }
  it.each<[string, () => string, RegExp]>([
    ["a directory", () => scratch, /is a directory, not a regular file/],
    [
      "a FIFO",
      () => {
        const fifo = path.join(scratch, `calls-${Math.random()}.fifo`);
        execFileSync("mkfifo", [fifo]);
        return fifo;
      },
      /is a FIFO .*, not a regular file/,
    ],
    [
      "a path in a missing directory",
      () => path.join(scratch, "no-such-dir", "calls.jsonl"),
      /cannot be written: ENOENT/,
    ],
    [
      "a path under a file",
      () => {
        const file = path.join(scratch, `plain-${Math.random()}`);
        writeFileSync(file, "");
        return path.join(file, "calls.jsonl");
      },
      /(cannot be written: ENOTDIR|unreadable \(ENOTDIR\))/,
    ],
    ["a device", () => "/dev/zero", /is a device/],
  ])("refuses %s with a usage error and exit 2, without waiting", async (_label, make, wording) => {
    const outcome = await start(make());
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(wording);
    expect(outcome.stderr).toContain("usage: node server/dist/main.js");
  });

  it("accepts /dev/null and a new file in an existing directory (created at start)", async () => {
    const server = new RawServer(["--log", "/dev/null"]);
    await server.handshake();
    const dir = path.join(scratch, `logs-${Math.random()}`);
    mkdirSync(dir);
    const file = path.join(dir, "calls.jsonl");
    const logged = new RawServer(["--log", file]);
    await logged.handshake();
    expect(readFileSync(file, "utf8")).toBe("");
  });
});

/** Peak resident memory of a live process, in MiB (VmHWM). */
function peakMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1]) / 1024;
}

/**
 * Writes `lines` to a server that nobody reads, honouring drain, until all are written or
 * the server has stopped reading for `stallMs` (its backpressure). Returns how many went out.
 */
async function floodUnread(server: RawServer, line: string, lines: number, stallMs = 500): Promise<number> {
  const stdin = server.child.stdin;
  let written = 0;
  while (written < lines) {
    const batch = line.repeat(Math.min(256, lines - written));
    const count = Math.min(256, lines - written);
    written += count;
    if (!stdin.write(batch)) {
      const drained = await Promise.race([
        once(stdin, "drain").then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), stallMs)),
      ]);
      if (!drained) return written;
    }
  }
  return written;
}

describe("backpressure: replies never pile up while a client writes without reading", () => {
  it("stops reading many small pings once replies wait unread, and answers every one after", async () => {
    const server = new RawServer([]);
    await server.handshake();
    server.child.stdout.pause(); // the client writes and does not read
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n';
    // 8 MB of pings: several times what the server reads before its replies' backpressure stops it.
    const total = 200_000;
    const sent = await floodUnread(server, ping, total);
    const peak = peakMiB(server.pid);
    console.log(
      `backpressure, small: the server stopped reading after ${sent} of ${total} pings; peak memory ${peak.toFixed(0)} MiB`,
    );
    expect(sent).toBeLessThan(total); // it stopped reading: our writes stalled
    expect(peak).toBeLessThan(150);
    server.child.stdout.resume();
    await floodUnread(server, ping, total - sent, 10_000);
    server.request("last", "ping");
    await server.until(() => server.waitingLines >= total + 1, 60_000, "every ping answered");
    expect(server.waitingLines).toBe(total + 1);
    // Answering 200,000 pings as fast as they are read leaves garbage V8 collects lazily.
    expect(peakMiB(server.pid)).toBeLessThan(200);
  }, 90_000);

  it("stops reading pings queued behind the endless line, which never lets them out", async () => {
    const server = new RawServer(["--mode", "endless"]);
    await server.handshake();
    server.child.stdout.pause();
    server.request(2, "tools/call", { name: "word_count", arguments: { text: "a" } });
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n';
    const sent = await floodUnread(server, ping, 500_000);
    const peak = peakMiB(server.pid);
    console.log(
      `backpressure, behind the endless line: stopped reading after ${sent} pings; peak memory ${peak.toFixed(0)} MiB`,
    );
    expect(sent).toBeLessThan(500_000);
    expect(peak).toBeLessThan(150);
  }, 60_000);

  it("stops reading calls whose replies are 1 MiB each, and answers all of them after", async () => {
    const server = new RawServer(["--mode", "oversized"]);
    await server.handshake();
    server.child.stdout.pause();
    const call =
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"word_count","arguments":{"text":"a"}}}\n';
    // Unread, 200 replies of 1 MiB would be 200 MiB held by the server, over the 150 MiB allowed.
    const calls = 200;
    const sent = await floodUnread(server, call, calls);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const peak = peakMiB(server.pid);
    console.log(`backpressure, large: ${sent} calls written, 1 MiB replies unread; peak memory ${peak.toFixed(0)} MiB`);
    expect(peak).toBeLessThan(150);
    server.child.stdout.resume();
    await floodUnread(server, call, calls - sent, 10_000);
    await server.until(() => server.waitingLines >= calls, 60_000, "every call answered");
    expect(server.waitingLines).toBe(calls);
  }, 90_000);
});

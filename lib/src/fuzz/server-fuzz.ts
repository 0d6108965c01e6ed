/**
 * The fuzz's other side: random and mutated client lines fed to the teaching server over a real
 * pipe. After each input a ping with a sentinel id follows, so the replies between two sentinels
 * belong to one input. Checked against JSON-RPC 2.0 itself, not against the server's code:
 * - every request (an object with "jsonrpc":"2.0", a string or number id and a string method)
 *   gets exactly one reply with its id; a notification gets none; a response gets none; any
 *   other line gets exactly one error reply (with its id where it had a valid one, else null);
 * - everything on stdout is a JSON-RPC 2.0 message (a response, or a notification in modes that
 *   send them);
 * - the server's peak memory (VmHWM) is reported, and must stay under PEAK_LIMIT_MIB.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { TEACHING_SERVER } from "../client/teaching-server.js";
import { MUTATIONS } from "./frame-mutations.js";
import type { SeededRandom } from "./random.js";

export const PEAK_LIMIT_MIB = 200;

/** Modes whose contract is one reply per request (the others break it on purpose). */
export const FUZZED_MODES = ["normal", "notify", "paged", "hostile"];

const CLIENT_MESSAGES: readonly object[] = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "fuzz", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "ping" },
  { jsonrpc: "2.0", id: 3, method: "tools/list" },
  { jsonrpc: "2.0", id: 4, method: "tools/list", params: { cursor: "page-2" } },
  {
    jsonrpc: "2.0",
    id: 5,
    method: "tools/call",
    params: { name: "word_count", arguments: { text: "vanilla stock needs review" } },
  },
  {
    jsonrpc: "2.0",
    id: "six",
    method: "tools/call",
    params: { name: "place_purchase", arguments: { flavor: "vanilla", tubs: 100 } },
  },
  { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "shop_notes", arguments: {} } },
  {
    jsonrpc: "2.0",
    id: 8,
    method: "tools/call",
    params: { name: "word_count", arguments: { text: "a", constructor: 1 } },
  },
  { jsonrpc: "2.0", id: 9, method: "resources/list", params: { _meta: { progressToken: "p-9" } } },
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5 } },
  { jsonrpc: "2.0", id: "server-1", result: {} },
];
const CLIENT_FRAMES = CLIENT_MESSAGES.map((message) => Buffer.from(JSON.stringify(message), "utf8"));
const MUTATION_NAMES = Object.keys(MUTATIONS);

/** What JSON-RPC 2.0 says a line must get: one reply with this id (null for an error without one), or none. */
type Expected = { readonly replies: 0 } | { readonly replies: 1; readonly id: string | number | null };

export function expectedFor(line: string): Expected {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { replies: 1, id: null };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { replies: 1, id: null };
  const message = value as Record<string, unknown>;
  const hasId = "id" in message;
  const id = message["id"];
  const validId = typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
  if (message["jsonrpc"] !== "2.0") return { replies: 1, id: validId };
  if (hasId && validId === null) return { replies: 1, id: null };
  const method = message["method"];
  if (method === undefined)
    return hasId && ("result" in message || "error" in message) ? { replies: 0 } : { replies: 1, id: validId };
  if (typeof method !== "string") return { replies: 1, id: validId };
  if (!hasId) return { replies: 0 }; // a notification, whatever its params
  return { replies: 1, id: validId };
}

/** One client input: a valid message, or one to three mutations of one; always whole lines. */
function nextClientInput(random: SeededRandom): Buffer {
  if (random.chance(0.05))
    return Buffer.concat([
      random.bytes(random.logBetween(0, 500)).map((byte) => (byte === 0x0a ? 0x20 : byte)),
      Buffer.from("\n"),
    ]);
  let bytes: Buffer = random.pick(CLIENT_FRAMES);
  for (let count = random.below(4); count > 0; count -= 1)
    bytes = MUTATIONS[random.pick(MUTATION_NAMES)]!(bytes, random);
  return Buffer.concat([bytes, Buffer.from("\n")]);
}

export interface ServerFuzzReport {
  readonly mode: string;
  readonly inputs: number;
  readonly lines: number;
  readonly requests: number;
  readonly unanswered: number;
  readonly answeredTwice: number;
  readonly wrongId: number;
  readonly notJsonRpc: number;
  readonly peakMiB: number;
  readonly seconds: number;
  readonly firstProblem: string | undefined;
}

/** Splits bytes as the server does: on "\n", a trailing "\r" dropped, decoded as UTF-8. */
function physicalLines(bytes: Buffer): string[] {
  const text = bytes.toString("utf8");
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

const sameId = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Feeds `inputs` random client inputs to one teaching server in `mode`; see the file's comment. */
export async function fuzzServer(
  random: SeededRandom,
  mode: string,
  inputs: number,
  serverMain: string = TEACHING_SERVER,
): Promise<ServerFuzzReport> {
  const started = performance.now();
  const server = spawn(process.execPath, [serverMain, "--mode", mode], {
    stdio: ["pipe", "pipe", "ignore"],
    env: { PATH: process.env["PATH"] ?? "" },
  });
  const pid = server.pid!;
  let peakMiB = 0;
  const samplePeak = (): void => {
    try {
      const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
      if (Number.isFinite(kb)) peakMiB = Math.max(peakMiB, kb / 1024);
    } catch {
      // ended
    }
  };
  const report = {
    mode,
    inputs,
    lines: 0,
    requests: 0,
    unanswered: 0,
    answeredTwice: 0,
    wrongId: 0,
    notJsonRpc: 0,
    firstProblem: undefined as string | undefined,
  };
  const problem = (what: string): void => {
    report.firstProblem ??= what.slice(0, 300);
  };

  // What each input must get, in order; the reader checks replies against the head of this queue.
  const pending: Array<{ expected: Expected[]; got: Array<Record<string, unknown>>; sentinel: string; input: Buffer }> =
    [];
  let stdoutRest = "";
  const onMessage = (text: string): void => {
    let message: Record<string, unknown>;
    try {
      const value: unknown = JSON.parse(text);
      if (
        typeof value !== "object" ||
        value === null ||
        Array.isArray(value) ||
        (value as Record<string, unknown>)["jsonrpc"] !== "2.0"
      )
        throw new Error("not JSON-RPC 2.0");
      message = value as Record<string, unknown>;
    } catch {
      report.notJsonRpc += 1;
      problem(`stdout held a line that is not a JSON-RPC 2.0 message: ${text.slice(0, 120)}`);
      return;
    }
    if ("method" in message && !("id" in message)) return; // a notification (notify mode)
    const head = pending[0];
    if (head === undefined) {
      problem(`a reply nobody asked for: ${text.slice(0, 120)}`);
      report.answeredTwice += 1;
      return;
    }
    if (message["id"] === head.sentinel) {
      pending.shift();
      check(head);
      return;
    }
    head.got.push(message);
  };
  const check = (entry: (typeof pending)[number]): void => {
    const wanted = entry.expected.filter((expected) => expected.replies === 1) as Array<{
      replies: 1;
      id: string | number | null;
    }>;
    report.requests += wanted.length;
    if (entry.got.length < wanted.length) {
      report.unanswered += wanted.length - entry.got.length;
      problem(
        `input ${JSON.stringify(entry.input.toString("utf8").slice(0, 120))} got ${entry.got.length} replies, expected ${wanted.length}`,
      );
    } else if (entry.got.length > wanted.length) {
      report.answeredTwice += entry.got.length - wanted.length;
      problem(
        `input ${JSON.stringify(entry.input.toString("utf8").slice(0, 120))} got ${entry.got.length} replies, expected ${wanted.length}`,
      );
    }
    wanted.forEach((expected, index) => {
      const got = entry.got[index];
      if (got !== undefined && !sameId(got["id"], expected.id)) {
        report.wrongId += 1;
        problem(
          `input ${JSON.stringify(entry.input.toString("utf8").slice(0, 120))}: reply ${index + 1} has id ${JSON.stringify(got["id"])}, expected ${JSON.stringify(expected.id)}`,
        );
      }
    });
  };
  server.stdout.setEncoding("utf8");
  server.stdout.on("data", (chunk: string) => {
    const parts = (stdoutRest + chunk).split("\n");
    stdoutRest = parts.pop() ?? "";
    for (const part of parts) onMessage(part);
  });
  const exited = once(server, "exit");
  server.stdin.on("error", () => undefined);

  const write = async (bytes: Buffer | string): Promise<void> => {
    if (!server.stdin.write(bytes)) await once(server.stdin, "drain");
  };
  const handshake = CLIENT_FRAMES[0]!;
  pending.push({ expected: [{ replies: 1, id: 1 }], got: [], sentinel: "handshake", input: handshake });
  await write(
    Buffer.concat([
      handshake,
      Buffer.from(
        '\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":"handshake","method":"ping"}\n',
      ),
    ]),
  );
  for (let index = 0; index < inputs; index += 1) {
    const input = nextClientInput(random);
    const lines = physicalLines(input);
    report.lines += lines.length;
    const sentinel = `sentinel-${index}`;
    pending.push({ expected: lines.map(expectedFor), got: [], sentinel, input });
    await write(Buffer.concat([input, Buffer.from(`{"jsonrpc":"2.0","id":"${sentinel}","method":"ping"}\n`)]));
    if (index % 1000 === 0) samplePeak();
  }
  samplePeak();
  server.stdin.end();
  // The bound must not outlive the run: an uncleared 30 s timer kept `npm run fuzz` alive 30 s after its report.
  let bound: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (bound = setTimeout(resolve, 30_000)))]);
  clearTimeout(bound);
  if (server.exitCode === null) server.kill("SIGKILL");
  if (pending.length > 0) {
    report.unanswered += pending.length; // sentinels never answered: the server stopped answering
    problem(`${pending.length} inputs were still waiting for their sentinel when the server ended`);
  }
  return { ...report, peakMiB, seconds: (performance.now() - started) / 1000 };
}

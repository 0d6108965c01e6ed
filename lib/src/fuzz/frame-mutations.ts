import { JSON_RPC_ERRORS } from "../protocol/constants.js";
import type { SeededRandom } from "./random.js";

/**
 * Inputs for the fuzz: valid JSON-RPC messages of the kinds a client reads (responses, errors,
 * notifications, the server's own requests), and mutations of them that a broken or hostile
 * server could send. Each mutation has a name, so a finding says how it was made.
 */

const VALID_MESSAGES: readonly object[] = [
  { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "4" }] } },
  { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "4" }], isError: true } },
  { jsonrpc: "2.0", id: 1, result: {} },
  {
    jsonrpc: "2.0",
    id: 1,
    result: { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "fuzz", version: "1" } },
  },
  {
    jsonrpc: "2.0",
    id: 1,
    result: {
      tools: [
        {
          name: "word_count",
          description: "Count the words.",
          inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
        },
      ],
    },
  },
  {
    jsonrpc: "2.0",
    id: 1,
    error: { code: JSON_RPC_ERRORS.methodNotFound, message: "Method not found", data: { method: "tools/cal" } },
  },
  { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "reading ✓ café 🍦" } },
  { jsonrpc: "2.0", method: "notifications/tools/list_changed" },
  { jsonrpc: "2.0", id: "srv-1", method: "ping" },
  { jsonrpc: "2.0", id: 7, method: "roots/list", params: {} },
];

export const VALID_FRAMES: readonly Buffer[] = VALID_MESSAGES.map((message) =>
  Buffer.from(JSON.stringify(message), "utf8"),
);

const HUGE_NUMBERS = [
  "1e400",
  "-1e400",
  "1e-400",
  "-0",
  "1.0",
  "1e0",
  "0.1e1",
  "12345678901234567890",
  "9".repeat(400),
  "-9007199254740993",
  "0x1",
  "01",
  "NaN",
  "Infinity",
];
const WRONG_IDS = ['"1"', "true", "false", "null", "1.5", "[1]", '{"id":1}', "-1", "0", "2", '""', "1e0", '"\\u0031"'];
const BAD_UTF8: readonly number[][] = [
  [0xff],
  [0xfe],
  [0x80],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x8d],
];
const KEY_TRICKS = [
  '"__proto__":{"polluted":1},',
  '"constructor":{"prototype":{"polluted":1}},',
  '"id":2,',
  '"jsonrpc":"1.0",',
  '"result":"4",',
  '"error":null,',
  '"method":null,',
];
const DEEP_FIELDS = ["result", "error", "params", "id", "jsonrpc", "method", "data"];

/** A mutation: takes a frame (no newline) and returns new bytes (which may hold newlines). */
type Mutation = (input: Buffer, random: SeededRandom) => Buffer;

function at(input: Buffer, random: SeededRandom): number {
  return random.below(input.length + 1);
}

function insert(input: Buffer, position: number, bytes: Buffer): Buffer {
  return Buffer.concat([input.subarray(0, position), bytes, input.subarray(position)]);
}

/** Replaces the first `"id":<value>` (or appends one) with `replacement`. */
function withId(input: Buffer, replacement: string): Buffer {
  const text = input.toString("latin1");
  const match = /"id":("[^"]*"|[^,}]*)/.exec(text);
  if (match === null) return Buffer.from(text.replace(/^\{/, `{"id":${replacement},`), "latin1");
  return Buffer.from(
    text.slice(0, match.index) + `"id":${replacement}` + text.slice(match.index + match[0].length),
    "latin1",
  );
}

export const MUTATIONS: Readonly<Record<string, Mutation>> = {
  "bit flips": (input, random) => {
    const out = Buffer.from(input);
    for (let flips = 1 + random.below(8); flips > 0 && out.length > 0; flips -= 1)
      out[random.below(out.length)]! ^= 1 << random.below(8);
    return out;
  },
  truncation: (input, random) => input.subarray(0, random.below(input.length + 1)),
  "inserted newlines": (input, random) => {
    let out = input;
    for (let count = 1 + random.below(3); count > 0; count -= 1)
      out = insert(out, at(out, random), Buffer.from(random.chance(0.3) ? "\r\n" : "\n"));
    return out;
  },
  "huge numbers": (input, random) => {
    const number = random.pick(HUGE_NUMBERS);
    if (random.chance(0.5)) return withId(input, number);
    const text = input.toString("latin1");
    const digits = [...text.matchAll(/-?\d+/g)];
    if (digits.length === 0) return withId(input, number);
    const chosen = random.pick(digits);
    const start = chosen.index ?? 0;
    return Buffer.from(text.slice(0, start) + number + text.slice(start + chosen[0].length), "latin1");
  },
  "deep nesting": (input, random) => {
    const depth = random.logBetween(1, 40_000);
    const [open, close] = random.pick([
      ["[", "]"],
      ['{"a":', "}"],
      ['{"content":[', "]}"],
    ] as const);
    const field = random.pick(DEEP_FIELDS);
    const head = random.chance(0.5) ? '{"jsonrpc":"2.0","id":1,' : '{"jsonrpc":"2.0",';
    // Sometimes leave the nesting unbalanced: a parser must not hold on to it either way.
    const closing = random.chance(0.9) ? close.repeat(depth) : close.repeat(random.below(depth + 1));
    void input;
    return Buffer.from(`${head}"${field}":${open.repeat(depth)}1${closing}}`, "latin1");
  },
  "wrong id types": (input, random) => withId(input, random.pick(WRONG_IDS)),
  "invalid UTF-8": (input, random) => {
    let out = input;
    for (let count = 1 + random.below(2); count > 0; count -= 1)
      out = insert(out, at(out, random), Buffer.from(random.pick(BAD_UTF8)));
    return out;
  },
  "random bytes inserted": (input, random) => insert(input, at(input, random), random.bytes(1 + random.below(16))),
  "key tricks": (input, random) => {
    const text = input.toString("latin1");
    const brace = text.indexOf("{");
    return brace === -1
      ? input
      : Buffer.from(text.slice(0, brace + 1) + random.pick(KEY_TRICKS) + text.slice(brace + 1), "latin1");
  },
  splice: (input, random) => {
    const other = random.pick(VALID_FRAMES);
    return Buffer.concat([input.subarray(0, at(input, random)), other.subarray(random.below(other.length + 1))]);
  },
  "long string": (input, random) => {
    const text = input.toString("latin1");
    const quote = text.indexOf('"text":"');
    const filler = "x".repeat(random.logBetween(1, 70_000));
    return quote === -1
      ? Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"${filler}"}]}}`)
      : insert(input, quote + 8, Buffer.from(filler));
  },
  "bytes deleted": (input, random) => {
    const from = random.below(input.length + 1);
    return Buffer.concat([input.subarray(0, from), input.subarray(Math.min(input.length, from + 1 + random.below(8)))]);
  },
};

const MUTATION_NAMES = Object.keys(MUTATIONS);

export interface FuzzInput {
  /** The bytes a server writes, newline(s) included. */
  readonly bytes: Buffer;
  /** How it was made: "random bytes", or the mutations applied to a valid frame. */
  readonly how: string;
}

/** One input: a tenth pure random bytes, the rest one to three mutations of a valid frame. */
export function nextInput(random: SeededRandom): FuzzInput {
  if (random.chance(0.1)) {
    return { bytes: Buffer.concat([random.bytes(random.logBetween(0, 1000)), Buffer.from("\n")]), how: "random bytes" };
  }
  let bytes = random.pick(VALID_FRAMES);
  const applied: string[] = [];
  for (let count = 1 + random.below(3); count > 0; count -= 1) {
    const name = random.pick(MUTATION_NAMES);
    bytes = MUTATIONS[name]!(bytes, random);
    applied.push(name);
  }
  // Most server lines end in a newline; some inputs end mid-line, as a dying server's last write does.
  if (random.chance(0.9)) bytes = Buffer.concat([bytes, Buffer.from("\n")]);
  return { bytes, how: applied.join(" + ") };
}

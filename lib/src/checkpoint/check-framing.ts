// Check 1: bytes become frames and frames become messages without loss, within a limit, and a
// reply answers only the request whose id it carries, compared by type and value.
import { isDeepStrictEqual } from "node:util";
import { DEFAULT_FRAME_LIMIT } from "../protocol/constants.js";
import { fail, type CheckSpec } from "./harness.js";
import type { Implementation } from "./implementation.js";

const CUP = "☕"; // three bytes in UTF-8: a read can end inside it

/** Why each id must not answer request 1: the trap an implementation fell into if it does. */
const ID_TRAPS: ReadonlyArray<readonly [unknown, string]> = [
  [true, "JavaScript's == lets true answer request 1 (true == 1); compare type and value"],
  ["1", 'JavaScript\'s == and Number() let "1" answer request 1; compare type and value'],
  [1.5, "1.5 is not an integer, so it is not the id we sent (rounding or parseInt would make it 1)"],
  [null, "null is not the id we sent (null marks an error about a request the server could not read)"],
];

export const framingCheck: CheckSpec = {
  name: "framing and identity",
  title: "framing and identity hold",
  deadlineMs: 10_000,
  needs: ["requestMessage", "notificationMessage", "encodeFrame", "FrameReader", "parseFrame", "answerFor"],
  body: async (impl) => {
    const first = impl.requestMessage(1, "tools/call", { name: "word_count", arguments: { text: `vanilla stock needs review ${CUP}` } });
    if (first.jsonrpc !== "2.0" || first.id !== 1 || first.method !== "tools/call") {
      fail(`requestMessage(1, "tools/call", ...) gave ${JSON.stringify(first)}; expected jsonrpc "2.0", id 1, method "tools/call"`);
    }
    const note = impl.notificationMessage("notifications/initialized");
    if ("id" in note) fail("notificationMessage put an id on a notification; a notification carries none, so nobody answers it");

    const frame = Buffer.from(impl.encodeFrame(first));
    if (frame.at(-1) !== 0x0a || frame.indexOf(0x0a) !== frame.length - 1) {
      fail("encodeFrame must give one line: compact JSON with a single newline at the end");
    }
    roundTrip(impl, "one whole frame", [frame], [first]);
    const half = Math.floor(frame.length / 2);
    roundTrip(impl, "half a frame, then the rest", [frame.subarray(0, half), frame.subarray(half)], [first]);
    const second = Buffer.from(impl.encodeFrame(impl.requestMessage(2, "tools/list")));
    const oneAndAHalf = Buffer.concat([frame, second.subarray(0, 10)]);
    roundTrip(impl, "one and a half frames, then the rest", [oneAndAHalf, second.subarray(10)], [first, impl.requestMessage(2, "tools/list")]);
    const cut = frame.indexOf(Buffer.from(CUP)) + 1;
    roundTrip(impl, `a read that ends inside ${CUP}`, [frame.subarray(0, cut), frame.subarray(cut)], [first], "decode a whole line, not each chunk");

    checkLimit(impl, DEFAULT_FRAME_LIMIT);
    checkIdentity(impl);
    return "";
  },
};

/** Feeds `chunks` to a fresh reader and expects exactly `expected`, parsed, in order. */
function roundTrip(impl: Implementation, what: string, chunks: readonly Buffer[], expected: readonly unknown[], hint?: string): void {
  const reader = new impl.FrameReader();
  const frames: Buffer[] = [];
  chunks.forEach((chunk, index) => {
    const got = reader.feed(chunk);
    const wholeSoFar = countWhole(chunks.slice(0, index + 1));
    if (frames.length + got.length !== wholeSoFar) {
      fail(`${what}: after read ${index + 1} the reader returned ${frames.length + got.length} frames, expected ${wholeSoFar} (a frame is complete only at its newline)`);
    }
    frames.push(...got);
  });
  frames.forEach((line, index) => {
    const message = impl.parseFrame(line);
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(message)), expected[index])) {
      fail(`${what}: frame ${index + 1} came back as ${JSON.stringify(message).slice(0, 120)}${hint ? ` (${hint})` : ""}`);
    }
  });
}

function countWhole(chunks: readonly Buffer[]): number {
  return chunks.reduce((count, chunk) => count + chunk.filter((byte) => byte === 0x0a).length, 0);
}

/** A raw frame of exactly `bytes` bytes, newline included. */
function frameOfSize(bytes: number): Buffer {
  const shell = JSON.stringify({ jsonrpc: "2.0", method: "pad", params: { pad: "" } });
  return Buffer.from(`${shell.replace('""', `"${"x".repeat(bytes - shell.length - 1)}"`)}\n`, "utf8");
}

function checkLimit(impl: Implementation, limit: number): void {
  const exact = frameOfSize(limit);
  let frames: Buffer[];
  try {
    frames = new impl.FrameReader(limit).feed(exact);
  } catch (error) {
    fail(`a frame of exactly ${limit} bytes (newline included) was refused: ${(error as Error).message}; the limit counts the newline and allows equality`);
  }
  if (frames.length !== 1) fail(`a frame of exactly ${limit} bytes gave ${frames.length} frames, expected 1`);
  let refused = false;
  try {
    new impl.FrameReader(limit).feed(frameOfSize(limit + 1));
  } catch {
    refused = true;
  }
  if (!refused) fail(`FrameReader(${limit}) accepted a frame of ${limit + 1} bytes; one byte over the limit must be refused`);

  const exactMessage = JSON.parse(exact.toString("utf8")) as object;
  try {
    impl.encodeFrame(exactMessage, limit);
  } catch (error) {
    fail(`encodeFrame refused a message whose frame is exactly ${limit} bytes: ${(error as Error).message}`);
  }
  const overMessage = JSON.parse(frameOfSize(limit + 1).toString("utf8")) as object;
  let encodeRefused = false;
  try {
    impl.encodeFrame(overMessage, limit);
  } catch {
    encodeRefused = true;
  }
  if (!encodeRefused) fail(`encodeFrame wrote a frame of ${limit + 1} bytes with a limit of ${limit}`);
}

function checkIdentity(impl: Implementation): void {
  const answer = impl.answerFor(1, { jsonrpc: "2.0", id: 1, result: { ok: true } });
  if (!isDeepStrictEqual(answer, { ok: true })) fail(`answerFor(1, a reply with id 1) gave ${JSON.stringify(answer)}, expected its result {"ok":true}`);
  const notification = impl.answerFor(1, { jsonrpc: "2.0", method: "notifications/progress", params: {} });
  if (notification !== null) fail("answerFor(1, a notification) must give null: a message with a method answers nothing");
  for (const [id, trap] of ID_TRAPS) {
    let refused = false;
    try {
      impl.answerFor(1, { jsonrpc: "2.0", id, result: { ok: true } });
    } catch (error) {
      if (/not implemented/iu.test((error as Error).message)) throw error;
      refused = true;
    }
    if (!refused) fail(`answerFor let id ${JSON.stringify(id)} answer request 1: ${trap}`);
  }
}

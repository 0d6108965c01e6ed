import { describe, expect, it } from "vitest";
import { encodeFrame } from "../../lib/src/protocol/encode-frame.js";
import { FrameReader } from "../../lib/src/protocol/frame-reader.js";
import { parseFrame } from "../../lib/src/protocol/parse-frame.js";
import { requestMessage } from "../../lib/src/protocol/messages.js";
import { ProtocolError } from "../../lib/src/errors/protocol-error.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";

function caught(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

const text = (frames: Buffer[]): string[] => frames.map((frame) => frame.toString("utf8"));

describe("encodeFrame", () => {
  it("writes compact JSON on one line, ended by one newline", () => {
    const frame = encodeFrame(requestMessage(41, "tools/list", { text: "a\nb" }), 1024);
    expect(frame.toString()).toBe('{"jsonrpc":"2.0","id":41,"method":"tools/list","params":{"text":"a\\nb"}}\n');
    expect(frame.indexOf(0x0a)).toBe(frame.length - 1);
  });

  it("accepts a frame of exactly the limit and refuses one byte more", () => {
    const exact = encodeFrame({ a: "x" }); // {"a":"x"}\n = 10 bytes
    expect(exact.length).toBe(10);
    expect(encodeFrame({ a: "x" }, 10).length).toBe(10);
    expect(() => encodeFrame({ a: "x" }, 9)).toThrow(
      "outgoing message of 10 bytes is too large; expected at most 9 bytes; limit: frame limit 9 bytes",
    );
  });

  it("refuses a frame over the limit as the caller's UsageError, never a ProtocolError", () => {
    const refused = caught(() => encodeFrame({ a: "x" }, 9));
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused).not.toBeInstanceOf(ProtocolError);
    expect(refused).toMatchObject({ code: "usage", reason: "frame-limit" });
    // Bytes, not characters: 3 bytes each, so 22 characters make 66 bytes + {"a":""}\n = 75.
    expect(() => encodeFrame({ a: "☕".repeat(22) }, 74)).toThrow(/75 bytes/);
    expect(encodeFrame({ a: "☕".repeat(22) }, 75).length).toBe(75);
  });

  it.each([
    ["NaN", { n: Number.NaN }, /holds NaN/],
    ["Infinity, deep inside", { deep: [{ n: Number.POSITIVE_INFINITY }] }, /holds Infinity/],
    ["-Infinity", { n: Number.NEGATIVE_INFINITY }, /holds -Infinity/],
    ["a bigint", { n: 10n }, /bigint 10n/],
    ["a function", { f: () => 1 }, /holds a function/],
    ["a symbol", { s: Symbol("x") }, /holds a symbol/],
    ["undefined in an array", { list: [1, undefined] }, /array element 1 is undefined/],
    ["a function in an array", { list: [() => 1] }, /holds a function/],
  ])("refuses %s instead of sending something else", (_label, message, wording) => {
    const refused = caught(() => encodeFrame(message));
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused).toMatchObject({ reason: "unencodable" });
    expect((refused as Error).message).toMatch(wording);
    expect((refused as Error).message).toMatch(/expected plain JSON values/);
  });

  it("refuses a circular message and one nested too deep to walk, as UsageErrors", () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular["self"] = circular;
    expect(caught(() => encodeFrame(circular))).toMatchObject({
      code: "usage",
      reason: "unencodable",
      message: expect.stringMatching(/received a circular reference/),
    });
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(caught(() => encodeFrame({ deep }, 1 << 30))).toMatchObject({
      code: "usage",
      message: expect.stringMatching(/nesting too deep/),
    });
  });

  it.each([undefined, null, 5, "text", true])("refuses %s as the whole message", (message) => {
    expect(caught(() => encodeFrame(message as unknown as object))).toMatchObject({
      code: "usage",
      reason: "unencodable",
      message: expect.stringMatching(/^the message is not an object/),
    });
  });

  it("leaves out a property whose value is undefined, as JSON does, and keeps a real null", () => {
    expect(encodeFrame({ a: undefined, b: null }).toString()).toBe('{"b":null}\n');
    expect(encodeFrame({ when: new Date(0) }).toString()).toBe('{"when":"1970-01-01T00:00:00.000Z"}\n');
  });

  it.each([0, 1, 1.5, Number.NaN])("refuses the frame limit %s", (limit) => {
    expect(caught(() => encodeFrame({}, limit))).toMatchObject({ code: "usage", reason: "frame-limit" });
  });
});

describe("FrameReader", () => {
  const frame = encodeFrame(requestMessage(41, "tools/list", {}), 1024);

  it("returns nothing for half a frame, then the frame, keeping the start of the next", () => {
    const reader = new FrameReader(1024);
    expect(reader.feed(frame.subarray(0, 20))).toEqual([]);
    expect(reader.bufferedBytes).toBe(20);
    const next = Buffer.from('{"jsonrpc":"2.0"');
    expect(text(reader.feed(Buffer.concat([frame.subarray(20), next])))).toEqual([frame.toString().trimEnd()]);
    expect(reader.remainder().toString()).toBe('{"jsonrpc":"2.0"');
  });

  it("returns every whole line of one and a half frames", () => {
    const reader = new FrameReader(1024);
    const lines = reader.feed(Buffer.concat([frame, frame, frame.subarray(0, 7)]));
    expect(lines).toHaveLength(2);
    expect(reader.remainder().toString()).toBe(frame.subarray(0, 7).toString());
  });

  it("decodes a multibyte character split across two reads", () => {
    const bytes = Buffer.from('{"jsonrpc":"2.0","method":"note","params":{"t":"crème 🍦"}}\n');
    const split = bytes.indexOf(Buffer.from("🍦")) + 2; // inside the 4-byte emoji
    const reader = new FrameReader(1024);
    expect(reader.feed(bytes.subarray(0, split))).toEqual([]);
    const [line] = reader.feed(bytes.subarray(split));
    expect(parseFrame(line!)).toMatchObject({ params: { t: "crème 🍦" } });
  });

  it("passes a frame of exactly the limit and refuses one byte more", () => {
    const exact = Buffer.from(`${"x".repeat(15)}\n`); // 16 bytes with its newline
    expect(new FrameReader(16).feed(exact)).toHaveLength(1);
    const over = Buffer.from(`${"x".repeat(16)}\n`);
    expect(() => new FrameReader(16).feed(over)).toThrow(
      "frame exceeds the 16-byte limit; expected a newline within 16 bytes; received a frame of 17 bytes",
    );
  });

  it("refuses an endless line once the buffer passes the limit, never holding it whole", () => {
    const reader = new FrameReader(16);
    expect(reader.feed(Buffer.from("x".repeat(15)))).toEqual([]);
    expect(() => reader.feed(Buffer.from("x"))).toThrow(/received 16 bytes and no newline yet/);
    expect(reader.bufferedBytes).toBe(0);
    expect(() => reader.feed(Buffer.from("\n"))).toThrow(/frame exceeds/);
  });

  it("hands out complete frames that precede an overlong one, then refuses", () => {
    const reader = new FrameReader(16);
    const lines = reader.feed(Buffer.from(`{"a":1}\n${"y".repeat(40)}`));
    expect(text(lines)).toEqual(['{"a":1}']);
    expect(reader.failure?.reason).toBe("frame-limit");
    expect(() => reader.feed(Buffer.from("\n"))).toThrow(/frame exceeds the 16-byte limit/);
  });

  it("copies what it keeps, so a reused chunk buffer cannot change a frame", () => {
    const reader = new FrameReader(64);
    const chunk = Buffer.from('{"a":');
    reader.feed(chunk);
    chunk.fill(0x20);
    expect(text(reader.feed(Buffer.from("1}\n")))).toEqual(['{"a":1}']);
  });
});

describe("parseFrame", () => {
  it("accepts one JSON-RPC 2.0 object", () => {
    expect(parseFrame('{"jsonrpc":"2.0","id":1,"result":{}}')).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
  });

  it.each([
    ["a log line", "calling tool now", "malformed-frame", /malformed frame: "calling tool now"/],
    ["an array", '[{"jsonrpc":"2.0"}]', "not-json-rpc", /received an array/],
    ["a bare value", "3", "not-json-rpc", /received the integer 3/],
    ["null", "null", "not-json-rpc", /received null/],
    ["the wrong version", '{"jsonrpc":"1.0","id":1}', "not-json-rpc", /jsonrpc the string "1.0"/],
    ["no version", '{"id":1,"result":{}}', "not-json-rpc", /jsonrpc nothing/],
    ["an empty line", "", "malformed-frame", /malformed frame/],
  ])("refuses %s", (_label, line, reason, message) => {
    expect(() => parseFrame(line)).toThrow(message);
    try {
      parseFrame(line);
    } catch (error) {
      expect(error).toMatchObject({ code: "protocol", reason });
    }
  });

  it("refuses bytes that are not UTF-8", () => {
    expect(() => parseFrame(Buffer.from([0x7b, 0xff, 0x7d]))).toThrow(/not UTF-8/);
  });
});

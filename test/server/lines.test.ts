import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineReader, type LineEvent } from "../../server/src/lines.js";

function feedAll(reader: LineReader, chunks: Buffer[]): LineEvent[] {
  return chunks.flatMap((chunk) => reader.feed(chunk));
}

describe("LineReader", () => {
  it("keeps the remainder of a chunk for the next one", () => {
    const reader = new LineReader();
    expect(reader.feed(Buffer.from('{"a":1}\n{"b"'))).toEqual([{ kind: "line", text: '{"a":1}' }]);
    expect(reader.pendingBytes).toBe(4);
    expect(reader.feed(Buffer.from(":2}\n"))).toEqual([{ kind: "line", text: '{"b":2}' }]);
    expect(reader.pendingBytes).toBe(0);
  });

  it("decodes a character split across two chunks, and drops a CR before the newline", () => {
    const bytes = Buffer.from("\u{1f366} vanilla\r\n");
    const reader = new LineReader();
    expect(reader.feed(bytes.subarray(0, 2))).toEqual([]);
    expect(reader.feed(bytes.subarray(2))).toEqual([{ kind: "line", text: "\u{1f366} vanilla" }]);
  });

  it("reports a line past the limit as too long without holding it, then reads on", () => {
    const reader = new LineReader(8);
    expect(reader.feed(Buffer.from("12345"))).toEqual([]);
    expect(reader.feed(Buffer.from("6789abc"))).toEqual([]);
    expect(reader.pendingBytes).toBe(12);
    expect(reader.feed(Buffer.from("d\nok\n"))).toEqual([
      { kind: "too-long", bytes: 13 },
      { kind: "line", text: "ok" },
    ]);
  });

  it("yields the same lines however the bytes are split (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: "grapheme", maxLength: 20 }).map((s) => s.replace(/[\r\n]/gu, "")),
          { maxLength: 8 },
        ),
        fc.array(fc.nat(40), { maxLength: 10 }),
        (lines, cuts) => {
          const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(""));
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks: Buffer[] = [];
          let start = 0;
          for (const point of [...points, bytes.length]) {
            chunks.push(bytes.subarray(start, point));
            start = point;
          }
          expect(feedAll(new LineReader(), chunks)).toEqual(lines.map((text) => ({ kind: "line", text })));
        },
      ),
    );
  });
});

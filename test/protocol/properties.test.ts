import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FrameReader } from "../../lib/src/protocol/frame-reader.js";
import { parseFrame } from "../../lib/src/protocol/parse-frame.js";
import { answerFor } from "../../lib/src/protocol/messages.js";
import { encodeFrame } from "../../lib/src/protocol/encode-frame.js";
import { WorkbookError } from "../../lib/src/errors/workbook-error.js";

/** Runs reader → parser → binder on bytes; anything thrown must be one of the declared errors. */
function throughThePipeline(chunks: Uint8Array[], limit: number): void {
  const reader = new FrameReader(limit);
  for (const chunk of chunks) {
    let frames: Buffer[];
    try {
      frames = reader.feed(chunk);
    } catch (error) {
      expect(error).toBeInstanceOf(WorkbookError);
      return;
    }
    for (const frame of frames) {
      expect(frame.length).toBeLessThan(limit);
      try {
        answerFor(1, parseFrame(frame));
      } catch (error) {
        expect(error).toBeInstanceOf(WorkbookError);
      }
    }
  }
  expect(reader.bufferedBytes).toBeLessThan(limit);
}

describe("properties", () => {
  it("random bytes never make the reader, parser or binder throw anything undeclared", () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 }),
        fc.integer({ min: 2, max: 400 }),
        (chunks, limit) => throughThePipeline(chunks, limit),
      ),
      { numRuns: 500 },
    );
  });

  it("random JSON values never make the parser or binder throw anything undeclared", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.oneof(fc.constant(undefined), fc.jsonValue()), (value, id) => {
        const message =
          typeof value === "object" && value !== null && !Array.isArray(value)
            ? { ...value, jsonrpc: "2.0", id }
            : value;
        const line = JSON.stringify(message) ?? "null";
        throughThePipeline([Buffer.from(`${line}\n`)], 1 << 20);
      }),
      { numRuns: 500 },
    );
  });

  it("any message split anywhere comes out whole and equal", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.nat(), { maxLength: 6 }), (params, cuts) => {
        const frame = encodeFrame({ jsonrpc: "2.0", method: "m", params }, 1 << 20);
        const points = [...new Set(cuts.map((cut) => cut % frame.length))].sort((a, b) => a - b);
        const reader = new FrameReader(1 << 20);
        const out: Buffer[] = [];
        let from = 0;
        for (const point of [...points, frame.length]) {
          out.push(...reader.feed(frame.subarray(from, point)));
          from = point;
        }
        expect(out).toHaveLength(1);
        expect(parseFrame(out[0]!)).toEqual(JSON.parse(frame.toString()));
      }),
      { numRuns: 300 },
    );
  });
});

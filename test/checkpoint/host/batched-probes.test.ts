// The grader hands a host the requests of one turn of its event loop in one write (host-probe.ts,
// batchedLines). A framing probe's chunks are cut by the rule, inside its request: the library's
// FrameReader fed them through a real host must yield, chunk by chunk, the same frames whether the
// probes went one write each or many in one, and exactly the frames the cuts make.
import { PassThrough } from "node:stream";
import { resolve } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchedLines, openHostProbe } from "../../../lib/src/grading/checkpoint/host/host-probe.js";
import { REFERENCE_ENTRY } from "../../../lib/src/grading/checkpoint/paths.js";
import type { ProbeSession } from "../../../lib/src/grading/checkpoint/rules/run.js";

const HOST_MAIN = resolve(__dirname, "../../../lib/dist/grading/checkpoint/host/host-main.js");

describe("batchedLines", () => {
  it("writes the lines of one turn in one write, in order, and a later turn's in another", async () => {
    const stream = new PassThrough();
    const writes: string[] = [];
    stream.on("data", (chunk: Buffer) => writes.push(chunk.toString()));
    const send = batchedLines(stream);
    send("a\n");
    send("b\n");
    send("c\n");
    await new Promise((done) => setImmediate(done));
    send("d\n");
    await new Promise((done) => setImmediate(done));
    expect(writes).toEqual(["a\nb\nc\n", "d\n"]);
  });
});

describe("framing probes through a real host, batched", () => {
  let session: ProbeSession;
  beforeAll(async () => {
    session = await openHostProbe(REFERENCE_ENTRY, { user: "self", hostMain: HOST_MAIN });
  });
  afterAll(async () => {
    await session.close();
  });

  /** Frames per chunk, as the host's FrameReader gave them (base64). */
  const perChunk = (answer: Awaited<ReturnType<ProbeSession["probe"]>>): string[][] => {
    if (!answer.ok) throw new Error(answer.error.message);
    return (answer.value as { perChunk: string[][] }).perChunk;
  };

  it("keeps every chunk where the rule cut it: the same frames per chunk one write each or all in one", async () => {
    const line = fc
      .string({ unit: "grapheme", maxLength: 12 })
      .map((text) => `{"jsonrpc":"2.0","method":${JSON.stringify(text)}}\n`);
    const cut = fc
      .tuple(fc.array(line, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 6 }))
      .map(([lines, cuts]) => {
        const bytes = Buffer.from(lines.join(""), "utf8");
        const points = [...new Set(cuts.map((at) => at % bytes.length))].filter((at) => at > 0).sort((a, b) => a - b);
        const chunks = [0, ...points].map((from, index) => bytes.subarray(from, [...points, bytes.length][index]));
        return { lines, chunks: chunks.map((chunk) => chunk.toString("base64")) };
      });
    await fc.assert(
      fc.asyncProperty(fc.array(cut, { minLength: 2, maxLength: 8 }), async (probes) => {
        const request = (chunks: string[]) => ({ op: "frameReader.feed" as const, chunks });
        const together = await Promise.all(probes.map((each) => session.probe(request(each.chunks))));
        const apart: string[][][] = [];
        for (const each of probes) apart.push(perChunk(await session.probe(request(each.chunks))));
        expect(together.map(perChunk)).toEqual(apart);
        for (const [index, each] of probes.entries()) {
          expect(apart[index]!.length).toBe(each.chunks.length);
          const frames = apart[index]!.flat().map((frame) => Buffer.from(frame, "base64").toString("utf8"));
          expect(frames).toEqual(each.lines.map((text) => text.slice(0, -1)));
        }
      }),
      { numRuns: 25 },
    );
  });
});

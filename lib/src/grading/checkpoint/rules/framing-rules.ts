// Rules of framing: bytes become lines at each newline, a character split across reads survives,
// the limit counts bytes (newline included, equality allowed) and holds even for a line that
// never ends; parseFrame takes only one JSON-RPC 2.0 object in valid UTF-8.
import { FREE_CHOICES } from "./free-choices.js";
import { isDeepStrictEqual } from "node:util";
import { refusal, valueOf } from "./expect.js";
import { seededInt } from "../../trials/seeded.js";
import { failRule, type ProbeAnswer, type ObservedRule, type Rule, type RuleContext } from "./types.js";
import { bytes, showWire } from "./wire.js";
import { ruleProperty } from "../properties/properties.js";

const READER = "learner/src/framing.ts: FrameReader.feed";

/** A raw frame of exactly `size` bytes, newline included, padded with `pad` (one or more bytes each). */
export function frameOfSize(size: number, pad = "x"): Buffer {
  const shell = Buffer.byteLength(JSON.stringify({ jsonrpc: "2.0", method: "pad", params: { pad: "" } }), "utf8") + 1;
  const padBytes = Buffer.byteLength(pad, "utf8");
  let room = size - shell;
  let text = pad.repeat(Math.floor(room / padBytes));
  room -= Buffer.byteLength(text, "utf8");
  text += "x".repeat(room);
  return Buffer.from(`${JSON.stringify({ jsonrpc: "2.0", method: "pad", params: { pad: text } })}\n`, "utf8");
}

interface Fed {
  readonly frames: Buffer[];
  readonly answer: ProbeAnswer;
}

async function feed(context: RuleContext, chunks: readonly Buffer[], limit?: number): Promise<Fed> {
  const answer = await context.ask({
    op: "frameReader.feed",
    ...(limit === undefined ? {} : { limit }),
    chunks: chunks.map((chunk) => chunk.toString("base64")),
  });
  const perChunk = answer.ok
    ? (answer.value as { perChunk?: string[][] }).perChunk
    : (answer.detail as { perChunk?: string[][] } | undefined)?.perChunk;
  return { frames: (perChunk ?? []).flat().map((frame) => Buffer.from(frame, "base64")), answer };
}

/** Feeds `chunks`; the lines that come back must be exactly `lines`, byte for byte. */
async function expectLines(
  context: RuleContext,
  what: string,
  chunks: readonly Buffer[],
  lines: readonly Buffer[],
  hint = "",
): Promise<void> {
  const { frames, answer } = await feed(context, chunks);
  valueOf(answer, what, `${lines.length} frame(s)`);
  const got = frames.map((frame) => frame.toString("base64"));
  const wanted = lines.map((line) => line.toString("base64"));
  if (!isDeepStrictEqual(got, wanted)) {
    failRule(
      what,
      `${lines.length} frame(s): ${lines.map((line) => JSON.stringify(line.toString("utf8").slice(0, 60))).join(", ")}`,
      `${frames.length} frame(s): ${frames.map((frame) => JSON.stringify(frame.toString("utf8").slice(0, 60))).join(", ")}${hint}`,
    );
  }
}

const line = (text: string): Buffer => Buffer.from(text, "utf8");

export const framingNewline: ObservedRule = {
  id: "framing-newline",
  observation: 1,
  seeded: true,
  title: "bytes become one frame per newline, however the reads are cut",
  points: 2,
  needs: ["FrameReader"],
  pieces: ["FrameReader"],
  dependsOn: [],
  visibility: "visible",
  where: READER,
  demands: [
    {
      says: "Each message ends at one newline; the reader hands back every complete line, however the reads are cut.",
      chapterLines: [23, 264, 266, 287, 288, 289, 290, 291],
    },
    { says: "Bytes after the last newline wait in the reader for the next read.", chapterLines: [266, 279, 322] },
  ],
  freeChoices: [FREE_CHOICES.chapterReader, FREE_CHOICES.wording],
  deadlineMs: 10_000,
  body: async (context) => {
    const n = seededInt(context.seed, "framing-id", 1, 900);
    const first = line(`{"jsonrpc":"2.0","id":${n},"result":{"text":"vanilla stock"}}`);
    const second = line(`{"jsonrpc":"2.0","id":${n + 1},"result":{}}`);
    const nl = Buffer.from("\n");
    const a = Buffer.concat([first, nl]);
    const b = Buffer.concat([second, nl]);
    await expectLines(context, "one whole frame", [a], [first]);
    await expectLines(context, "half a frame, then the rest", [a.subarray(0, 20), a.subarray(20)], [first]);
    await expectLines(
      context,
      "one and a half frames, then the rest",
      [Buffer.concat([a, b.subarray(0, 10)]), b.subarray(10)],
      [first, second],
    );
    await expectLines(context, "two frames in one read", [Buffer.concat([a, b])], [first, second]);
    await expectLines(
      context,
      "a frame one byte at a time",
      [...a].map((byte) => Buffer.from([byte])),
      [first],
    );
    return ruleProperty(context, "framing-newline");
  },
};

export const framingUtf8Split: ObservedRule = {
  id: "framing-utf8-split",
  observation: 1,
  title: "a UTF-8 character cut between two reads comes out whole",
  points: 1,
  needs: ["FrameReader"],
  pieces: ["FrameReader"],
  dependsOn: [],
  visibility: "visible",
  where: `${READER} (keep bytes as bytes until the newline; decode a whole line, never a chunk)`,
  demands: [
    {
      says: "The reader keeps bytes as bytes until a line is whole, so a character cut between two reads comes out whole.",
      chapterLines: [264, 266, 285, 288],
    },
  ],
  freeChoices: [FREE_CHOICES.chapterReader],
  deadlineMs: 10_000,
  body: async (context) => {
    const text = line('{"jsonrpc":"2.0","id":1,"result":{"text":"crème ☕ 🍦"}}');
    const whole = Buffer.concat([text, Buffer.from("\n")]);
    for (const char of ["è", "☕", "🍦"]) {
      const cut = whole.indexOf(Buffer.from(char)) + 1;
      await expectLines(
        context,
        `a read that ends inside ${char}`,
        [whole.subarray(0, cut), whole.subarray(cut)],
        [text],
        " (a chunk was decoded on its own)",
      );
    }
    return ruleProperty(context, "framing-utf8-split");
  },
};

export const frameLimitBoundary: ObservedRule = {
  id: "frame-limit-boundary",
  observation: 1,
  seeded: true,
  title: "the frame limit counts bytes, newline included: exactly the limit passes, one byte more is refused",
  points: 2,
  needs: ["FrameReader"],
  pieces: ["FrameReader"],
  dependsOn: ["framing-newline"], // the limit of a read's second frame is counted by the loop that finds it
  visibility: "visible",
  where: `${READER} (count bytes with Buffer.byteLength, not string length; the newline counts)`,
  demands: [
    {
      says: "The frame limit counts bytes with the newline: a line of exactly the limit passes, one byte more is refused.",
      chapterLines: [23, 271, 292, 293],
    },
    { says: "The limit is checked before the line is parsed.", chapterLines: [266, 280] },
  ],
  freeChoices: [FREE_CHOICES.chapterReader, FREE_CHOICES.wording],
  deadlineMs: 10_000,
  body: async (context) => {
    const limit = seededInt(context.seed, "limit", 1024, 4096);
    const exact = frameOfSize(limit, "é");
    const exactAnswer = await feed(context, [exact], limit);
    valueOf(
      exactAnswer.answer,
      `FrameReader(${limit}) fed a frame of exactly ${limit} bytes (newline included)`,
      "one frame",
    );
    if (exactAnswer.frames.length !== 1)
      failRule(
        `FrameReader(${limit}) fed a frame of exactly ${limit} bytes`,
        "one frame",
        `${exactAnswer.frames.length}`,
      );
    const over = frameOfSize(limit + 1, "é");
    refusal(
      (await feed(context, [over], limit)).answer,
      `FrameReader(${limit}) fed a frame of ${limit + 1} bytes (${over.toString("utf8").length} characters)`,
      "a refusal (ProtocolError): one byte over the limit",
    );
    return ruleProperty(context, "frame-limit-boundary");
  },
};

export const frameLimitEndless: ObservedRule = {
  id: "frame-limit-endless",
  observation: 1,
  title: "a line that never ends is refused as soon as it outgrows the limit, not held whole",
  points: 2,
  needs: ["FrameReader"],
  pieces: ["FrameReader"],
  dependsOn: [],
  visibility: "visible",
  where: `${READER} (check the held bytes on every read, not only when a newline arrives)`,
  demands: [
    {
      says: "A line that never ends is refused as soon as the bytes held pass the limit, not held whole in memory.",
      chapterLines: [23, 266, 280, 295, 296],
    },
    { says: "A refused line's bytes are never handed on as a frame.", chapterLines: [266, 292, 293] },
  ],
  freeChoices: [FREE_CHOICES.chapterReader, FREE_CHOICES.readerRefusesAgain, FREE_CHOICES.readerStartsAfresh],
  deadlineMs: 20_000,
  body: async (context) => {
    const limit = 65_536;
    const chunk = Buffer.alloc(40_000, "x");
    const answer = await context.ask(
      { op: "frameReader.feed", limit, chunks: [bytes(chunk).$bytes], times: 64 },
      15_000,
    );
    if (answer.ok)
      failRule(
        `FrameReader(${limit}) fed 64 reads of 40,000 bytes and no newline (2.56 MB)`,
        "a refusal by the second read",
        "no refusal: the whole line was held",
      );
    const at = (answer.detail as { atChunk?: number } | undefined)?.atChunk ?? -1;
    refusal(answer, `FrameReader(${limit}) fed reads of 40,000 bytes and no newline`, "a refusal (ProtocolError)");
    if (at > 1)
      failRule(
        `FrameReader(${limit}) fed reads of 40,000 bytes and no newline`,
        "a refusal at read 2 (80,000 bytes held > the limit)",
        `a refusal only at read ${at + 1}`,
      );
    return ruleProperty(context, "frame-limit-endless");
  },
};

export const parseFrameStrict: ObservedRule = {
  id: "parse-frame-strict",
  observation: 1,
  title: "parseFrame takes one JSON-RPC 2.0 object in valid UTF-8 and refuses everything else",
  points: 2,
  needs: ["parseFrame"],
  pieces: ["parseFrame"],
  dependsOn: [],
  visibility: "visible",
  where: "learner/src/framing.ts: parseFrame",
  demands: [
    {
      says: "Each line read is parsed as a single JSON-RPC 2.0 message object; a line that is not one is refused as a protocol error, never skipped.",
      chapterLines: [301, 302, 303, 304, 305, 306, 307],
    },
    {
      says: "Each frame parsed gives a message of its own: nothing of it, at any depth, is shared with what another call returns.",
      chapterLines: [301, 303, 307],
    },
    {
      says: "Anything but a message on a server's stdout, a diagnostic line for one, is refused as a broken frame and reported, never guessed around.",
      chapterLines: [324, 589],
    },
  ],
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.byteOrderMark, FREE_CHOICES.nonFiniteLiterals],
  deadlineMs: 10_000,
  body: async (context) => {
    const good = { jsonrpc: "2.0", id: 3, result: { text: "☕" } };
    const parsed = valueOf(
      await context.ask({ op: "call", fn: "parseFrame", args: [bytes(JSON.stringify(good))] }),
      "parseFrame(a JSON-RPC 2.0 reply)",
      "the message",
    );
    if (!isDeepStrictEqual(parsed, good))
      failRule("parseFrame(a JSON-RPC 2.0 reply)", JSON.stringify(good), showWire(parsed));
    const bad: ReadonlyArray<readonly [Buffer, string]> = [
      [line('[{"jsonrpc":"2.0","id":1,"result":{}}]'), "a batch (an array)"],
      [line('{"id":1,"result":{}}'), "an object without jsonrpc"],
      [line('{"jsonrpc":"1.0","id":1,"result":{}}'), 'jsonrpc "1.0"'],
      [line("42"), "a bare number"],
      [line("calling tool now"), "a log line"],
      [
        Buffer.concat([line('{"jsonrpc":"2.0","id":1,"result":{"text":"'), Buffer.from([0xff, 0xfe]), line('"}}')]),
        "invalid UTF-8 bytes",
      ],
    ];
    for (const [frame, what] of bad) {
      const answer = await context.ask({ op: "call", fn: "parseFrame", args: [bytes(frame)] });
      refusal(answer, `parseFrame(${what})`, "a refusal (ProtocolError)");
    }
    return ruleProperty(context, "parse-frame-strict");
  },
};

// Rules of encodeFrame: one compact line, refused when JSON cannot carry the value faithfully
// (the chapter's json.dumps with allow_nan=False raises on NaN, on a cycle and on any value it
// cannot write, so nothing is turned into null or left out) or the frame would pass the limit (in
// bytes). A property holding undefined is left out, as JSON has no undefined. Refusing outgoing data is the caller's mistake, so
// the refusal is a UsageError (the team's error decisions); ProtocolError is for what a server sent.
import { FREE_CHOICES } from "./free-choices.js";
import { isDeepStrictEqual } from "node:util";
import { refusal, valueOf } from "./expect.js";
import { frameOfSize } from "./framing-rules.js";
import { seededInt } from "../../trials/seeded.js";
import { failRule, type ObservedRule, type Rule } from "./types.js";
import { wireBytes } from "./wire.js";
import { ruleProperty } from "../properties/properties.js";

const WHERE = "learner/src/framing.ts: encodeFrame";

export const encodeRefuses: ObservedRule = {
  id: "encode-refuses",
  observation: 1,
  title:
    "encodeFrame refuses values JSON cannot carry (NaN, Infinity, bigint, a function, a symbol, a cycle) instead of writing null or leaving them out",
  points: 1,
  needs: ["encodeFrame"],
  pieces: ["encodeFrame"],
  dependsOn: [],
  visibility: "visible",
  where: `${WHERE} (JSON.stringify writes NaN as null and leaves out a function: check every value in a replacer; catch what stringify throws)`,
  demands: [
    {
      says: "A message is written as compact JSON on one line; a value JSON cannot carry (NaN, Infinity, a bigint, a function, a symbol, a cycle, also when an object's toJSON returns it) is refused, not written as something else or left out.",
      chapterLines: [264, 269, 270],
    },
  ],
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.toJsonRefused],
  deadlineMs: 10_000,
  body: async (context) => {
    const ok = valueOf(
      await context.ask({
        op: "call",
        fn: "encodeFrame",
        args: [{ jsonrpc: "2.0", method: "x", params: { a: null } }],
      }),
      "encodeFrame(a message holding a real null)",
      "its frame",
    );
    const frame = wireBytes(ok);
    if (frame?.toString("utf8") !== '{"jsonrpc":"2.0","method":"x","params":{"a":null}}\n')
      failRule(
        "encodeFrame(a message holding a real null)",
        "compact JSON and one newline",
        frame ? JSON.stringify(frame.toString("utf8")) : JSON.stringify(ok),
      );
    const values: ReadonlyArray<readonly [unknown, string]> = [
      [{ jsonrpc: "2.0", method: "x", params: { n: { $number: "NaN" } } }, "NaN"],
      [{ jsonrpc: "2.0", method: "x", params: { n: { $number: "Infinity" } } }, "Infinity"],
      [{ jsonrpc: "2.0", method: "x", params: { n: { $bigint: "12" } } }, "a bigint"],
      [{ $circular: true }, "an object that contains itself"],
    ];
    for (const [value, what] of values) {
      refusal(
        await context.ask({ op: "call", fn: "encodeFrame", args: [value] }),
        `encodeFrame(a message holding ${what})`,
        "a refusal (UsageError), not a frame",
        ["UsageError"],
      );
    }
    return ruleProperty(context, "encode-refuses");
  },
};

export const encodeLimit: ObservedRule = {
  id: "encode-limit",
  observation: 1,
  seeded: true,
  title: "encodeFrame refuses a frame over the limit, counted in bytes with the newline",
  points: 1,
  needs: ["encodeFrame"],
  pieces: ["encodeFrame"],
  dependsOn: [],
  visibility: "visible",
  where: `${WHERE} (Buffer.byteLength of the JSON plus one for the newline)`,
  demands: [
    {
      says: "An outgoing message over the frame limit, counted in bytes with its newline, is refused.",
      chapterLines: [269, 271, 272, 273],
    },
  ],
  freeChoices: [FREE_CHOICES.wording],
  deadlineMs: 10_000,
  body: async (context) => {
    const limit = seededInt(context.seed, "encode-limit", 1024, 4096);
    const exact = frameOfSize(limit, "☕");
    const message = JSON.parse(exact.toString("utf8")) as unknown;
    const answer = valueOf(
      await context.ask({ op: "call", fn: "encodeFrame", args: [message, limit] }),
      `encodeFrame(a message whose frame is exactly ${limit} bytes, ${limit})`,
      "its frame",
    );
    if (!isDeepStrictEqual(wireBytes(answer), exact))
      failRule(
        `encodeFrame(a message whose frame is exactly ${limit} bytes, ${limit})`,
        `those ${limit} bytes`,
        `${wireBytes(answer)?.length ?? "no"} bytes`,
      );
    const over = frameOfSize(limit + 1, "☕");
    refusal(
      await context.ask({ op: "call", fn: "encodeFrame", args: [JSON.parse(over.toString("utf8")), limit] }),
      `encodeFrame(a message whose frame is ${limit + 1} bytes but ${over.toString("utf8").length} characters, ${limit})`,
      "a refusal (UsageError): one byte over the limit",
      ["UsageError"],
    );
    return ruleProperty(context, "encode-limit");
  },
};

// Rules of encodeFrame: one compact line, refused when JSON cannot carry the value faithfully
// (the chapter's json.dumps with allow_nan=False raises on NaN, on a cycle and on any value it
// cannot write, so nothing is turned into null or left out) or the frame would pass the limit (in
// bytes). A property holding undefined is left out, as JSON has no undefined. Refusing outgoing data is the caller's mistake, so
// the refusal is a UsageError (the team's error decisions); ProtocolError is for what a server sent.
// A frame is judged by what it says (frame-text.ts), and the limit on the bytes the piece itself
// writes: any faithful escaping passes, as the chapter's own json.dumps escapes non-ASCII.
import { FREE_CHOICES } from "./free-choices.js";
import { isDeepStrictEqual } from "node:util";
import { refusal, valueOf } from "./expect.js";
import { frameProblem } from "./frame-text.js";
import { frameOfSize } from "./framing-rules.js";
import { seededInt } from "../../trials/seeded.js";
import { failRule, type ObservedRule, type Rule } from "./types.js";
import { showWire, wireBytes } from "./wire.js";
import { ampleLimit, ruleProperty } from "../properties/properties.js";

const WHERE = "learner/src/framing.ts: encodeFrame";

/** What JSON cannot carry, as wire values: each is refused wherever it sits. */
const UNENCODABLE: ReadonlyArray<readonly [unknown, string]> = [
  [{ $number: "NaN" }, "NaN"],
  [{ $number: "Infinity" }, "Infinity"],
  [{ $number: "-Infinity" }, "-Infinity"],
  [{ $bigint: "12" }, "a bigint"],
  [{ $function: "onDone" }, "a function"],
  [{ $symbol: "tag" }, "a symbol"],
  [{ $toJSON: { $number: "NaN" } }, "an object whose toJSON returns NaN"],
];
/** What JSON cannot carry only as an array's element: written as null there. */
const UNENCODABLE_ELEMENTS: ReadonlyArray<readonly [unknown, string]> = [
  [{ $undefined: true }, "undefined"],
  [{ $hole: true }, "a hole (an empty index, as in [, 1])"],
];
/** Where a value can sit in a message: each place a check that walks the message must reach. */
const PLACES: ReadonlyArray<readonly [(bad: unknown) => Record<string, unknown>, string]> = [
  [(bad) => ({ jsonrpc: "2.0", method: "x", id: 1, v: bad }), "as a field of the message itself"],
  [(bad) => ({ jsonrpc: "2.0", method: "x", params: { v: bad } }), "as a property of params"],
  [(bad) => ({ jsonrpc: "2.0", method: "x", params: { list: [bad, 1] } }), "as an array's first element"],
  [(bad) => ({ jsonrpc: "2.0", method: "x", params: { list: [1, "a", bad] } }), "as an array's last element"],
  [
    (bad) => ({ jsonrpc: "2.0", method: "x", params: { a: [{ b: { c: [null, { d: bad }] } }] } }),
    "nested deep in objects and arrays",
  ],
  [
    (bad) => ({ $toJSON: { jsonrpc: "2.0", method: "x", params: { v: bad } } }),
    "in what the message's own toJSON returns",
  ],
];
/** Every unencodable value in every place (an array's elements in an array there), and a cycle. */
const UNENCODABLE_PLACED: ReadonlyArray<{ readonly message: unknown; readonly what: string }> = [
  ...PLACES.flatMap(([place, where]) => [
    ...UNENCODABLE.map(([bad, what]) => ({ message: place(bad), what: `${what} ${where}` })),
    ...UNENCODABLE_ELEMENTS.map(([bad, what]) => ({
      message: place([bad, 1]),
      what: `${what} in an array ${where}`,
    })),
  ]),
  { message: { $circular: true }, what: "an object that contains itself" },
];

export const encodeRefuses: ObservedRule = {
  id: "encode-refuses",
  observation: 1,
  title:
    "encodeFrame writes every finite number and refuses values JSON cannot carry (NaN, Infinity, bigint, a function, a symbol, undefined or a hole in an array, a cycle) wherever they sit, instead of writing null or leaving them out",
  points: 1,
  needs: ["encodeFrame"],
  pieces: ["encodeFrame"],
  dependsOn: [],
  visibility: "visible",
  where: `${WHERE} (JSON.stringify writes NaN as null and leaves out a function: check every value in a replacer; catch what stringify throws)`,
  demands: [
    {
      says: "A message is written as compact JSON on one line that parses back to exactly its value, every finite number included (fractions, -0, the smallest and largest doubles, integers past 2^53, wherever they sit); a value JSON cannot carry (NaN, Infinity, a bigint, a function, a symbol, undefined or a hole in an array, a cycle, also when an object's toJSON returns it) is refused wherever it sits, not written as something else or left out.",
      chapterLines: [264, 269, 270],
    },
  ],
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.toJsonRefused, FREE_CHOICES.jsonEscapes],
  deadlineMs: 10_000,
  body: async (context) => {
    const plain = { jsonrpc: "2.0", method: "x", params: { a: null } };
    const ok = valueOf(
      await context.ask({ op: "call", fn: "encodeFrame", args: [plain] }),
      "encodeFrame(a message holding a real null)",
      "its frame",
    );
    const problem = frameProblem(wireBytes(ok), plain);
    if (problem !== undefined)
      failRule(
        "encodeFrame(a message holding a real null)",
        "compact JSON of that message on one line, then one newline",
        `${problem}: ${showWire(ok)}`,
      );
    for (const { message, what } of UNENCODABLE_PLACED) {
      refusal(
        await context.ask({ op: "call", fn: "encodeFrame", args: [message] }),
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
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.jsonEscapes],
  deadlineMs: 10_000,
  body: async (context) => {
    // The message's frame is `size` bytes in the library's form; the piece's own form (any
    // faithful escaping) is learned with an ample limit, and the boundary judged at its length.
    const size = seededInt(context.seed, "encode-limit", 1024, 4096);
    const message = JSON.parse(frameOfSize(size, "☕").toString("utf8")) as Record<string, unknown>;
    const asked = `a message of ${size - 1} bytes of JSON, most of it ☕ (3 bytes, 1 character)`;
    const ample = ampleLimit(size);
    const own = valueOf(
      await context.ask({ op: "call", fn: "encodeFrame", args: [message, ample] }),
      `encodeFrame(${asked}, ${ample})`,
      "its frame",
    );
    const frame = wireBytes(own);
    const problem = frameProblem(frame, message);
    if (problem !== undefined)
      failRule(
        `encodeFrame(${asked}, ${ample})`,
        "its frame: compact JSON of the message on one line, then one newline",
        problem,
      );
    const bytes = frame!.length;
    const at = await context.ask({ op: "call", fn: "encodeFrame", args: [message, bytes] });
    const atLimit = valueOf(
      at,
      `encodeFrame(the same message, ${bytes}), the size in bytes of the frame it wrote, newline included`,
      "its frame: a frame of exactly the limit is written",
    );
    if (!isDeepStrictEqual(wireBytes(atLimit), frame))
      failRule(
        `encodeFrame(the same message, ${bytes}), the size in bytes of the frame it wrote`,
        `the same ${bytes} bytes`,
        `${wireBytes(atLimit)?.length ?? "no"} bytes`,
      );
    refusal(
      await context.ask({ op: "call", fn: "encodeFrame", args: [message, bytes - 1] }),
      `encodeFrame(the same message, ${bytes - 1}): its frame is ${bytes} bytes but ${frame!.toString("utf8").length} characters`,
      "a refusal (UsageError): one byte over the limit",
      ["UsageError"],
    );
    return ruleProperty(context, "encode-limit");
  },
};

// The inputs each pure rule is judged on, one generator per piece, each edge the issue names a
// branch of its own. Wire values (rules/wire.ts) stand for what JSON cannot carry: bytes, NaN,
// undefined, bigint, a cycle. An input may name outcomes it also accepts: where one input breaks
// two rules at once and the chapter does not say which is checked first, either refusal is right.
import fc from "fast-check";
import { DEFAULT_FRAME_LIMIT, JSON_RPC_ERRORS, MAX_TOOLS, PROTOCOL_VERSION } from "../../../protocol/constants.js";
import { BYTES_FORMS, bytes, type BytesForm } from "../rules/wire.js";
import { edgeGenerator, type EdgeBranch, type EdgeGenerator } from "./edges.js";
import { confusedPair, distinctNames, PROTOTYPE_NAMES } from "./names.js";
import { seededScorer } from "../rules/seeded-scorer.js";
import { toolText } from "../../../tools/tool-text.js";

/** An outcome besides the reference's that a rule accepts for one input: a value, or an error class and reason. */
export type Accepted = { readonly value: unknown } | { readonly error: string; readonly reason?: string };

/** One call of a pure piece: its arguments as wire values, and what else is right for it. */
export interface PureCall {
  readonly args: readonly unknown[];
  readonly also?: readonly Accepted[];
}

const word = fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 12 });
/** Text a piece must carry as it is: line breaks JSON escapes, and the replacement character, which is valid UTF-8. */
const UNUSUAL_TEXTS = ["one\ntwo", "a\r\nb", "tab\tand\u2028sep", "\uFFFD", "\u0000nul"] as const;
/** Text with characters of one to four UTF-8 bytes, now and then one of UNUSUAL_TEXTS. */
const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }) },
  { weight: 1, arbitrary: fc.constantFrom(...UNUSUAL_TEXTS) },
);
const jsonObject = fc.dictionary(word, fc.oneof(fc.integer(), anyText, fc.boolean(), fc.constant(null)), {
  maxKeys: 4,
});
const requestId = fc.integer({ min: 1, max: 1_000_000 });
/**
 * Ids a counter reaches that a 32-bit or floating shortcut loses: 0 (a counter may start there),
 * 2^31 (past | 0), 2^32 (past >>> 0) and 2^53 - 1 (the last safe integer). Each is an edge of its
 * own, so every grading meets each one; any safe integer besides.
 */
const BOUND_IDS: ReadonlyArray<readonly [string, number]> = [
  ["zero", 0],
  ["2^31", 2 ** 31],
  ["2^32", 2 ** 32],
  ["max-safe", Number.MAX_SAFE_INTEGER],
];
const anySafeId = fc.maxSafeNat();
/** One edge per bound id, then one of any safe integer, each making its input with `make`. */
function idRangeEdges<T>(prefix: string, make: (id: number) => fc.Arbitrary<T>): Array<EdgeBranch<T>> {
  return [
    ...BOUND_IDS.map(([name, id]) => ({ edge: `${prefix}-${name}`, arbitrary: make(id) })),
    { edge: `${prefix}-any-safe`, arbitrary: anySafeId.chain(make) },
  ];
}

// --- messages: requestMessage and notificationMessage ---------------------------------------------

/** A value params may hold that a trip through JSON changes or loses, as a wire value. */
const UNLIKE_JSON: readonly unknown[] = [
  { $number: "NaN" },
  { $number: "Infinity" },
  { $number: "-Infinity" },
  { $number: "-0" },
  { $undefined: true },
  { $bigint: "12" },
  { $date: "2026-07-28T12:00:00.000Z" },
  { $toJSON: "not what it holds" },
];
/** Params holding each of UNLIKE_JSON at once (so every grading meets all), in members, in arrays and deep, beside plain JSON. */
const paramsAsGiven = fc
  .tuple(
    jsonObject,
    fc.oneof(fc.constant([...UNLIKE_JSON]), fc.subarray([...UNLIKE_JSON], { minLength: 1 })),
    fc.constantFrom("members", "array", "deep"),
  )
  .map(([plain, odd, where]) => {
    const members = Object.fromEntries(odd.map((value, index) => [`v${index}`, value]));
    const held =
      where === "members" ? members : where === "array" ? { list: [1, ...odd, "z"] } : { a: [{ b: { c: members } }] };
    return { ...plain, ...held };
  });

/** Whitespace of every kind JavaScript's trim removes: a space, a tab, line breaks, no-break, ideographic, a BOM. */
const SPACES = [" ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u2028", "\ufeff"] as const;
/** Method names of every shape: case, slashes, dots, inner spaces, empty, non-ASCII, very long. */
const ODD_METHODS = [
  "tools/list",
  "Tools/LIST",
  "tools /list",
  "/tools//list/",
  "a.b.c",
  "$/cancelRequest",
  "",
  "outils/liste\u00e9",
  "\u30c4\u30fc\u30eb/\u{1F527}",
  "\u200bping",
  "m".repeat(4096),
] as const;
/**
 * A method of any shape, always with whitespace of some kind at one end or both (so every draw
 * shows a piece that trims), now and then a drawn word inside: carried exactly as given.
 */
const methodOfAnyShape = fc
  .tuple(
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ODD_METHODS) }, { weight: 1, arbitrary: word }),
    fc.array(fc.constantFrom(...SPACES), { minLength: 1, maxLength: 3 }).map((kinds) => kinds.join("")),
    fc.constantFrom("before", "after", "both"),
  )
  .map(([core, space, where]) => `${where === "after" ? "" : space}${core}${where === "before" ? "" : space}`);
/**
 * Params whose members JSON writes none of: undefined (always one), a symbol, a function. Still
 * the object given (on the wire {}): a piece that leaves such params out has dropped what it was handed.
 */
const paramsOfNothing = fc
  .tuple(
    word,
    fc.array(fc.tuple(word, fc.constantFrom<unknown>({ $undefined: true }, { $symbol: "s" }, { $function: "f" })), {
      maxLength: 3,
    }),
  )
  .map(([first, rest]) => Object.fromEntries([[first, { $undefined: true }], ...rest]));
/** Params every member of which is undefined, one to four of them (cursor among them now and then). */
const paramsAllUndefined = fc
  .uniqueArray(fc.oneof(fc.constant("cursor"), word), { minLength: 1, maxLength: 4 })
  .map((keys) => Object.fromEntries(keys.map((key) => [key, { $undefined: true }])));

export type MessageCall = { readonly fn: "requestMessage" | "notificationMessage" } & PureCall;
export const MESSAGE_CALLS: EdgeGenerator<MessageCall> = edgeGenerator<MessageCall>("messages", [
  {
    edge: "request-without-params",
    arbitrary: fc.tuple(requestId, word).map(([id, m]) => ({ fn: "requestMessage", args: [id, m] })),
  },
  {
    edge: "request-with-params",
    arbitrary: fc.tuple(requestId, word, jsonObject).map(([id, m, p]) => ({ fn: "requestMessage", args: [id, m, p] })),
  },
  { edge: "notification-without-params", arbitrary: word.map((m) => ({ fn: "notificationMessage", args: [m] })) },
  {
    edge: "notification-with-params",
    arbitrary: fc.tuple(word, jsonObject).map(([m, p]) => ({ fn: "notificationMessage", args: [m, p] })),
  },
  { edge: "notification-empty-params", arbitrary: word.map((m) => ({ fn: "notificationMessage", args: [m, {}] })) },
  // Params are carried as given, whatever they hold: values JSON cannot write (NaN, the infinities,
  // a bigint, undefined), -0, a Date, an object whose toJSON says otherwise, at any depth. Refusing
  // them is encodeFrame's; a message that copies them through JSON has already changed them.
  {
    edge: "request-params-as-given",
    weight: 2,
    arbitrary: fc
      .tuple(requestId, word, paramsAsGiven)
      .map(([id, m, p]): MessageCall => ({ fn: "requestMessage", args: [id, m, p] })),
  },
  {
    edge: "notification-params-as-given",
    arbitrary: fc
      .tuple(word, paramsAsGiven)
      .map(([m, p]): MessageCall => ({ fn: "notificationMessage", args: [m, p] })),
  },
  // The method carried exactly as given, whatever its shape: whitespace around or inside it,
  // case, slashes, dots, nothing, characters past ASCII, thousands of them.
  {
    edge: "request-method-any-shape",
    arbitrary: fc
      .tuple(requestId, methodOfAnyShape)
      .map(([id, m]): MessageCall => ({ fn: "requestMessage", args: [id, m] })),
  },
  {
    edge: "notification-method-any-shape",
    arbitrary: methodOfAnyShape.map((m): MessageCall => ({ fn: "notificationMessage", args: [m] })),
  },
  // Params holding nothing JSON writes are still the params given: never left out.
  {
    edge: "request-params-all-undefined",
    arbitrary: fc
      .tuple(requestId, word, paramsAllUndefined)
      .map(([id, m, p]): MessageCall => ({ fn: "requestMessage", args: [id, m, p] })),
  },
  {
    edge: "request-params-nothing-written",
    arbitrary: fc
      .tuple(requestId, word, paramsOfNothing)
      .map(([id, m, p]): MessageCall => ({ fn: "requestMessage", args: [id, m, p] })),
  },
  {
    edge: "notification-params-nothing-written",
    arbitrary: fc
      .tuple(word, fc.oneof(paramsAllUndefined, paramsOfNothing))
      .map(([m, p]): MessageCall => ({ fn: "notificationMessage", args: [m, p] })),
  },
  // The id carried exactly over the whole range a counter reaches.
  ...idRangeEdges<MessageCall>("request-id", (id) =>
    word.map((m): MessageCall => ({ fn: "requestMessage", args: [id, m] })),
  ),
]);

// --- answerFor ------------------------------------------------------------------------------------

/** Ids of every JSON type that are not the integer asked for. */
const otherIds = (id: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(String(id)),
    fc.constant(`${id}.0`),
    fc.constant(id + 0.5),
    // Near the id but not it: a piece that rounds, or compares within a tolerance, takes these.
    fc.constant(id + 0.25),
    fc.constant(id - 0.25),
    fc.constant(id + 1e-9),
    fc.constant(-id),
    fc.constant(true),
    fc.constant(null),
    fc.constant([id]),
    fc.constant({ id }),
    fc.string({ unit: "grapheme", maxLength: 8 }),
  );
const reply = (id: unknown, rest: Record<string, unknown>) => ({ jsonrpc: "2.0", id, ...rest });
/** answerFor's "no answer" written as undefined (the wire's tag for it): as right as null. */
const NO_ANSWER_UNDEFINED: Accepted = { value: { $undefined: true } };
const serverError = { error: "ServerError" } as const;
/** Whether a drawn member stands for "left out" (the wire's undefined): the member is then not written at all. */
const isAbsent = (value: unknown): boolean => (value as { $undefined?: unknown } | null)?.$undefined === true;
/**
 * Everything a reply may hold besides its id: a result (an object or not), an error (well formed or
 * not), both, neither. With another id, each is refused as not ours before any of it is read.
 */
const replyContent = fc.oneof(
  jsonObject.map((result) => ({ result })),
  fc.constantFrom<Record<string, unknown>>({ result: [1] }, { result: null }, { result: "text" }),
  fc.tuple(fc.integer({ min: -32768, max: -32000 }), anyText).map(([code, message]) => ({ error: { code, message } })),
  fc.constantFrom<Record<string, unknown>>(
    { error: null },
    { error: "boom" },
    { error: { message: "no code" } },
    { result: {}, error: { code: -32000, message: "both" } },
    {},
  ),
);

/**
 * Error codes that are numbers but no integers: halves of either sign, 1e-7 and -1e-7, the smallest
 * double, one just off JSON-RPC's invalid-request code and one off the server range's edge, and
 * 2^52 - 0.5 (the largest half a double holds). 1e21 written as a number is an integer in
 * JavaScript, so it is not here.
 */
const NOT_INTEGER_CODES = [
  1.5,
  -0.5,
  0.1,
  1e-7,
  -1e-7,
  5e-324,
  JSON_RPC_ERRORS.invalidRequest - 0.5,
  -32000.25,
  2 ** 31 + 0.5,
  2 ** 52 - 0.5,
] as const;

export const ANSWER_CALLS: EdgeGenerator<PureCall> = edgeGenerator<PureCall>("answerFor", [
  {
    edge: "answer",
    weight: 2,
    arbitrary: fc.tuple(requestId, jsonObject).map(([id, r]) => ({ args: [id, reply(id, { result: r })] })),
  },
  // A result of any shape is the answer as it came: _meta, members named like what every object
  // has (written as JSON would make them, own members), long and odd text, nesting.
  {
    edge: "result-any-shape",
    weight: 2,
    arbitrary: fc
      .tuple(
        requestId,
        jsonObject,
        fc.subarray([...PROTOTYPE_NAMES], { minLength: 1 }),
        fc.constantFrom(...UNUSUAL_TEXTS),
      )
      .map(([id, plain, named, odd]) => {
        const result: Record<string, unknown> = Object.fromEntries([
          ...Object.entries(plain),
          ...named.map((name) => [name, { kept: name }]),
          ["_meta", { progressToken: 3, "io.example/x": [odd] }],
          ["content", [{ type: "text", text: "x".repeat(5000) }]],
        ]);
        return { args: [id, reply(id, { result })] };
      }),
  },
  // Its own reply answers a request whatever id the counter reached; the next integer does not.
  ...idRangeEdges<PureCall>("answer-id", (id) =>
    fc.boolean().map((own): PureCall => ({
      args: [id, reply(own ? id : id === Number.MAX_SAFE_INTEGER ? id - 1 : id + 1, { result: {} })],
    })),
  ),
  {
    edge: "id-of-every-json-type",
    weight: 3,
    arbitrary: requestId.chain((id) => otherIds(id).map((other) => ({ args: [id, reply(other, { result: {} })] }))),
  },
  { edge: "id-digit-string", arbitrary: requestId.map((id) => ({ args: [id, reply(String(id), { result: {} })] })) },
  {
    edge: "id-another-integer",
    arbitrary: fc
      .tuple(requestId, fc.integer({ min: 1, max: 5 }))
      .map(([id, d]) => ({ args: [id, reply(id + d, { result: {} })] })),
  },
  { edge: "id-absent", arbitrary: requestId.map((id) => ({ args: [id, { jsonrpc: "2.0", result: {} }] })) },
  // The id binds a reply before anything in it is read: another id, or none, with any content.
  {
    edge: "id-wrong-any-content",
    weight: 3,
    arbitrary: fc
      .tuple(requestId, fc.integer({ min: 1, max: 5 }), fc.constantFrom("another", "other-type", "absent"))
      .chain(([id, d, which]) =>
        fc.tuple(which === "other-type" ? otherIds(id) : fc.constant(id + d), replyContent).map(([other, content]) => ({
          args: [id, which === "absent" ? { jsonrpc: "2.0", ...content } : reply(other, content)],
        })),
      ),
  },
  { edge: "result-array", arbitrary: requestId.map((id) => ({ args: [id, reply(id, { result: [1] })] })) },
  { edge: "result-null", arbitrary: requestId.map((id) => ({ args: [id, reply(id, { result: null })] })) },
  { edge: "result-absent", arbitrary: requestId.map((id) => ({ args: [id, reply(id, {})] })) },
  {
    edge: "result-primitive",
    arbitrary: fc
      .tuple(requestId, fc.oneof(fc.integer(), anyText, fc.boolean()))
      .map(([id, r]) => ({ args: [id, reply(id, { result: r })] })),
  },
  // Malformed (both) and an error reply at once: the chapter does not say which is checked first.
  // An error that is present but falsy is still present: a piece that tests it for truth returns the result.
  {
    edge: "result-and-error",
    arbitrary: fc
      .tuple(requestId, fc.constantFrom<unknown>({ code: -32000, message: "both" }, null, false, 0, ""))
      .map(([id, error]) => ({ args: [id, reply(id, { result: {}, error })], also: [serverError] })),
  },
  // A well-formed error (an integer code of any sign, 0 and JSON-RPC's own included; a string
  // message, the empty one too; any data or none) is the server's answer: raised as ServerError.
  {
    edge: "error-reply",
    weight: 2,
    arbitrary: fc
      .tuple(
        requestId,
        fc.oneof(
          fc.integer({ min: -32768, max: -32000 }),
          fc.integer(),
          fc.constantFrom(0, 1, -1, JSON_RPC_ERRORS.methodNotFound, 2 ** 31, Number.MAX_SAFE_INTEGER),
        ),
        fc.oneof(anyText, fc.constant("")),
        fc.option(fc.oneof(jsonObject, anyText, fc.integer(), fc.constant(null), fc.constant([1, "two"])), {
          nil: undefined,
        }),
      )
      .map(([id, code, m, data]) => ({
        args: [id, reply(id, { error: { code, message: m, ...(data === undefined ? {} : { data }) } })],
      })),
  },
  // A malformed error (its code no integer of any JSON type, or absent; its message no string, or
  // absent; the error itself no object) is no server's answer: refused as a protocol error, as the
  // notebook's answerFor and the library's do, never raised as if it were one.
  {
    edge: "error-malformed",
    weight: 2,
    arbitrary: fc
      .tuple(
        requestId,
        fc.oneof(
          fc.constantFrom<unknown>(null, "boom", 7, true, [], [{ code: 1, message: "x" }]),
          fc
            .tuple(
              fc.constantFrom<unknown>(
                null,
                "",
                String(JSON_RPC_ERRORS.methodNotFound),
                "5",
                " 1",
                1.5,
                -0.5,
                true,
                false,
                [JSON_RPC_ERRORS.methodNotFound],
                {},
                {
                  $undefined: true,
                },
              ),
              fc.oneof(anyText, fc.constant("")),
            )
            .map(([code, message]) => (isAbsent(code) ? { message } : { code, message })),
          fc
            .tuple(
              fc.integer({ min: -32768, max: 32768 }),
              fc.constantFrom<unknown>(null, 5, 0, {}, ["m"], true, { $undefined: true }),
            )
            .map(([code, message]) => (isAbsent(message) ? { code } : { code, message })),
        ),
      )
      .map(([id, e]) => ({ args: [id, reply(id, { error: e })] })),
  },
  // An error code that is a number but no integer (JSON-RPC 2.0 section 5.1: the code MUST be an
  // integer): fractions of either sign, tiny and large ones, one beside JSON-RPC's own codes. Each
  // makes the reply malformed, refused as a protocol error; a check of "a number" raises it instead.
  {
    edge: "error-code-not-integer",
    weight: 2,
    arbitrary: fc
      .tuple(
        requestId,
        fc.oneof(
          fc.constantFrom(...NOT_INTEGER_CODES),
          fc.double({ min: -1e9, max: 1e9, noNaN: true }).filter((code) => !Number.isInteger(code)),
        ),
        fc.oneof(anyText, fc.constant("")),
      )
      .map(([id, code, message]) => ({ args: [id, reply(id, { error: { code, message } })] })),
  },
  // What answers nothing is the chapter's None: null, or undefined, as a piece writes it.
  {
    edge: "notification",
    arbitrary: fc
      .tuple(requestId, word)
      .map(([id, m]) => ({ args: [id, { jsonrpc: "2.0", method: m }], also: [NO_ANSWER_UNDEFINED] })),
  },
  // A request from the server, its id sometimes the very id we asked with: a method makes it no reply.
  // The chapter's answerFor skips only notifications; a client that answers the server's requests
  // in its read loop first may let answerFor refuse one (the chapter's own design) or return null.
  {
    edge: "server-request",
    arbitrary: fc.tuple(requestId, word, fc.boolean()).map(([id, m, ours]) => ({
      args: [id, { jsonrpc: "2.0", id: ours ? id : "server-1", method: m }],
      also: [{ error: "ProtocolError" }, NO_ANSWER_UNDEFINED],
    })),
  },
]);

// --- encodeFrame ------------------------------------------------------------------------------------

/** A message whose frame (JSON and newline) is exactly `size` bytes, padded with `pad`. */
export function messageOfSize(size: number, pad: string): Record<string, unknown> {
  const shell = Buffer.byteLength(JSON.stringify({ jsonrpc: "2.0", method: "pad", params: { pad: "" } })) + 1;
  let room = size - shell;
  const padBytes = Buffer.byteLength(pad);
  let text = pad.repeat(Math.max(0, Math.floor(room / padBytes)));
  room -= Buffer.byteLength(text);
  text += "x".repeat(Math.max(0, room));
  return { jsonrpc: "2.0", method: "pad", params: { pad: text } };
}

const multibyte = fc.constantFrom("x", "é", "☕", "🍦");
const nonFinite = fc.constantFrom({ $number: "NaN" }, { $number: "Infinity" }, { $number: "-Infinity" });
const oddValue = fc.constantFrom<unknown>({ $function: "onDone" }, { $symbol: "tag" });
/** Each value JSON cannot carry wherever it sits, as a wire value. */
const unencodable = fc.constantFrom<unknown>(
  { $number: "NaN" },
  { $number: "Infinity" },
  { $number: "-Infinity" },
  { $bigint: "12" },
  { $function: "onDone" },
  { $symbol: "tag" },
  { $toJSON: { $number: "NaN" } },
);
/**
 * The names a value JSON cannot carry may sit under: "" (the name JSON.stringify hands the root
 * under, so a replacer that lets it pass lets the value out), what every object has, toJSON,
 * numbers as text, whitespace, a long name, and any string. None starts with "$" (a wire tag).
 */
const ANY_KEY = fc
  .oneof(
    fc.constantFrom("", ...PROTOTYPE_NAMES, "toJSON", "0", "1", "-1", "1e3", "4294967295", " ", "\t", "\n", "\u00a0"),
    fc.integer({ min: 200, max: 2000 }).map((length) => "k".repeat(length)),
    fc.string({ unit: "grapheme", maxLength: 12 }),
  )
  .filter((key) => !key.startsWith("$"));
/**
 * A value JSON cannot carry under a key `keys` draws, at the top, in params, deep, inside an
 * array's object, or as the message's only member. (A function under toJSON makes its holder a
 * toJSON object, which the tojson edges judge.)
 */
function unencodableUnder(keys: fc.Arbitrary<string>): fc.Arbitrary<PureCall> {
  return fc
    .tuple(
      word,
      keys,
      fc.oneof(unencodable, fc.constant<unknown>({ $undefined: true })),
      fc.constantFrom("message", "params", "deep", "array", "alone"),
    )
    .filter(([, key, bad]) => key !== "toJSON" || !("$function" in (bad as object)))
    .map(([m, key, bad, where]) => {
      const held = { [key]: bad };
      if (where === "alone") return { args: [held] };
      if (where === "message") return { args: [{ jsonrpc: "2.0", method: m, ...held }] };
      const params = where === "deep" ? { a: [{ b: held }] } : where === "array" ? { list: [1, held] } : held;
      return { args: [{ jsonrpc: "2.0", method: m, params }] };
    });
}
/** What JSON cannot carry as an array's element (it writes null there). */
const unencodableElement = fc.constantFrom<unknown>({ $undefined: true }, { $hole: true });

/**
 * The finite doubles at JSON's edges, each of which JSON writes (the chapter's json.dumps refuses
 * only NaN and the infinities): fractions, both zeros, the smallest and largest magnitudes, and
 * integers past 2^53, where a check for "safe" integers or for integers at all goes wrong.
 */
export const EDGE_DOUBLES: readonly number[] = [
  2.5,
  -2.5,
  0.1,
  -0,
  5e-324,
  -5e-324,
  2.2250738585072014e-308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1e300,
  -1e300,
  1e21,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e-7,
];
/** A number as a wire value: -0 is tagged, as JSON's text carries it as 0 across the host's pipe. */
const finiteWire = (n: number): unknown => (Object.is(n, -0) ? { $number: "-0" } : n);
/** Any finite double, its edges drawn often. */
const anyFinite = fc.oneof(
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_DOUBLES) },
);
/** A value placed where a message can hold one: a field of its own, in params, in arrays, deep, in what its toJSON returns. */
function placed(m: string, value: unknown, where: string): Record<string, unknown> {
  switch (where) {
    case "message":
      return { jsonrpc: "2.0", method: m, v: value };
    case "array":
      return { jsonrpc: "2.0", method: m, params: { list: [1, value, "z"] } };
    case "deep":
      return { jsonrpc: "2.0", method: m, params: { a: [{ b: { c: [null, { d: value }] } }] } };
    case "tojson":
      return { $toJSON: { jsonrpc: "2.0", method: m, params: { v: value } } };
    default:
      return { jsonrpc: "2.0", method: m, params: { v: value } };
  }
}
const NUMBER_PLACES = ["params", "message", "array", "deep", "tojson"] as const;

/** A frame limit a caller gives: small, or above the default (up to four times it). */
const givenLimit = fc.oneof(
  fc.integer({ min: 64, max: 4096 }),
  fc.integer({ min: DEFAULT_FRAME_LIMIT + 1, max: 4 * DEFAULT_FRAME_LIMIT }),
);

export const ENCODE_CALLS: EdgeGenerator<PureCall> = edgeGenerator<PureCall>("encodeFrame", [
  // Every finite double is a number JSON writes: any double drawn at random, in any place (in what
  // a toJSON returns a refusal is right too: the chapter refuses such an object), then each edge in
  // every place at once, in one message, so every grading meets them all whatever its seed.
  {
    edge: "any-finite-number",
    weight: 2,
    arbitrary: fc.tuple(word, anyFinite, fc.constantFrom(...NUMBER_PLACES)).map(([m, n, where]) => ({
      args: [placed(m, finiteWire(n), where)],
      ...(where === "tojson" ? { also: [{ error: "UsageError", reason: "unencodable" }] } : {}),
    })),
  },
  {
    edge: "every-edge-number",
    arbitrary: word.map((m) => {
      const edges = EDGE_DOUBLES.map(finiteWire);
      const each = Object.fromEntries(edges.map((n, index) => [`n${index}`, n]));
      return {
        args: [
          {
            jsonrpc: "2.0",
            method: m,
            v: edges,
            params: { ...each, list: [1, edges, "z"], a: [{ b: { c: [null, { d: edges }] } }] },
          },
        ],
      };
    }),
  },
  {
    edge: "plain-message",
    weight: 2,
    arbitrary: fc
      .tuple(requestId, word, jsonObject)
      .map(([id, m, p]) => ({ args: [{ jsonrpc: "2.0", id, method: m, params: p }] })),
  },
  // Deep in an array, the bad value alone, first or second: a check that stops at the first
  // good item would pass [1, NaN] and still write [NaN] as [null].
  {
    edge: "non-finite-number",
    weight: 2,
    arbitrary: fc
      .tuple(word, nonFinite, fc.constantFrom("property", "alone", "first", "second", "bare"))
      .map(([m, n, where]) => ({
        // "bare": the bad value is the message's only field, so no good field beside it can hide it.
        args: [
          where === "bare"
            ? { n }
            : {
                jsonrpc: "2.0",
                method: m,
                params:
                  where === "property"
                    ? { n }
                    : { a: { b: where === "alone" ? [n] : where === "first" ? [n, 1] : [1, n] } },
              },
        ],
      })),
  },
  // A hole (an index never set, as in [, 1]) is no value: JSON.stringify writes null for it, and a
  // check that walks with forEach, every or Object.values, or asks `index in array`, never sees it.
  {
    edge: "hole-in-array",
    arbitrary: fc.tuple(word, fc.nat(3), fc.nat(3), fc.boolean()).map(([m, before, after, deep]) => {
      const list = [
        ...Array.from({ length: before }, (_, i) => i),
        { $hole: true },
        ...Array.from({ length: after }, () => "z"),
      ];
      return { args: [{ jsonrpc: "2.0", method: m, params: deep ? { a: [{ b: { list } }] } : { list } }] };
    }),
  },
  // Every value JSON cannot carry, anywhere one can sit: wrapped in any mix of objects and arrays
  // beside plain siblings, in params, in the message's own fields, or in what a toJSON returns.
  {
    edge: "unencodable-anywhere",
    weight: 3,
    arbitrary: fc
      .tuple(
        word,
        fc.oneof(
          unencodable.map((bad) => ({ bad, element: false })),
          unencodableElement.map((bad) => ({ bad, element: true })),
        ),
        fc.nat(3),
        fc.array(fc.tuple(fc.boolean(), word, fc.nat(2)), { maxLength: 5 }),
        fc.constantFrom("params", "message", "tojson"),
      )
      .map(([m, { bad, element }, at, levels, where]) => {
        const start: unknown = element ? [...Array.from({ length: at }, (_, i) => i), bad, "z"] : bad;
        const inner = levels.reduce<unknown>(
          (held, [inArray, key, index]) =>
            inArray ? [...Array.from({ length: index }, () => null), held] : { [key]: held, [`${key}_`]: 1 },
          start,
        );
        const message =
          where === "message"
            ? { jsonrpc: "2.0", method: m, v: inner }
            : { jsonrpc: "2.0", method: m, params: { v: inner, kept: true } };
        return { args: [where === "tojson" ? { $toJSON: message } : message] };
      }),
  },
  // The same values under a key of any name, at the top, in params, deep, inside an array's
  // object, or as the message's only member: refused whatever the name. "" is an edge of its own,
  // so every grading meets it: JSON.stringify hands the root to a replacer under that name.
  { edge: "unencodable-under-empty-key", arbitrary: unencodableUnder(fc.constant("")) },
  { edge: "unencodable-under-any-key", weight: 2, arbitrary: unencodableUnder(ANY_KEY) },
  // What JSON cannot write as it is (undefined in an array would become null; a message that is no object) is refused.
  {
    edge: "undefined-in-array",
    arbitrary: word.map((m) => ({
      args: [{ jsonrpc: "2.0", method: m, params: { list: [1, { $undefined: true }] } }],
    })),
  },
  {
    edge: "undefined-property",
    arbitrary: word.map((m) => ({
      args: [{ jsonrpc: "2.0", method: m, params: { gone: { $undefined: true }, kept: 1 } }],
    })),
  },
  {
    edge: "not-an-object",
    arbitrary: fc.constantFrom<unknown>(null, 42, "text", true).map((v) => ({ args: [v] })),
  },
  {
    edge: "bigint",
    arbitrary: word.map((m) => ({ args: [{ jsonrpc: "2.0", method: m, params: { n: { $bigint: "12" } } }] })),
  },
  { edge: "circular", arbitrary: fc.constant({ args: [{ $circular: true }] }) },
  // A function or a symbol is no JSON value (the chapter's json.dumps raises on what it cannot
  // write): in an array JSON.stringify writes null for it, as a property it leaves it out without
  // a word. Refused in both places.
  {
    edge: "function-or-symbol-in-array",
    arbitrary: fc
      .tuple(word, oddValue)
      .map(([m, odd]) => ({ args: [{ jsonrpc: "2.0", method: m, params: { list: [1, odd] } }] })),
  },
  {
    edge: "function-or-symbol-property",
    weight: 2,
    arbitrary: fc.tuple(word, oddValue, fc.boolean()).map(([m, odd, nested]) => ({
      args: [
        {
          jsonrpc: "2.0",
          method: m,
          params: nested ? { text: "a", options: { onDone: odd } } : { text: "a", onDone: odd },
        },
      ],
    })),
  },
  // An object with a toJSON (as a Date has) is written as what toJSON returns, so that is what is
  // judged: NaN or Infinity from it is refused as NaN is anywhere. A plain value from it may be
  // written or refused (the chapter's json.dumps refuses every object it does not know).
  // The toJSON object sits in a property, in an array, or is the message itself (a message class
  // with a toJSON): a check that looks for toJSON only below the top misses the last.
  {
    edge: "tojson-non-finite",
    arbitrary: fc.tuple(word, nonFinite, fc.constantFrom("property", "array", "message")).map(([m, n, where]) => ({
      args: [
        where === "message"
          ? { $toJSON: { jsonrpc: "2.0", method: m, params: { n } } }
          : {
              jsonrpc: "2.0",
              method: m,
              params: where === "array" ? { list: [1, { $toJSON: n }] } : { when: { $toJSON: n } },
            },
      ],
    })),
  },
  {
    edge: "tojson-plain",
    arbitrary: fc.tuple(word, fc.oneof(word, fc.integer(), jsonObject), fc.boolean()).map(([m, returned, whole]) => ({
      args: [
        whole
          ? { $toJSON: { jsonrpc: "2.0", method: m, params: { returned } } }
          : { jsonrpc: "2.0", method: m, params: { when: { $toJSON: returned } } },
      ],
      also: [{ error: "UsageError", reason: "unencodable" }],
    })),
  },
  // Nesting deeper than a walk of the message may bother with, JSON still carries: written as it
  // is, a property holding undefined left out there as anywhere, and a finite number kept (a check
  // that refuses numbers only off its fast path would refuse it).
  {
    edge: "deep-message",
    arbitrary: fc.tuple(word, fc.integer({ min: 260, max: 400 })).map(([m, depth]) => {
      let inner: Record<string, unknown> = { gone: { $undefined: true }, kept: m, depth };
      for (let level = 0; level < depth; level += 1) inner = { a: inner };
      return { args: [{ jsonrpc: "2.0", method: m, params: inner }] };
    }),
  },
  // The limit a caller gives, below the default or above it (a larger frame configured on purpose),
  // or none: the default.
  ...[-1, 0, 1].map((delta) => ({
    edge: `size-at-limit${delta === 0 ? "" : delta > 0 ? "-plus-one" : "-minus-one"}`,
    weight: 2,
    arbitrary: fc.tuple(givenLimit, multibyte, fc.boolean()).map(([limit, pad, byDefault]) => ({
      args: byDefault ? [messageOfSize(DEFAULT_FRAME_LIMIT + delta, pad)] : [messageOfSize(limit + delta, pad), limit],
    })),
  })),
  // The bottom of the limit's range, held as given: 0 refuses every frame (a piece that reads 0 as
  // "no limit given" writes one), and small limits, where a short message fits or is one byte over.
  // A piece may also refuse a limit under the smallest frame as such (the library does, under 2).
  { edge: "limit-zero", arbitrary: word.map((m) => ({ args: [{ jsonrpc: "2.0", method: m }, 0] })) },
  {
    edge: "small-limits",
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 48 }), word)
      .map(([limit, m]) => ({ args: [{ jsonrpc: "2.0", method: m }, limit] })),
  },
]);

// --- FrameReader -----------------------------------------------------------------------------------

/** One FrameReader run: a limit, the reads in order, and a line fed after a refusal. */
export interface ReaderRun {
  readonly limit?: number;
  readonly chunks: readonly Buffer[];
  /** The form each read is handed in (wire.ts inForm); a Buffer each when absent. */
  readonly forms?: readonly BytesForm[];
  readonly after?: Buffer;
  /** The refusal must come as soon as the line cannot fit (frame-limit-endless's edges); elsewhere only that it comes. */
  readonly prompt?: boolean;
  /** A ProtocolError reason that is also right here, where the library gives frames: a line that is not UTF-8 may be refused at once. */
  readonly mayRefuse?: string;
  /** Further readers, made after the first and before any read, each with its own limit: every reader's state is its own. */
  readonly others?: readonly number[];
  /** Which reader each read goes to (0 the first, 1 the first of `others` ...); the first when absent. */
  readonly to?: readonly number[];
}

const line = anyText.map((text) => JSON.stringify({ jsonrpc: "2.0", method: "m", params: { text } }));
/** ASCII lines: how reads are cut is framing-newline's; a character cut in two is framing-utf8-split's edge. */
const asciiLine = fc
  .string({ unit: "grapheme-ascii", maxLength: 24 })
  .map((text) => JSON.stringify({ jsonrpc: "2.0", method: "m", params: { text } }));
const lines = fc.array(asciiLine, { minLength: 1, maxLength: 4 });
const joined = (texts: readonly string[]): Buffer => Buffer.from(texts.map((text) => `${text}\n`).join(""), "utf8");

/** `data` cut at each of `cuts` (positions in bytes, any order). */
function cutAt(data: Buffer, cuts: readonly number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => Math.max(0, Math.min(data.length, cut))))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(data.subarray(start, point));
    start = point;
  }
  chunks.push(data.subarray(start));
  return chunks;
}

/** `data` with each newline in a read of its own. */
function newlinesAlone(data: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  let start = 0;
  for (let at = data.indexOf(0x0a); at !== -1; at = data.indexOf(0x0a, start)) {
    if (at > start) chunks.push(data.subarray(start, at));
    chunks.push(data.subarray(at, at + 1));
    start = at + 1;
  }
  if (start < data.length) chunks.push(data.subarray(start));
  return chunks;
}

/** The reads, each in a form drawn from those a `Uint8Array` parameter takes. */
const inAnyForms = (chunks: Buffer[]): fc.Arbitrary<{ chunks: Buffer[]; forms: BytesForm[] }> =>
  fc
    .array(fc.constantFrom(...BYTES_FORMS), { minLength: chunks.length, maxLength: chunks.length })
    .map((forms) => ({ chunks, forms }));

/**
 * Every way a reader may be fed `data`: cut anywhere, one byte at a time, each newline alone, or
 * all in one read (many frames at once); then empty reads put anywhere (first, between, repeated,
 * alone), an empty read being no more than a read that brought nothing; each read handed in any
 * of the forms a `Uint8Array` parameter takes.
 */
function feedings(data: Buffer): fc.Arbitrary<{ chunks: Buffer[]; forms: BytesForm[] }> {
  return fc
    .oneof(
      fc.array(fc.integer({ min: 0, max: data.length }), { maxLength: 12 }).map((cuts) => cutAt(data, cuts)),
      fc.constant([...data].map((byte) => Buffer.from([byte]))),
      fc.constant(newlinesAlone(data)),
      fc.constant([data]),
    )
    .chain((cut) => fc.tuple(fc.constant(cut), fc.array(fc.integer({ min: 0, max: cut.length }), { maxLength: 4 })))
    .map(([cut, empties]) => {
      const chunks = [...cut];
      for (const at of [...empties].sort((a, b) => b - a)) chunks.splice(at, 0, Buffer.alloc(0));
      return chunks;
    })
    .chain(inAnyForms);
}

/** A frame of exactly `size` bytes, newline included. */
const frameOfSize = (size: number, pad: string): Buffer =>
  Buffer.from(`${JSON.stringify(messageOfSize(size, pad))}\n`, "utf8");

/**
 * Two or three readers with limits of their own, made one after another, fed in turns: each line
 * fits its own reader's limit (many are over another reader's), cut in pieces so each reader holds
 * half a line while the others read; sometimes, last, a line whole in one read that is over the
 * smallest limit and within the largest, to the reader with the smallest. Each reader refuses and
 * splits by its own limit and its own bytes: a limit or buffer shared among readers breaks.
 */
const readersInTurns: fc.Arbitrary<ReaderRun> = fc
  .uniqueArray(fc.integer({ min: 16, max: 160 }), { minLength: 2, maxLength: 3 })
  .chain((limits) =>
    fc.tuple(
      fc.constant(limits),
      fc.tuple(
        ...limits.map((limit) =>
          fc.array(
            fc.tuple(
              fc.integer({ min: Math.ceil(limit / 2), max: limit }),
              fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 2 }),
            ),
            { minLength: 1, maxLength: 3 },
          ),
        ),
      ),
      fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
      fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    ),
  )
  .map(([limits, linesOf, turns, overlong]) => {
    // Each reader's pieces, in order: every line (of its size, newline included) cut where drawn.
    const pieces = linesOf.map((sized, reader) =>
      sized.flatMap(([size, cuts]) => {
        const data = Buffer.from(`${String.fromCharCode(97 + reader).repeat(size - 1)}\n`, "utf8");
        return cutAt(
          data,
          cuts.map((cut) => 1 + Math.floor(cut * (size - 1))),
        ).filter((piece) => piece.length > 0);
      }),
    );
    // Turns: the readers' pieces merged in an order drawn, each reader's own kept in order.
    const tags = pieces.flatMap((own, reader) => own.map(() => reader));
    const order = tags
      .map((reader, index) => ({ reader, key: turns[index % turns.length]! + index * 0.5 }))
      .sort((a, b) => a.key - b.key)
      .map(({ reader }) => reader);
    const next = pieces.map(() => 0);
    const chunks: Buffer[] = [];
    const to: number[] = [];
    for (const reader of order) {
      chunks.push(pieces[reader]![next[reader]!]!);
      next[reader]! += 1;
      to.push(reader);
    }
    if (overlong !== undefined) {
      const smallest = Math.min(...limits);
      const reader = limits.indexOf(smallest);
      const size = smallest + 1 + Math.floor(overlong * (Math.max(...limits) - smallest - 1));
      chunks.push(Buffer.from(`${"z".repeat(size - 1)}\n`, "utf8"));
      to.push(reader);
    }
    return { limit: limits[0]!, others: limits.slice(1), chunks, to };
  });

export const READER_RUNS: EdgeGenerator<ReaderRun> = edgeGenerator<ReaderRun>("FrameReader", [
  { edge: "readers-in-turns", weight: 2, arbitrary: readersInTurns },
  // Only a newline ends a frame, however the reads come: no lines at all, empty lines, and every feeding.
  {
    edge: "any-feeding",
    weight: 4,
    arbitrary: fc
      .array(fc.oneof({ weight: 4, arbitrary: asciiLine }, { weight: 1, arbitrary: fc.constant("") }), { maxLength: 5 })
      .chain((texts) => feedings(joined(texts))),
  },
  {
    edge: "one-cut",
    weight: 3,
    arbitrary: lines.chain((texts) => {
      const data = joined(texts);
      return fc.integer({ min: 0, max: data.length }).map((cut) => ({ chunks: cutAt(data, [cut]) }));
    }),
  },
  {
    edge: "random-chunking",
    weight: 3,
    arbitrary: lines.chain((texts) => {
      const data = joined(texts);
      return fc
        .array(fc.integer({ min: 0, max: data.length }), { maxLength: 12 })
        .map((cuts) => ({ chunks: cutAt(data, cuts) }));
    }),
  },
  // A character cut once or more inside itself: a piece that decodes each read on its own breaks it.
  {
    edge: "multibyte-cut",
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom("é", "☕", "🍦"), fc.subarray([1, 2, 3], { minLength: 1 }))
      .map(([char, offsets]) => {
        const data = Buffer.from(
          `${JSON.stringify({ jsonrpc: "2.0", method: "m", params: { text: `a${char}b` } })}\n`,
          "utf8",
        );
        const start = data.indexOf(Buffer.from(char));
        return {
          chunks: cutAt(
            data,
            offsets.map((offset) => start + Math.min(offset, Buffer.byteLength(char) - 1)),
          ),
        };
      }),
  },
  // Bytes that are not UTF-8 inside a line: the reader hands on the bytes that came, for parseFrame
  // to refuse, or refuses the line itself; what it may not do is change them (a decoder that
  // replaces them with U+FFFD makes a broken frame look whole).
  {
    edge: "invalid-utf8-bytes",
    arbitrary: fc
      .tuple(fc.constantFrom([0xff], [0xc3], [0xe2, 0x98], [0xed, 0xa0, 0x80]), fc.boolean())
      .map(([bad, cut]) => {
        const data = Buffer.concat([Buffer.from('{"t":"a'), Buffer.from(bad), Buffer.from('b"}\n')]);
        return { chunks: cut ? cutAt(data, [7 + Math.ceil(bad.length / 2)]) : [data], mayRefuse: "malformed-frame" };
      }),
  },
  // Sometimes at the default limit (no limit given): a piece with another default fails there.
  ...[-1, 0, 1].map((delta) => ({
    edge: `frame-at-limit${delta === 0 ? "" : delta > 0 ? "-plus-one" : "-minus-one"}`,
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 64, max: 2048 }), multibyte, fc.boolean(), fc.boolean())
      .map(([limit, pad, whole, byDefault]) => {
        const data = frameOfSize((byDefault ? DEFAULT_FRAME_LIMIT : limit) + delta, pad);
        const chunks = whole ? [data] : cutAt(data, [data.length - 1]);
        return byDefault ? { chunks } : { limit, chunks };
      }),
  })),
  // A limit above the default is the limit: just above it, twice it, one that is no power of two,
  // 4 MiB. A line longer than the default and within the limit comes back whole (cut once, now
  // and then); just above the default a line one byte over the limit follows, refused. The lines
  // stay near the default's size, so the edge carries few bytes whatever the limit.
  {
    edge: "limit-above-default",
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          DEFAULT_FRAME_LIMIT + 1,
          DEFAULT_FRAME_LIMIT + 100,
          2 * DEFAULT_FRAME_LIMIT,
          100_003,
          4 * 1024 * 1024,
        ),
        fc.integer({ min: 1, max: 256 }),
        multibyte,
        fc.boolean(),
      )
      .map(([limit, extra, pad, whole]): ReaderRun => {
        const data = frameOfSize(Math.min(limit, DEFAULT_FRAME_LIMIT + extra), pad);
        const over = limit - DEFAULT_FRAME_LIMIT <= 100 ? [frameOfSize(limit + 1, pad)] : [];
        // Cut where a character starts: a cut inside one is framing-utf8-split's dimension, not this one's.
        let middle = data.length >> 1;
        while (middle > 0 && (data[middle]! & 0xc0) === 0x80) middle -= 1;
        return { limit, chunks: [...(whole ? [data] : cutAt(data, [middle])), ...over] };
      }),
  },
  // A frame of exactly the limit after another in the same read: its size counts from where it starts.
  {
    edge: "limit-frame-after-another",
    arbitrary: fc.tuple(fc.integer({ min: 128, max: 2048 }), asciiLine).map(([limit, first]) => ({
      limit,
      chunks: [Buffer.concat([Buffer.from(`${first}\n`, "utf8"), frameOfSize(limit, "x")])],
    })),
  },
  // The smallest limit holds a one-byte line.
  { edge: "smallest-limit", arbitrary: fc.constant({ limit: 2, chunks: [Buffer.from("x\n")] }) },
  // The bottom of the limit's range, held as given. At 0 no line fits: a reader that reads 0 as "no
  // limit" hands lines back; the first line is one byte, so a limit raised to the smallest that
  // holds a byte shows too. (An empty line first is left unjudged: its frame is the
  // newline alone, and a correct reader that counts the newline only with a line's bytes, the
  // red team's fixed-buffer one, takes it.) At 1 only an empty line fits, so only other lines are
  // fed. A reader may also refuse such a limit when it is made (the library refuses any under 2):
  // either way no line comes back.
  {
    edge: "limit-zero",
    arbitrary: fc
      .tuple(fc.constantFrom("x", "{", "7"), fc.array(fc.oneof(asciiLine, fc.constant("")), { maxLength: 2 }))
      .chain(([first, texts]) => feedings(joined([first, ...texts])))
      .map(({ chunks, forms }) => ({ limit: 0, chunks, forms })),
  },
  {
    edge: "limit-one",
    arbitrary: lines
      .chain((texts) => feedings(joined(texts)))
      .map(({ chunks, forms }) => ({ limit: 1, chunks, forms })),
  },
  {
    edge: "split-before-newline-at-limit",
    arbitrary: fc.integer({ min: 64, max: 2048 }).map((limit) => {
      const data = frameOfSize(limit, "x");
      return { limit, chunks: cutAt(data, [data.length - 1]) };
    }),
  },
  // Lines of half the limit up to the limit, each cut inside itself, so no read ends at a newline
  // and the reader never stands empty between them (sometimes more cuts). The limit bounds one
  // line: a count of held bytes carried from one line into the next refuses a later line that fits.
  {
    edge: "lines-near-limit-in-reads",
    weight: 2,
    arbitrary: fc.integer({ min: 4, max: 20 }).chain((limit) =>
      fc
        .tuple(
          fc.array(
            fc.tuple(fc.integer({ min: Math.ceil(limit / 2), max: limit }), fc.double({ min: 0, max: 1, noNaN: true })),
            { minLength: 3, maxLength: 4 },
          ),
          fc.array(fc.integer({ min: 0, max: 4 * limit }), { maxLength: 3 }),
        )
        .map(([lines, extra]) => {
          const cuts: number[] = [];
          let start = 0;
          for (const [size, at] of lines) {
            cuts.push(start + 1 + Math.floor(at * (size - 2)));
            start += size;
          }
          const data = Buffer.concat(lines.map(([size]) => Buffer.from(`${"y".repeat(size - 1)}\n`, "utf8")));
          return { limit, chunks: cutAt(data, [...cuts, ...extra]) };
        }),
    ),
  },
  // Reads of one character over and over, never a newline: the limit counts bytes, so a piece that
  // counts characters refuses late; sometimes at the default limit.
  {
    edge: "endless-line",
    arbitrary: fc
      .tuple(fc.integer({ min: 64, max: 1024 }), fc.integer({ min: 8, max: 400 }), multibyte, fc.boolean())
      .map(([limit, size, pad, byDefault]) => {
        const bound = byDefault ? DEFAULT_FRAME_LIMIT : limit;
        const read = Buffer.from(pad.repeat(Math.ceil((byDefault ? 8 * size : size) / Buffer.byteLength(pad))));
        const chunks = Array.from({ length: Math.ceil((3 * bound) / read.length) }, () => read);
        return byDefault ? { prompt: true, chunks } : { limit, prompt: true, chunks };
      }),
  },
  // An unfinished line of exactly the limit cannot take its newline: refused at that read, not the next.
  {
    edge: "unfinished-line-at-limit",
    arbitrary: fc.tuple(fc.integer({ min: 64, max: 1024 }), fc.integer({ min: 0, max: 3 })).map(([limit, cuts]) => ({
      limit,
      prompt: true,
      chunks: [
        ...cutAt(
          Buffer.alloc(limit, "x"),
          Array.from({ length: cuts }, (_, i) => ((i + 1) * limit) >> 2),
        ),
        Buffer.from("x"),
      ],
    })),
  },
  // Frames, then an overlong line in the same read: the frames come back, and the refusal still comes.
  {
    edge: "overflow-after-a-frame",
    arbitrary: fc.tuple(fc.integer({ min: 64, max: 512 }), asciiLine).map(([limit, first]) => ({
      limit,
      chunks: [Buffer.concat([Buffer.from(`${first}\n`, "utf8"), Buffer.alloc(limit + 8, "x")]), Buffer.from("tail\n")],
    })),
  },
  // The line after a refusal: the refused line unfinished (what comes next is its tail), or found
  // too long at its newline after bytes held from an earlier read (what comes next is a new line).
  {
    edge: "line-after-refusal",
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 64, max: 512 }), fc.integer({ min: 1, max: 60 }), line, fc.boolean())
      .map(([limit, held, next, ended]) => ({
        limit,
        prompt: true,
        chunks: [Buffer.alloc(held, "y"), Buffer.alloc(ended ? limit - held : limit, "y")].map((chunk, index) =>
          ended && index === 1 ? Buffer.concat([chunk, Buffer.from("\n")]) : chunk,
        ),
        after: Buffer.from(`${next}\n`, "utf8"),
      })),
  },
  {
    edge: "empty-lines",
    weight: 2,
    arbitrary: fc.array(fc.oneof(asciiLine, fc.constant("")), { minLength: 1, maxLength: 5 }).chain((texts) => {
      const data = joined(texts);
      return fc
        .array(fc.integer({ min: 0, max: data.length }), { maxLength: 4 })
        .map((cuts) => ({ chunks: cutAt(data, cuts) }));
    }),
  },
]);

// --- parseFrame -------------------------------------------------------------------------------------

const wireText = (text: string) => bytes(text);
const MALFORMED: Accepted = { error: "ProtocolError", reason: "malformed-frame" };
/** What may follow a byte-order mark, and what it is with the mark ignored: a message, or a refusal's reason. */
const BEHIND_A_MARK: ReadonlyArray<readonly [string, string]> = [
  ["message", "message"],
  ['[{"jsonrpc":"2.0","id":1,"result":{}}]', "not-json-rpc"],
  ['{"id":1,"result":{}}', "not-json-rpc"],
  ['{"jsonrpc":"1.0","id":1,"result":{}}', "not-json-rpc"],
  ["42", "not-json-rpc"],
  ["calling tool now", "malformed-frame"],
  ["", "malformed-frame"],
  ['\uFEFF{"jsonrpc":"2.0","id":1,"result":{}}', "malformed-frame"],
];
/** Each kind of message without its jsonrpc member: a result, an error reply, a request, a notification. */
const anyKind = fc.constantFrom(
  (id: unknown) => ({ id, result: {} }),
  (id: unknown) => ({ id, error: { code: JSON_RPC_ERRORS.methodNotFound, message: "m" } }),
  (id: unknown) => ({ id, method: "ping" }),
  () => ({ method: "notifications/message", params: { level: "info", data: "x" } }),
);

/**
 * Where members named like what every object has sit: beside jsonrpc, in a result, deep in a tool's
 * schema, in a notification's params. Every such name at once, so each is met in every grading;
 * written as JSON text, since an object literal's __proto__ is no member.
 */
const WITH_NAMES: ReadonlyArray<(id: number, members: string) => string> = [
  (id, members) => `{"jsonrpc":"2.0","id":${id},"result":{},${members}}`,
  (id, members) => `{"jsonrpc":"2.0","id":${id},"result":{${members},"text":"x"}}`,
  (id, members) =>
    `{"jsonrpc":"2.0","id":${id},"result":{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{${members}}}}]}}`,
  (id, members) => `{"jsonrpc":"2.0","method":"notifications/message","params":{${members}}}`,
];

/**
 * Strings that look like something else: ISO dates and times, numbers, true and null, JSON text,
 * escapes, any Unicode. A frame's string is its string: none is revived as a Date, a number or
 * anything parsed out of it.
 */
const LOOKALIKE_STRINGS = [
  "2026-12-07T21:12:33Z",
  "2026-12-07T21:12:33.123Z",
  "2026-12-07T21:12:33+01:00",
  "2026-12-07",
  "21:12:33",
  "42",
  "-0",
  "1e3",
  "0x1F",
  "NaN",
  "true",
  "null",
  "undefined",
  "",
  '{"a":1}',
  "[1,2]",
  '"quoted"',
  "\\n",
  "\\u0041",
  "\u2028",
  "😀",
] as const;
/**
 * Texts a well-meant reading would change: HTML and XML entities, JSON text (numbers as "4.0" or
 * "1e3", objects and arrays spaced any way), markdown, backslash escapes, %-encoded URLs, base64,
 * whitespace inside, and the text of almost-JSON (",}", ",]", comments, quotes). A tool's text and a
 * frame's string are what they are: none is decoded, reformatted or cleaned on the way.
 */
export const SHAPED_TEXTS = [
  "a &lt; b &amp; c",
  "&quot;4&quot; &gt; 3",
  "&#39;x&#39; &#x41; &nbsp;&copy;",
  "<b>bold</b> &amp;amp;",
  '{"n":4}',
  '{ "n": 4, "list": [1, 2] }',
  '{\n  "nested": {"a": [true, null]}\n}',
  "[1,2,3]",
  "[ ]",
  "4.0",
  "1e3",
  "1E+3",
  "-0.50",
  "**bold** _it_ `code`",
  "# Title\n- one\n- two",
  "a\\tb \\n \\u0041",
  "https://example.com/a%20b?q=%3Cx%3E&r=1",
  "aGVsbG8gd29ybGQ=",
  "two  spaces\tand\ttabs\n\nblank line",
  '{"a":1,}',
  "[1,]",
  ",}",
  ",]",
  "// not a comment",
  "/* nor this */",
  "'single'",
  "{a:1}",
  "NaN Infinity",
] as const;
const lookalikeString = fc.oneof(
  fc.constantFrom(...LOOKALIKE_STRINGS),
  fc.constantFrom(...SHAPED_TEXTS),
  fc
    .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
    .map((date) => date.toISOString()),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map(String),
  anyText,
);
/** Strings of every shape beside the rest of JSON's values, at any depth. */
const valuesAsSent = fc.array(fc.oneof(lookalikeString, fc.jsonValue({ maxDepth: 2, depthSize: "small" })), {
  minLength: 1,
  maxLength: 6,
});
/**
 * Text that is almost a JSON-RPC message, by family: each is a malformed frame (RFC 8259 allows
 * none of it). `id` is the message's id. A leading byte-order mark is left out: ignoring one is free
 * (free-choices.ts byteOrderMark), and the byte-order-mark edge judges it.
 */
const ALMOST_JSON: Readonly<Record<string, ReadonlyArray<(id: number) => string>>> = {
  commas: [
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{},}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"a":1,}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"list":[1,2,]}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"list":[{"a":[],},]} , }`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"a":[1,,2]}}`,
    (id) => `{,"jsonrpc":"2.0","id":${id},"result":{}}`,
    (id) => `{"jsonrpc":"2.0",,"id":${id},"result":{}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"text":",}"},\n}`,
  ],
  javascript: [
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{}} // a note`,
    (id) => `{"jsonrpc":"2.0",/* a note */"id":${id},"result":{}}`,
    (id) => `// a note\n{"jsonrpc":"2.0","id":${id},"result":{}}`,
    (id) => `{'jsonrpc':'2.0','id':${id},'result':{}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"text":'x'}}`,
    (id) => `{jsonrpc:"2.0",id:${id},result:{}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{count:1}}`,
    // NaN, Infinity and -Infinity are left out: the chapter's json.loads reads them (a free choice).
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"n":undefined}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"text":\`x\`}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"text":"a\\x41"}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"text":"line\nbreak"}}`,
  ],
  numbers: [
    (id) => `{"jsonrpc":"2.0","id":0${id},"result":{}}`,
    (id) => `{"jsonrpc":"2.0","id":0x${id.toString(16)},"result":{}}`,
    (id) => `{"jsonrpc":"2.0","id":+${id},"result":{}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"n":.5}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"n":5.}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"n":1e}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"n":00}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"n":1_000}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{"n":0b1}}`,
  ],
  trailing: [
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{}}x`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{}};`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{}},`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{}}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{}}{"jsonrpc":"2.0","id":${id},"result":{}}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{}} {"jsonrpc":"2.0","method":"m"}`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{}}\u0000`,
    (id) => `{"jsonrpc":"2.0","id":${id},"result":{}`,
  ],
  whitespace: ["\u00a0", "\u000b", "\u000c", "\u2028", "\u3000", "\u200b", "\u0085", "\u2003"].flatMap((space) => [
    (id: number) => `{"jsonrpc":${space}"2.0","id":${id},"result":{}}`,
    (id: number) => `{"jsonrpc":"2.0","id":${id},"result":{}}${space}`,
    (id: number) => `${space}{"jsonrpc":"2.0","id":${id},"result":{}}`,
  ]),
};

export const PARSE_CALLS: EdgeGenerator<PureCall> = edgeGenerator<PureCall>("parseFrame", [
  // Almost JSON is not JSON: each family an edge of its own, so every grading meets each.
  ...Object.entries(ALMOST_JSON).map(([family, texts]) => ({
    edge: `almost-json-${family}`,
    arbitrary: fc.tuple(requestId, fc.constantFrom(...texts)).map(([id, text]) => ({ args: [wireText(text(id))] })),
  })),
  {
    edge: "message",
    weight: 3,
    arbitrary: fc
      .tuple(requestId, word, jsonObject)
      .map(([id, m, p]) => ({ args: [wireText(JSON.stringify({ jsonrpc: "2.0", id, method: m, params: p }))] })),
  },
  // Values as JSON has them: strings of every shape stay the strings they are (never revived as
  // Dates or numbers), numbers, booleans and null as written, in a result or in params, at any depth.
  {
    edge: "values-as-sent",
    weight: 2,
    arbitrary: fc
      .tuple(requestId, lookalikeString, valuesAsSent, fc.constantFrom("result", "request", "notification"))
      .map(([id, text, values, kind]) => {
        const held = { text, values, deep: { a: [{ b: values }] } };
        const message =
          kind === "result"
            ? { jsonrpc: "2.0", id, result: { content: [{ type: "text", text }], ...held } }
            : { jsonrpc: "2.0", ...(kind === "request" ? { id } : {}), method: "notifications/message", params: held };
        return { args: [wireText(JSON.stringify(message))] };
      }),
  },
  // Every kind of message, not only requests: a notification has no id, a response no method.
  {
    edge: "notification-or-response",
    weight: 2,
    arbitrary: fc
      .tuple(requestId, word, jsonObject, fc.constantFrom("notification", "result", "error"))
      .map(([id, m, p, kind]) => ({
        args: [
          wireText(
            JSON.stringify(
              kind === "notification"
                ? { jsonrpc: "2.0", method: m, params: p }
                : kind === "result"
                  ? { jsonrpc: "2.0", id, result: p }
                  : { jsonrpc: "2.0", id, error: { code: JSON_RPC_ERRORS.methodNotFound, message: m } },
            ),
          ),
        ],
      })),
  },
  {
    edge: "unusual-text",
    arbitrary: fc
      .constantFrom(...UNUSUAL_TEXTS)
      .map((text) => ({ args: [wireText(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { text } }))] })),
  },
  // Strings that look like something else (a timestamp, a date, a number, a boolean, null, a
  // prototype name) and very long ones: a frame is the JSON it is, every string a string.
  {
    edge: "strings-as-written",
    weight: 2,
    arbitrary: fc
      .tuple(
        requestId,
        fc.subarray(
          [
            "2026-12-07T12:00:00.000Z",
            "2025-06-18T00:00:00Z",
            "2025-06-18",
            "12",
            "-0",
            "1e400",
            "true",
            "null",
            "__proto__",
            "x".repeat(20_000),
          ],
          { minLength: 1 },
        ),
      )
      .map(([id, texts]) => ({
        args: [
          wireText(
            JSON.stringify({
              jsonrpc: "2.0",
              id,
              result: {
                content: texts.map((text) => ({ type: "text", text })),
                stamp: texts[0],
                deep: [{ at: texts }],
              },
            }),
          ),
        ],
      })),
  },
  {
    edge: "batch",
    arbitrary: requestId.map((id) => ({ args: [wireText(JSON.stringify([{ jsonrpc: "2.0", id, result: {} }]))] })),
  },
  // A member named like something every object has (constructor, __proto__, toString ...), beside
  // jsonrpc or at any depth: the message is what the frame holds, that member its own.
  {
    edge: "prototype-names",
    weight: 2,
    arbitrary: fc
      .tuple(
        requestId,
        fc.constantFrom("1", '"x"', "{}", "null", '{"type":"string"}', "[1]"),
        fc.constantFrom(...WITH_NAMES),
      )
      .map(([id, value, place]) => ({
        args: [wireText(place(id, PROTOTYPE_NAMES.map((name) => `"${name}":${value}`).join(",")))],
      })),
  },
  // jsonrpc "2.0" is asked of every message, whatever it carries: a result, an error, a request,
  // a notification (a check made only where an id is would take the rest).
  {
    edge: "no-jsonrpc",
    arbitrary: fc.tuple(requestId, anyKind).map(([id, kind]) => ({ args: [wireText(JSON.stringify(kind(id)))] })),
  },
  {
    edge: "other-jsonrpc",
    arbitrary: fc
      .tuple(fc.constantFrom<unknown>("1.0", 2, "2", null, "2.0 ", " 2.0", "2.01", "2.00"), requestId, anyKind)
      .map(([v, id, kind]) => ({ args: [wireText(JSON.stringify({ jsonrpc: v, ...kind(id) }))] })),
  },
  {
    edge: "json-not-object",
    arbitrary: fc.constantFrom("null", "42", '"text"', "true", "[]").map((t) => ({ args: [wireText(t)] })),
  },
  {
    edge: "not-json",
    arbitrary: fc.constantFrom("calling tool now", "{", "{'a':1}", "").map((t) => ({ args: [wireText(t)] })),
  },
  // A leading UTF-8 byte-order mark: ignoring it or refusing the frame as malformed is the
  // learner's choice (free-choices.ts byteOrderMark); what follows the mark is judged as ever, and a
  // second mark is not ignored.
  // The bare literals NaN, Infinity and -Infinity: the chapter's json.loads reads them, JSON.parse
  // refuses them; either is right (free-choices.ts nonFiniteLiterals). A number read is written as the wire writes it.
  {
    edge: "non-finite-literals",
    arbitrary: fc.tuple(requestId, fc.constantFrom("NaN", "Infinity", "-Infinity")).map(([id, literal]) => ({
      args: [wireText(`{"jsonrpc":"2.0","id":${id},"result":{"n":${literal},"text":"${literal}"}}`)],
      also: [{ value: { jsonrpc: "2.0", id, result: { n: { $number: literal }, text: literal } } }, MALFORMED],
    })),
  },
  {
    edge: "byte-order-mark",
    weight: 2,
    arbitrary: fc.tuple(requestId, jsonObject, fc.constantFrom(...BEHIND_A_MARK)).map(([id, result, [behind, is]]) => {
      const text = behind === "message" ? JSON.stringify({ jsonrpc: "2.0", id, result }) : behind;
      const ignored: Accepted =
        is === "message" ? { value: JSON.parse(text) as unknown } : { error: "ProtocolError", reason: is };
      return { args: [wireText(`\uFEFF${text}`)], also: [ignored, MALFORMED] };
    }),
  },
  {
    edge: "invalid-utf8",
    arbitrary: fc.constantFrom([0xff], [0xc3], [0xe2, 0x98], [0xed, 0xa0, 0x80]).map((bad) => ({
      args: [
        bytes(
          Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"'), Buffer.from(bad), Buffer.from('"}}')]),
        ),
      ],
    })),
  },
]);

// --- checkInitialize --------------------------------------------------------------------------------

const initialize = (fields: Record<string, unknown>) => ({
  protocolVersion: PROTOCOL_VERSION,
  capabilities: { tools: {} },
  serverInfo: { name: "s", version: "1" },
  ...fields,
});
/** The names every object has through Object.prototype, each a method a piece may call or a key it may copy through. */
const OBJECT_PROTOTYPE_NAMES = [...PROTOTYPE_NAMES, "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"] as const;
/** Values a server may put under such a name: none a function, some shaped like what a piece looks for. */
const notAFunction = fc.constantFrom<unknown>(1, 0, "x", "", null, true, false, [], {}, { tools: {} }, [1, 2]);
/** Own members named `names` (fromEntries: a literal's "__proto__" would set the prototype instead). */
const ownMembers = (names: readonly string[], values: readonly unknown[]): Record<string, unknown> =>
  Object.fromEntries(names.map((name, index) => [name, values[index % values.length]]));
/** Some of the names, or every one at once. */
const someNames = fc.oneof(
  fc.constant([...OBJECT_PROTOTYPE_NAMES]),
  fc.subarray([...OBJECT_PROTOTYPE_NAMES], { minLength: 1 }),
);
/**
 * An initialize result whose result, capabilities, serverInfo and tools capability (when `tools`)
 * hold own members named like Object.prototype's, with values that are no functions. Without tools,
 * capabilities may hold "__proto__": { tools: {} }, which offers nothing: it is an own member.
 */
function prototypeMembersIn(tools: boolean): fc.Arbitrary<Record<string, unknown>> {
  const members = fc
    .tuple(someNames, fc.array(notAFunction, { minLength: 1, maxLength: 4 }))
    .map(([names, values]) => ownMembers(names, values));
  return fc
    .tuple(members, members, members, members, fc.boolean())
    .map(([result, capabilities, serverInfo, toolsCapability, protoTools]) => {
      // What is judged first, so a FAIL line shows it: the capabilities (an own "__proto__" holding
      // tools at their head), then serverInfo, then the result's own members.
      const { ["__proto__"]: _replaced, ...rest } = capabilities;
      const offered = tools
        ? { tools: toolsCapability, ...capabilities }
        : protoTools
          ? { ...ownMembers(["__proto__"], [{ tools: {} }]), ...rest }
          : capabilities;
      return {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: offered,
        serverInfo: { name: "s", version: "1", ...serverInfo },
        ...result,
      };
    });
}
export const INITIALIZE_CALLS: EdgeGenerator<PureCall> = edgeGenerator<PureCall>("checkInitialize", [
  {
    edge: "accepted",
    weight: 2,
    arbitrary: jsonObject.map((tools) => ({ args: [initialize({ capabilities: { tools, logging: {} } })] })),
  },
  // A result of every shape MCP allows: instructions, _meta, serverInfo's title, icons and website,
  // capabilities of every kind (experimental, a vendor's), members named like what every object has.
  {
    edge: "accepted-any-shape",
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.record(
          {
            resources: fc.constant({ subscribe: true, listChanged: true }),
            prompts: fc.constant({ listChanged: false }),
            logging: fc.constant({}),
            completions: fc.constant({}),
            experimental: fc.constant({ "io.example/feature": { level: 2 } }),
            "x-vendor": jsonObject,
            constructor: fc.constant({}),
            toString: fc.constant("s"),
          },
          { requiredKeys: [] },
        ),
        fc.record(
          {
            instructions: anyText,
            _meta: jsonObject,
            serverInfo: fc.constant({ name: "s", title: "Server", version: "1", websiteUrl: "https://example.com" }),
            hasOwnProperty: fc.constant(1),
            valueOf: fc.constant(null),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom<Record<string, unknown>>({}, { listChanged: true }, { "x-vendor": [1] }),
      )
      .map(([capabilities, beside, tools]) => ({
        args: [
          initialize({
            ...(beside as Record<string, unknown>),
            capabilities: { ...(capabilities as Record<string, unknown>), tools },
          }),
        ],
      })),
  },
  // Own members named like what every object has, holding no function, in the result, its
  // capabilities, serverInfo and the tools capability: accepted whenever tools is offered, and the
  // refusal unchanged when it is not (an own "__proto__" holding { tools } offers nothing). A
  // piece that calls capabilities.hasOwnProperty, or copies with Object.assign, is caught here.
  {
    edge: "prototype-members-accepted",
    weight: 2,
    arbitrary: prototypeMembersIn(true).map((result) => ({ args: [result] })),
  },
  {
    edge: "prototype-members-no-tools",
    arbitrary: prototypeMembersIn(false).map((result) => ({ args: [result] })),
  },
  {
    edge: "other-version",
    arbitrary: fc
      .constantFrom("2024-11-05", "2025-03-26", "2026-07-28", "", PROTOCOL_VERSION.replace(/-/gu, ""))
      .map((v) => ({ args: [initialize({ protocolVersion: v })] })),
  },
  {
    edge: "version-not-string",
    arbitrary: fc
      .constantFrom<unknown>(null, 20250618, { $undefined: true }, [PROTOCOL_VERSION], { version: PROTOCOL_VERSION })
      .map((v) => ({ args: [initialize({ protocolVersion: v })] })),
  },
  // The version asked for is the one to hold: another pinned version, answered with it or with ours.
  {
    edge: "version-asked",
    arbitrary: fc.tuple(fc.constantFrom("2025-03-26", "2026-07-28"), fc.boolean()).map(([asked, answered]) => ({
      args: [initialize({ protocolVersion: answered ? asked : PROTOCOL_VERSION }), asked],
    })),
  },
  {
    edge: "no-tools-capability",
    arbitrary: fc
      .constantFrom<unknown>({}, { resources: {} })
      .map((c) => ({ args: [initialize({ capabilities: c })] })),
  },
  // A tools key whose value is not an object: the chapter's own test (`"tools" in capabilities`)
  // takes it as offered, so accepting it is as right as refusing it.
  {
    edge: "tools-not-object",
    arbitrary: fc.constantFrom<unknown>(null, [], "yes", true).map((t) => {
      const result = initialize({ capabilities: { tools: t } });
      return { args: [result], also: [{ value: result }] };
    }),
  },
  {
    edge: "server-info-absent",
    arbitrary: fc.constant({ args: [{ protocolVersion: PROTOCOL_VERSION, capabilities: { tools: {} } }] }),
  },
  {
    edge: "capabilities-not-object",
    arbitrary: fc.constantFrom<unknown>(null, [], "tools", { $undefined: true }).map((c) => ({
      args: [initialize({ capabilities: c })],
      also: [{ error: "ProtocolError", reason: "capabilities" }],
    })),
  },
]);

// --- checkTools -------------------------------------------------------------------------------------

const toolNamed = (name: unknown) => ({ name, description: "d", inputSchema: { type: "object" } });
const names = (count: number) => Array.from({ length: count }, (_, i) => toolNamed(`tool_${i}`));
const catalog = fc.integer({ min: 0, max: 6 }).map(names);
/** A catalog with one defect put in at a random place. */
const withDefect = (defect: (tools: Array<Record<string, unknown>>) => void) =>
  fc.integer({ min: 1, max: 6 }).map((count) => {
    const tools: Array<Record<string, unknown>> = names(count);
    defect(tools);
    return { args: [{ tools }] };
  });

// Valid catalogs of every shape MCP allows (2025-06-18, and 2026-07-28's members): a name is any
// non-empty string, a description is absent or any text, an inputSchema is any object of type
// "object", a tool and the result may carry members nobody here has heard of. Each is accepted,
// and each tool handed back whole, every member as listed (the chapter's catalog[name] = tool).
/** Names a check of "non-empty" that reads the text takes for empty or too long: whitespace alone, far past 64 or 128 characters. */
const blankName = fc.constantFrom(" ", "   ", "\t", "\n", "\u00A0", "\u200B", "\u3000", " \t\r\n ");
const longName = fc
  .tuple(fc.integer({ min: 65, max: 600 }), fc.constantFrom("a", "_", "é", "名", "🍦", "x "))
  .map(([length, unit]) => `tool_${unit.repeat(length)}`);
/** A description as a server writes it: empty, any text, or longer than any budget a client may make up (past 1,024, 4,096). */
const anyDescription = fc.oneof(
  fc.constant(""),
  anyText,
  fc
    .tuple(fc.integer({ min: 1025, max: 9000 }), fc.constantFrom("word ", "é", "☕", "\n"))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
);
/** An object schema with the members JSON Schema gives one, nested, and members of no schema at all. */
const objectSchema = fc
  .record(
    {
      $schema: fc.constantFrom(
        "https://json-schema.org/draft/2020-12/schema",
        "http://json-schema.org/draft-07/schema#",
      ),
      properties: fc.dictionary(
        word,
        fc.constantFrom<unknown>(
          { type: "string" },
          { type: "object", properties: { deep: { type: ["number", "null"] } } },
        ),
        { maxKeys: 3 },
      ),
      required: fc.array(word, { maxLength: 2 }),
      additionalProperties: fc.oneof(fc.boolean(), fc.constant({ type: "string" })),
      title: anyText,
      "x-vendor": jsonObject,
    },
    { requiredKeys: [] },
  )
  .map((members) => ({ type: "object", ...members }));
/** Members a tool may carry beside name, description and inputSchema: MCP's own (title, annotations, outputSchema, icons, _meta) and others. */
const toolExtras = fc
  .record(
    {
      title: anyText,
      annotations: fc.constantFrom(
        { readOnlyHint: true },
        { destructiveHint: true, openWorldHint: true },
        { destructiveHint: false, title: "T" },
        {},
      ),
      outputSchema: fc.constant({ type: "object", properties: { count: { type: "integer" } } }),
      icons: fc.constant([{ src: "https://example.com/i.png", mimeType: "image/png" }]),
      _meta: fc.oneof(jsonObject, fc.constant({ "io.example/tag": [1, 2] })),
      execution: fc.constant({ taskSupport: "optional" }),
      constructor: fc.constantFrom<unknown>("c", 1, {}),
      toString: fc.constantFrom<unknown>("s", null),
      "x-unheard-of": jsonObject,
    },
    { requiredKeys: [] },
  )
  .filter((extras) => Object.keys(extras).length > 0);
/** One valid tool of any shape, named `name`. */
const toolOfAnyShape = (name: string) =>
  fc
    .tuple(fc.option(anyDescription, { nil: undefined }), objectSchema, fc.option(toolExtras, { nil: undefined }))
    .map(([description, inputSchema, extras]) => ({
      name,
      ...(description === undefined ? {} : { description }),
      inputSchema,
      ...extras,
    }));
/** A valid catalog of `names`, every tool of any shape, the result sometimes with members of its own (_meta). */
const catalogNamed = (drawn: fc.Arbitrary<string[]>) =>
  drawn
    .chain((names) => fc.tuple(...names.map(toolOfAnyShape)))
    .chain((tools) =>
      fc
        .option(fc.constantFrom<Record<string, unknown>>({ _meta: { page: 1 } }, { _meta: {}, note: "x" }), {
          nil: undefined,
        })
        .map((beside): PureCall => ({ args: [{ tools, ...beside }] })),
    );
/** Up to `count` names drawn from `name`, repeats dropped: a valid catalog names no tool twice. */
const namesFrom = (name: fc.Arbitrary<string>, count = 3) =>
  fc.array(name, { minLength: 1, maxLength: count }).map((drawn) => [...new Set(drawn)]);

/** A tool's name that is none: absent (ABSENT_NAME), undefined, null, empty, or no string. */
const ABSENT_NAME = Object.freeze({ absent: "name" });
const NOT_A_NAME: readonly unknown[] = [{ $undefined: true }, null, "", 0, 7, false, true, [], ["word_count"], {}];
/** What could stand in for a missing name, each given the text it would stand in with. */
const STAND_INS: ReadonlyArray<(text: string) => Record<string, unknown>> = [
  (text) => ({ title: text }),
  (text) => ({ annotations: { title: text } }),
  (text) => ({ id: text }),
  (text) => ({ description: text }),
  (text) => ({ displayName: text, toolName: text }),
];
export const TOOLS_CALLS: EdgeGenerator<PureCall> = edgeGenerator<PureCall>("checkTools", [
  { edge: "valid-catalog", weight: 2, arbitrary: catalog.map((tools) => ({ args: [{ tools }] })) },
  // Every valid catalog is accepted as listed: names of whitespace alone, or very long; tools and
  // results of every shape. Each edge its own, so every grading meets each.
  { edge: "names-blank", arbitrary: catalogNamed(namesFrom(blankName)) },
  { edge: "names-long", arbitrary: catalogNamed(namesFrom(longName)) },
  {
    edge: "tools-any-shape",
    weight: 3,
    arbitrary: catalogNamed(
      fc.oneof(
        namesFrom(fc.oneof(word, blankName, longName, fc.constantFrom(...PROTOTYPE_NAMES)), 4),
        distinctNames(4),
      ),
    ),
  },
  {
    edge: "descriptions-any",
    arbitrary: namesFrom(word, 3).chain((drawn) =>
      fc
        .tuple(
          ...drawn.map((name) =>
            anyDescription.map((description) => ({ name, description, inputSchema: { type: "object" } })),
          ),
        )
        .map((tools): PureCall => ({ args: [{ tools }] })),
    ),
  },
  {
    edge: "tools-extra-members",
    arbitrary: namesFrom(word, 3).chain((drawn) =>
      fc
        .tuple(...drawn.map((name) => toolExtras.map((extras) => ({ ...toolNamed(name), ...extras }))))
        .map((tools): PureCall => ({ args: [{ tools }] })),
    ),
  },
  { edge: "empty-name", arbitrary: withDefect((tools) => void (tools[tools.length - 1] = toolNamed(""))) },
  // The other side of "a non-empty name": one character is enough, in any script.
  {
    edge: "one-character-names",
    arbitrary: fc
      .uniqueArray(fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }), { minLength: 1, maxLength: 4 })
      .map((picked) => ({ args: [{ tools: picked.map(toolNamed) }] })),
  },
  {
    edge: "name-not-string",
    arbitrary: fc
      .constantFrom<unknown>(null, 7, ["a"], { $undefined: true })
      .chain((n) => withDefect((tools) => void (tools[0] = toolNamed(n)))),
  },
  // No name while something could stand in for one (a title, annotations' title, an id, a
  // description that reads like a name): the tool is still nameless, and the catalog refused.
  {
    edge: "name-missing-stand-in",
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom<unknown>(ABSENT_NAME, ...NOT_A_NAME),
        fc.subarray([...STAND_INS], { minLength: 1 }),
        fc.constantFrom("word_count", "Word count", "search"),
        fc.nat(),
      )
      .chain(([name, standIns, text, at]) =>
        withDefect((tools) => {
          const { name: _dropped, ...unnamed } = toolNamed(name);
          const nameless = Object.assign(
            name === ABSENT_NAME ? unnamed : toolNamed(name),
            ...standIns.map((standIn) => standIn(text)),
          ) as Record<string, unknown>;
          tools[at % tools.length] = nameless;
        }),
      ),
  },
  { edge: "repeated-name", arbitrary: withDefect((tools) => void tools.push(toolNamed("tool_0"))) },
  // Names that are also keys every plain object has: a piece that keeps seen names in {} takes them for repeats.
  {
    edge: "names-like-object-keys",
    arbitrary: fc
      .subarray([...PROTOTYPE_NAMES], { minLength: 1 })
      .map((picked) => ({ args: [{ tools: picked.map(toolNamed) }] })),
  },
  // Different names that some reading of text takes for one (NFC and NFD, NFKC's compatibility
  // forms, case, whitespace, zero-width characters, lone surrogates), and any string: none repeats another.
  {
    edge: "names-any-string",
    weight: 2,
    // Few tools, so a FAIL line shows the whole catalog even when shrinking is cut short.
    arbitrary: fc
      .oneof(
        confusedPair.map((pair) => [...pair]),
        distinctNames(3),
      )
      .map((drawn) => ({ args: [{ tools: drawn.map(toolNamed) }] })),
  },
  ...[-1, 0, 1].map((delta) => ({
    edge: `size-at-bound${delta === 0 ? "" : delta > 0 ? "-plus-one" : "-minus-one"}`,
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 8 }), fc.boolean())
      .map(([limit, byDefault]) =>
        byDefault
          ? { args: [{ tools: names(MAX_TOOLS + delta) }] }
          : { args: [{ tools: names(Math.max(0, limit + delta)) }, limit] },
      ),
  })),
  // A limit of 0 taken as given: every tool is one too many, and an empty catalog is within it.
  {
    edge: "limit-zero",
    arbitrary: fc.integer({ min: 1, max: 4 }).map((count) => ({ args: [{ tools: names(count) }, 0] })),
  },
  { edge: "limit-zero-empty", arbitrary: fc.constant({ args: [{ tools: [] }, 0] }) },
  {
    edge: "schema-not-object",
    arbitrary: fc
      .constantFrom<unknown>({ type: "string" }, { type: "array" }, [], "object", {}, { type: ["object"] })
      .chain((s) => withDefect((tools) => void (tools[0] = { name: "odd", inputSchema: s }))),
  },
  // A schema that is absent or null: a piece that reads its type without looking first throws a raw TypeError.
  {
    edge: "schema-missing",
    arbitrary: fc
      .constantFrom<unknown>(null, { $undefined: true })
      .chain((schema) => withDefect((tools) => void (tools[0] = { name: "odd", inputSchema: schema }))),
  },
  {
    edge: "tool-not-object",
    arbitrary: fc
      .constantFrom<unknown>(null, 7, "tool_0", ["tool_0"])
      .chain((t) => withDefect((tools) => void (tools[tools.length - 1] = t as Record<string, unknown>))),
  },
  {
    edge: "description-absent",
    arbitrary: fc.integer({ min: 1, max: 4 }).map((count) => ({
      args: [{ tools: Array.from({ length: count }, (_, i) => ({ name: `t${i}`, inputSchema: { type: "object" } })) }],
    })),
  },
  {
    edge: "cursor",
    arbitrary: fc
      .tuple(catalog, fc.constantFrom<unknown>("next", "c1"))
      .map(([tools, c]) => ({ args: [{ tools, nextCursor: c }] })),
  },
  // A falsy cursor: the chapter's own test (`if result.get("nextCursor")`) reads it as no further
  // page; refusing it as a cursor is as right.
  {
    edge: "cursor-falsy",
    arbitrary: fc.tuple(catalog, fc.constantFrom<unknown>("", 0, false)).map(([tools, c]) => ({
      args: [{ tools, nextCursor: c }],
      also: [{ value: tools }, { error: "ProtocolError", reason: "catalog" }],
    })),
  },
  // A null cursor: no page follows, or a malformed cursor; the chapter does not say.
  {
    edge: "cursor-null",
    arbitrary: catalog.map((tools) => ({
      args: [{ tools, nextCursor: null }],
      also: [{ error: "ProtocolError", reason: "catalog" }],
    })),
  },
  {
    edge: "tools-not-array",
    arbitrary: fc.constantFrom<unknown>(null, {}, "tools", { $undefined: true }).map((t) => ({ args: [{ tools: t }] })),
  },
]);

// --- resultText -------------------------------------------------------------------------------------

const textItem = anyText.map((text) => ({ type: "text", text }));
const otherItem = fc.constantFrom(
  { type: "image", data: "AA==", mimeType: "image/png" },
  { type: "audio", data: "AA==", mimeType: "audio/wav" },
  { type: "resource", resource: { uri: "file:///a", text: "inside" } },
  { type: "resource_link", uri: "file:///b", name: "b" },
);
/**
 * Items of kinds this client has never heard of: a newer MCP's, a server's own, a kind whose name
 * differs from "text" only in case or space, some carrying a text member of their own. They are left
 * aside like any item that is not of type "text", never refused.
 */
const unknownItem = fc.oneof(
  fc.constantFrom(
    { type: "video", data: "AA==", mimeType: "video/mp4" },
    { type: "x-chart", spec: { bars: [1, 2] } },
    { type: "Text", text: "not a text item" },
    { type: "text ", text: "not a text item either" },
    { type: "markdown", text: "# neither" },
  ),
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 12 }), anyText)
    .filter(([type]) => type !== "text")
    .map(([type, text]) => ({ type, text })),
);
/**
 * What a result may hold beside content: structuredContent (sometimes the text's own JSON, as a tool
 * that returns both writes it), _meta, isError false or absent. None of it is the call's text.
 */
const besideContent = fc
  .record(
    {
      structuredContent: fc.oneof(jsonObject, fc.constant({ count: 4 }), fc.constant({ text: "4" })),
      _meta: fc.oneof(jsonObject, fc.constant({ progressToken: 7 })),
      isError: fc.constant(false),
    },
    { requiredKeys: [] },
  )
  .filter((fields) => Object.keys(fields).length > 0);
/** Other kinds of items before, between and after two or more text items. */
const othersAroundText = fc
  .tuple(fc.array(textItem, { minLength: 2, maxLength: 3 }), fc.array(otherItem, { minLength: 3, maxLength: 4 }))
  .map(([texts, others]) => [others[0], ...texts.flatMap((item, index) => [item, others[index + 1] ?? others[0]])]);
/** Whitespace a tool may write at a text's ends, each a string some trim or normalisation drops. */
const EDGE_SPACES = [
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  "\r",
  "\n\n",
  "\u00A0",
  "\u2003",
  "\u3000",
  "\uFEFF",
  "\u2028",
] as const;
/** A text with whitespace before it, after it, or both (never none), around any text or a lone surrogate. */
const writtenText = fc
  .tuple(
    fc.constantFrom("", ...EDGE_SPACES),
    fc.oneof(word, anyText, fc.constantFrom("\uD800", "a\uDC00")),
    fc.constantFrom(...EDGE_SPACES),
    fc.boolean(),
  )
  .map(([lead, core, edge, before]) => (before ? `${edge}${core}${lead}` : `${lead}${core}${edge}`));
/** A word with entities between (what an HTML-minded reader decodes). */
const entityText = fc
  .array(fc.oneof(word, fc.constantFrom("&lt;", "&gt;", "&amp;", "&quot;", "&#39;", "&#x26;", "&nbsp;", "&amp;lt;")), {
    minLength: 2,
    maxLength: 6,
  })
  .map((parts) => parts.join(" "));
/** JSON text as a tool may write it: any value, compact or spaced or indented any way but one. */
const jsonText = fc
  .tuple(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom<string | number>(0, 1, 4, "\t", " "))
  .map(([value, indent]) => JSON.stringify(value, null, indent));
/** A text of a shape a well-meant reading would change. */
const shapedText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SHAPED_TEXTS) },
  { weight: 2, arbitrary: entityText },
  { weight: 2, arbitrary: jsonText },
);
export const RESULT_CALLS: EdgeGenerator<PureCall> = edgeGenerator<PureCall>("resultText", [
  {
    edge: "text-only",
    weight: 2,
    arbitrary: fc.array(textItem, { maxLength: 4 }).map((content) => ({ args: [{ content }] })),
  },
  {
    edge: "mixed-items",
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(textItem, otherItem), { minLength: 1, maxLength: 5 })
      .map((content) => ({ args: [{ content }] })),
  },
  {
    edge: "no-text-items",
    arbitrary: fc.array(otherItem, { minLength: 1, maxLength: 3 }).map((content) => ({ args: [{ content }] })),
  },
  {
    edge: "is-error",
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(fc.oneof(textItem, otherItem), { maxLength: 3 }), fc.option(besideContent, { nil: undefined }))
      .map(([content, beside]) => ({ args: [{ content, ...beside, isError: true }] })),
  },
  {
    edge: "is-error-false",
    arbitrary: fc.array(textItem, { maxLength: 2 }).map((content) => ({ args: [{ content, isError: false }] })),
  },
  // The call's text comes from content's text items only, whatever else the result holds.
  {
    edge: "structured-content",
    weight: 3,
    arbitrary: fc
      .tuple(fc.array(fc.oneof(textItem, otherItem), { maxLength: 4 }), besideContent, jsonObject)
      .map(([content, beside, structured]) => ({
        args: [{ content, ...beside, structuredContent: beside.structuredContent ?? structured }],
      })),
  },
  {
    edge: "beside-content",
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(fc.oneof(textItem, otherItem), { maxLength: 4 }), besideContent)
      .map(([content, beside]) => ({ args: [{ content, ...beside }] })),
  },
  {
    edge: "others-around-text",
    weight: 2,
    arbitrary: fc
      .tuple(othersAroundText, besideContent)
      .map(([content, beside]) => ({ args: [{ content, ...beside }] })),
  },
  // Each text item as the tool wrote it: empty, only whitespace, or text with whitespace of any
  // kind at either end (spaces, tabs, line breaks, CR, NBSP, Unicode spaces, a BOM), lone surrogates.
  {
    edge: "text-as-written",
    weight: 2,
    arbitrary: fc
      .tuple(writtenText, fc.array(fc.oneof(writtenText, fc.constantFrom("", ...EDGE_SPACES)), { maxLength: 3 }))
      .map(([first, rest]) => ({ args: [{ content: [first, ...rest].map((text) => ({ type: "text", text })) }] })),
  },
  // Kinds of items no version of MCP this client knows names, among its text items or alone.
  {
    edge: "unknown-kinds",
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(textItem, { maxLength: 3 }), fc.array(unknownItem, { minLength: 1, maxLength: 3 }))
      .map(([texts, unknown]) => ({
        args: [{ content: unknown.flatMap((item, index) => [item, ...(texts[index] ? [texts[index]] : [])]) }],
      })),
  },
  // Text items of every shape MCP allows (annotations, _meta) and members named like what every
  // object has, on the items and on the result: each text item's text is the call's text.
  {
    edge: "items-any-shape",
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.array(
          fc.tuple(
            textItem,
            fc.record(
              {
                annotations: fc.constantFrom(
                  { audience: ["user"] },
                  { priority: 0.5, lastModified: "2025-01-01T00:00:00Z" },
                ),
                _meta: jsonObject,
                constructor: fc.constant("c"),
                toString: fc.constant({}),
              },
              { requiredKeys: [] },
            ),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fc.array(otherItem, { maxLength: 2 }),
        fc.constantFrom<Record<string, unknown>>({}, { valueOf: 1, hasOwnProperty: "x" }, { _meta: {} }),
      )
      .map(([texts, others, beside]) => ({
        args: [{ ...beside, content: [...others, ...texts.map(([item, extras]) => ({ ...item, ...extras }))] }],
      })),
  },
  // Texts of every length a frame may hold (the chapter bounds an answer by the frame limit only):
  // one long text, around the lengths a cut would choose, many short items, or a long total.
  {
    edge: "long-texts",
    arbitrary: fc
      .oneof(
        fc
          .tuple(
            fc.oneof(
              fc.constantFrom(1000, 1024, 4096, 8192, 10_000, 10_001, 16_384, 32_768, 50_000),
              fc.integer({ min: 2000, max: 60_000 }),
            ),
            fc.constantFrom("x", "word ", "é", "😀"),
          )
          .map(([length, unit]) => [unit.repeat(Math.ceil(length / unit.length))]),
        fc.array(word, { minLength: 200, maxLength: 1500 }),
        fc
          .array(fc.integer({ min: 3000, max: 12_000 }), { minLength: 2, maxLength: 6 })
          .map((lengths) => lengths.map((length, index) => String(index).repeat(length))),
      )
      .map((texts) => ({ args: [{ content: texts.map((text) => ({ type: "text", text })) }] })),
  },
  // Texts of every shape a well-meant reading would change (entities, JSON text, markdown,
  // escapes, URLs, base64, whitespace inside): alone, the text is the call's text as written;
  // among other items, each is joined as written.
  {
    edge: "text-any-shape-alone",
    weight: 2,
    arbitrary: shapedText.map((text) => ({ args: [{ content: [{ type: "text", text }] }] })),
  },
  {
    edge: "texts-any-shape-among-items",
    arbitrary: fc
      .tuple(fc.array(fc.oneof(shapedText, lookalikeString), { minLength: 2, maxLength: 4 }), fc.array(otherItem))
      .map(([texts, others]) => ({
        args: [
          { content: texts.flatMap((text, index) => [{ type: "text", text }, ...others.slice(index, index + 1)]) },
        ],
      })),
  },
  { edge: "content-missing", arbitrary: fc.constant({ args: [{}] }) },
  {
    edge: "content-not-array",
    arbitrary: fc
      .constantFrom<unknown>(null, "text", { type: "text", text: "t" })
      .map((c) => ({ args: [{ content: c }] })),
  },
]);

// --- topTools ---------------------------------------------------------------------------------------

/**
 * One ranking as the topTools probes run it: a request, a catalog and m, scored by BM25, or by a
 * seeded scorer (rules/seeded-scorer.ts) when `scorer` is given.
 */
export interface RankingRun {
  readonly request: string;
  readonly tools: ReadonlyArray<{
    readonly name: string;
    readonly description?: string;
    readonly [member: string]: unknown;
  }>;
  readonly m: number;
  readonly scorer?: { readonly seed: number; readonly scores: readonly string[] };
}

const topic = fc.constantFrom("weather", "invoice", "calendar", "email", "refund", "shipping", "password");
const toolsAbout = fc
  .array(fc.tuple(topic, topic), { minLength: 1, maxLength: 8 })
  .map((pairs) =>
    pairs.map(([a, b], index) => ({ name: `tool_${index}`, description: `handles ${a} and ${b} requests` })),
  );
/** Tools that score alike for any request: equal scores keep catalog order. */
const tiedTools = fc
  .tuple(fc.integer({ min: 2, max: 8 }), topic)
  .map(([count, about]) =>
    Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, description: `handles ${about}` })),
  );

/** A request on one topic against a catalog from `catalogs`, with an m from 1 to the catalog's size. */
function askedWithin(catalogs: fc.Arbitrary<RankingRun["tools"]>): fc.Arbitrary<RankingRun> {
  return fc
    .tuple(topic, catalogs)
    .chain(([about, tools]) =>
      fc.integer({ min: 1, max: tools.length }).map((m) => ({ request: `help with ${about}`, tools, m })),
    );
}

/** Tools about topics whose names are any of the family's (names.ts), each different. */
const toolsNamedAnyhow = fc
  .tuple(toolsAbout, distinctNames(8))
  .map(([tools, drawn]) =>
    drawn.map((name, index) => ({ name, description: tools[index % tools.length]!.description })),
  );

/**
 * Two names a piece keeping scores by name takes for one (a look-alike pair, a prototype name): one
 * tool on the request's topic, the other off it, in either order, after other tools off it. A piece
 * that scores the tool and not the name ranks the one on topic first.
 */
function confusedNamesOf(pairs: fc.Arbitrary<readonly [string, string]>): fc.Arbitrary<RankingRun> {
  return fc
    .tuple(topic, topic, pairs, fc.boolean(), fc.integer({ min: 0, max: 3 }))
    .filter(([about, other]) => about !== other)
    .chain(([about, other, [onTopic, offTopic], onTopicFirst, fillers]) => {
      const off = (name: string) => ({ name, description: `handles ${other} requests` });
      const pair = [{ name: onTopic, description: `handles ${about} requests` }, off(offTopic)];
      const tools = [
        ...Array.from({ length: fillers }, (_, index) => off(`tool_${index}`)),
        ...(onTopicFirst ? pair : pair.reverse()),
      ];
      return fc.integer({ min: 1, max: tools.length }).map((m) => ({ request: `help with ${about}`, tools, m }));
    })
    .filter((run) => new Set(run.tools.map((tool) => tool.name)).size === run.tools.length);
}
const confusedNames = confusedNamesOf(confusedPair);
/**
 * The tool on topic named "__proto__", the one name a plain object cannot keep a score under (an
 * assignment to it sets the prototype), beside another name every object has: met in every grading,
 * not only when the names edges happen to draw it.
 */
const protoOnTopic = confusedNamesOf(
  fc
    .constantFrom(...PROTOTYPE_NAMES.filter((name) => name !== "__proto__"))
    .map((other): readonly [string, string] => ["__proto__", other]),
);

/**
 * A catalog already in ranked order (tools all tied, or the one on the request's topic first and the
 * rest tied after it), with an m that covers it: the answer is the catalog's own order, and still a
 * new list.
 */
const alreadyRanked = fc
  .tuple(topic, topic, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 }), fc.boolean())
  .filter(([about, other]) => about !== other)
  .map(([about, other, rest, extra, tied]): RankingRun => {
    const tools = tied
      ? Array.from({ length: rest + 1 }, (_, index) => ({ name: `tool_${index}`, description: `handles ${about}` }))
      : [
          { name: "tool_0", description: `handles ${about} requests` },
          ...Array.from({ length: rest }, (_, index) => ({
            name: `tool_${index + 1}`,
            description: `handles ${other} requests`,
          })),
        ];
    return { request: `help with ${about}`, tools, m: tools.length + extra };
  });

/** A score as the seeded scorer takes it: "-0" for negative zero, which JSON would write as 0. */
const scoreString = (value: number): string => (Object.is(value, -0) ? "-0" : String(value));
const anyScore = fc.oneof(
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.integer({ min: -12, max: 12 }).map((quarter) => quarter / 4) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      0,
      -0,
      1e308,
      -1e308,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      5e-324,
      -5e-324,
      1e-300,
      -1e-300,
    ),
  },
);
const negativeScore = fc.oneof(
  fc.double({ max: -Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -12, max: -1 }).map((quarter) => quarter / 4),
  fc.constantFrom(-1e308, -Number.MAX_VALUE, -5e-324, -1e-300, -0.1, -0.9),
);
/** A few scores to pick from: fewer than the tools, so ties come often. */
const scoreTable = (score: fc.Arbitrary<number>): fc.Arbitrary<string[]> =>
  fc.array(score, { minLength: 1, maxLength: 5 }).map((values) => values.map(scoreString));
/** A request as a person types it: any characters, capitals, and whitespace inside and around. */
const typedRequest = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 24 }),
  fc
    .tuple(
      fc.constantFrom("", " ", "\t", "  ", "\n"),
      fc.array(fc.constantFrom("Help", "WITH", "the", "Calendar", "İstanbul", "ÉTÉ", "straße", "ǅ", "x"), {
        minLength: 1,
        maxLength: 4,
      }),
      fc.constantFrom(" ", "  ", "\t"),
      fc.constantFrom("", " ", "\n", "\u00a0"),
    )
    .map(([before, words, between, after]) => `${before}${words.join(between)}${after}`),
);

/**
 * Requests of every shape, topics aside: empty, whitespace of any kind, punctuation alone, words no
 * tool's text holds, and very long ones. Each still gets the m best tools (when every score ties,
 * the first m in catalog order).
 */
const requestOfAnyShape = fc.oneof(
  fc.constantFrom("", " ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\u200b", "\ufeff", "\u2028"),
  fc
    .array(fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u3000"), { minLength: 2, maxLength: 12 })
    .map((s) => s.join("")),
  fc.constantFrom("?", "!!!", "...", "—", "¿?", "#@$%", "()[]{}", "-", "_", "'"),
  fc
    .array(fc.constantFrom("zyx", "quux", "nonexistent", "ünknown", "日本語", "q9"), { minLength: 1, maxLength: 4 })
    .map((words) => words.join(" ")),
  fc
    .tuple(fc.oneof(topic, fc.constantFrom(" ", "zyx ", "?")), fc.integer({ min: 1000, max: 8000 }))
    .map(([unit, times]) => `${unit} `.repeat(times)),
);
/** A seeded scorer's ranking: `scores` for the table, any request, a catalog, m from 0 to past its end. */
function seededRun(
  request: fc.Arbitrary<string>,
  catalogs: fc.Arbitrary<RankingRun["tools"]>,
  scores: fc.Arbitrary<string[]>,
): fc.Arbitrary<RankingRun> {
  return fc
    .tuple(request, catalogs, scores, fc.integer())
    .chain(([asked, tools, table, seed]) =>
      fc
        .integer({ min: 0, max: tools.length + 2 })
        .map((m) => ({ request: asked, tools, m, scorer: { seed, scores: table } })),
    );
}
/** Two to eight tools, so an order can be lost (named plainly: names of every kind are the names edges'). */
const severalTools = toolsAbout.filter((tools) => tools.length >= 2);
/**
 * Two to six tools whose names hold underscores anywhere (several, doubled, first, last) and whose
 * descriptions are any text (whitespace of any kind at its ends too: as the server wrote it) or
 * absent: the text a scorer is handed for each is the chapter's tool_text, every underscore a
 * space, then ". " and the description ("" when there is none).
 */
const toolsWithUnderscores = fc
  .uniqueArray(
    fc
      .array(fc.oneof(fc.constantFrom("check", "stock", "level", "Get", "é", ""), fc.string({ maxLength: 3 })), {
        minLength: 2,
        maxLength: 5,
      })
      .map((parts) => parts.join("_")),
    { minLength: 2, maxLength: 6 },
  )
  .chain((names) =>
    fc
      .array(fc.option(fc.oneof(fc.string({ unit: "grapheme", maxLength: 12 }), writtenText), { nil: undefined }), {
        minLength: names.length,
        maxLength: names.length,
      })
      .map((descriptions) =>
        names.map((name, index) => {
          const description = descriptions[index];
          return description === undefined ? { name } : { name, description };
        }),
      ),
  );

/**
 * Two to six tools of every shape MCP allows and more: a title (most of them), annotations with a
 * title of their own, outputSchema, inputSchema, _meta, members no version names, a description or
 * none. The text each is scored by is still its name (underscores as spaces) and its description.
 */
const toolsOfEveryShape = fc
  .array(
    fc.tuple(
      fc.option(fc.constantFrom("handles weather", "Counts words.", "", " sends email "), { nil: undefined }),
      fc.record(
        {
          title: fc.oneof(fc.constantFrom("Tally", "Word Count", "tool 0", ""), word),
          annotations: fc.oneof(
            fc.constant({ title: "Annotated Title", readOnlyHint: true }),
            fc.record({ title: word, destructiveHint: fc.boolean() }),
          ),
          outputSchema: fc.constant({ type: "object", properties: { count: { type: "integer" } } }),
          inputSchema: fc.constant({ type: "object", properties: { text: { type: "string" } } }),
          _meta: fc.constant({ "example.com/label": "Label" }),
          "x-display-name": word,
        },
        { requiredKeys: ["title"] },
      ),
      fc.boolean(),
    ),
    { minLength: 2, maxLength: 6 },
  )
  .map((tools) =>
    tools.map(([description, extras, untitled], index) => {
      const { title, ...rest } = extras;
      return {
        name: `tool_${index}_x`,
        ...(description === undefined ? {} : { description }),
        ...(untitled ? rest : { title, ...rest }),
      };
    }),
  );

/** How a request names a tool: its name whole, its words apart, in capitals. */
const NAMINGS = {
  whole: (name: string) => name,
  words: (name: string) => name.replaceAll("_", " "),
  capitals: (name: string) => name.toUpperCase(),
} as const;
/**
 * A request that names one tool outright where the scorer ranks another above it: scores within
 * one of each other, so a bonus for the name said lifts it over any other. The named tool is the
 * first (from one drawn) the seeded scores do not put first; when none is, the scores are all
 * alike and the last tool is named (equal scores keep catalog order). The ranking is the scores' alone.
 */
const nameInRequest: fc.Arbitrary<RankingRun> = fc
  .tuple(
    fc.uniqueArray(fc.constantFrom("word_count", "get_weather", "send_email", "lookup", "refund_order", "tool_1"), {
      minLength: 2,
      maxLength: 5,
    }),
    fc.constantFrom<keyof typeof NAMINGS>("whole", "whole", "words", "capitals"),
    fc.array(fc.constantFrom("0", "0.25", "0.5", "0.75", "0.9"), { minLength: 2, maxLength: 5 }),
    fc.integer(),
    fc.nat(),
    fc.nat(),
  )
  .map(([names, naming, table, seed, from, size]): RankingRun => {
    const tools = names.map((name) => ({ name, description: `handles ${name.replaceAll("_", " ")} requests` }));
    const m = 1 + (size % tools.length);
    const asking = (name: string) => `please use ${NAMINGS[naming](name)} for this`;
    for (let step = 0; step < tools.length; step += 1) {
      const named = (from + step) % tools.length;
      const request = asking(tools[named]!.name);
      const scores = seededScorer(seed, table)(request, tools.map(toolText));
      if (scores.some((score, index) => score > scores[named]! || (score === scores[named]! && index < named)))
        return { request, tools, m, scorer: { seed, scores: table } };
    }
    return { request: asking(tools.at(-1)!.name), tools, m, scorer: { seed, scores: ["0.5"] } };
  });

export const RANKING_RUNS: EdgeGenerator<RankingRun> = edgeGenerator<RankingRun>("topTools", [
  { edge: "already-ranked", weight: 2, arbitrary: alreadyRanked },
  { edge: "ranked", weight: 3, arbitrary: askedWithin(toolsAbout) },
  { edge: "ties", weight: 2, arbitrary: askedWithin(tiedTools) },
  // A tool's name is any string: each tool keeps its own score, whatever it is called.
  { edge: "names-any-string", weight: 2, arbitrary: askedWithin(toolsNamedAnyhow) },
  { edge: "names-confused", weight: 2, arbitrary: confusedNames },
  { edge: "proto-name-on-topic", arbitrary: protoOnTopic },
  // A tool named in the request gets no bonus: the scorer ranks another above it, and so must topTools.
  { edge: "name-in-request", arbitrary: nameInRequest },
  {
    edge: "request-any-shape",
    weight: 2,
    arbitrary: fc
      .tuple(requestOfAnyShape, toolsAbout)
      .chain(([asked, tools]) => fc.integer({ min: 1, max: tools.length }).map((m) => ({ request: asked, tools, m }))),
  },
  { edge: "m-zero", arbitrary: fc.tuple(topic, toolsAbout).map(([about, tools]) => ({ request: about, tools, m: 0 })) },
  // The ranking is the scorer's: scores of every kind and sign, ties among them, -0 beside 0.
  { edge: "scores-any-kind", weight: 2, arbitrary: seededRun(typedRequest, severalTools, scoreTable(anyScore)) },
  {
    edge: "scores-all-negative",
    arbitrary: seededRun(typedRequest, severalTools, scoreTable(negativeScore)),
  },
  // The scorer is handed the request as asked: any rewriting of it (case, whitespace) scores another.
  {
    edge: "request-as-given",
    arbitrary: seededRun(
      typedRequest,
      severalTools,
      fc.array(anyScore, { minLength: 3, maxLength: 6 }).map((values) => values.map(scoreString)),
    ),
  },
  // m and the catalog at any size: past the chapter's 32 tools a server may offer, and at and
  // around 32 (top_tools slices the whole ranking, whatever its length).
  {
    edge: "large-catalog",
    arbitrary: fc
      .tuple(topic, fc.array(fc.tuple(topic, topic), { minLength: 33, maxLength: 72 }))
      .chain(([about, pairs]) => {
        const tools = pairs.map(([a, b], index) => ({ name: `tool_${index}`, description: `handles ${a} and ${b}` }));
        return fc
          .oneof(
            fc.constantFrom(31, 32, 33, tools.length - 1, tools.length),
            fc.integer({ min: 0, max: tools.length + 3 }),
          )
          .map((m) => ({ request: `help with ${about}`, tools, m }));
      }),
  },
  // The scorer is handed each tool's text as the chapter makes it: any other text scores another.
  {
    edge: "text-as-given",
    arbitrary: seededRun(typedRequest, toolsWithUnderscores, scoreTable(anyScore)),
  },
  // Tools of every shape: a title, annotations, outputSchema, _meta, members of no version, no
  // description; the scorer is handed the name and description alone, as the chapter makes them.
  {
    edge: "tools-any-shape",
    weight: 2,
    arbitrary: seededRun(
      typedRequest,
      toolsOfEveryShape,
      fc.array(anyScore, { minLength: 3, maxLength: 6 }).map((values) => values.map(scoreString)),
    ),
  },
  {
    edge: "m-beyond-catalog",
    arbitrary: fc
      .tuple(topic, toolsAbout, fc.integer({ min: 1, max: 5 }))
      .map(([about, tools, extra]) => ({ request: about, tools, m: tools.length + extra })),
  },
]);

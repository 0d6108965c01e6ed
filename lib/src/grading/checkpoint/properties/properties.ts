// Each pure rule's property: which generator feeds it, how its input reaches the learner's piece,
// and how the two outcomes are judged. The rules (rules/*.ts) call these after their fixed,
// teaching examples; the verdict comes from the property.
import { isDeepStrictEqual } from "node:util";
import { isUtf8 } from "node:buffer";
import type { FrameForm, ProbeAnswer, PureFunction } from "../rules/types.js";
import { BYTES_FORMS, showWire, wireBytes, withoutUndefinedProperties, type BytesForm } from "../rules/wire.js";
import { frameProblem, jsonValueOf } from "../rules/frame-text.js";
import { DEFAULT_FRAME_LIMIT } from "../../../protocol/constants.js";
import {
  acceptedOf,
  isRefusal,
  matchesAccepted,
  outcomeOf,
  sameOutcome,
  showAccepted,
  type PureProperty,
} from "./judge.js";
import {
  ANSWER_CALLS,
  ENCODE_CALLS,
  INITIALIZE_CALLS,
  MESSAGE_CALLS,
  PARSE_CALLS,
  READER_RUNS,
  RANKING_RUNS,
  RESULT_CALLS,
  TOOLS_CALLS,
  type PureCall,
  type RankingRun,
  type ReaderRun,
} from "./generators.js";
import { onlyEdges, type EdgeGenerator } from "./edges.js";
import type { RuleContext } from "../rules/types.js";
import { holds } from "./judge.js";
import { seededScorer } from "../rules/seeded-scorer.js";
import { joinedWanted, separatorOf, shownText } from "../rules/joined-text.js";
import { toolText } from "../../../tools/tool-text.js";

const shownCall = (fn: string, call: PureCall): string =>
  `${fn}(${call.args.map((arg) => showWire(arg, 120)).join(", ")})`;

function callProperty(fn: PureFunction, generator: EdgeGenerator<PureCall>, says: string): PureProperty<PureCall> {
  return {
    generator,
    says,
    request: (call) => ({ op: "call", fn, args: call.args }),
    judge: sameOutcome,
    show: (call) => shownCall(fn, call),
  };
}

/** The same outcome, an optional field holding undefined counting as absent: for what the application is handed, not what is written. */
const sameHandedOutcome = (call: PureCall, reference: ProbeAnswer, learner: ProbeAnswer): string | undefined =>
  sameOutcome(
    call,
    reference.ok ? { ...reference, value: withoutUndefinedProperties(reference.value) } : reference,
    learner.ok ? { ...learner, value: withoutUndefinedProperties(learner.value) } : learner,
  );

export const MESSAGES_PROPERTY: PureProperty<PureCall & { readonly fn: "requestMessage" | "notificationMessage" }> = {
  generator: MESSAGE_CALLS,
  says: "a request carries jsonrpc, id, method and params as given; a notification carries no id, and params (as given) only when given",
  request: (call) => ({ op: "call", fn: call.fn, args: call.args }),
  judge: sameOutcome,
  show: (call) => shownCall(call.fn, call),
};

export const ANSWER_FOR_PROPERTY = callProperty(
  "answerFor",
  ANSWER_CALLS,
  "a reply answers a request only with the same integer id, a well-formed error reply is raised and a malformed one refused, a result must be an object and is handed back as it came",
);

const frameLimitOf = (call: PureCall): number => (call.args[1] as number | undefined) ?? DEFAULT_FRAME_LIMIT;
/** A limit no faithful escaping of a frame within `limit` can pass: a \u escape is six bytes for a character of one or more. */
export const ampleLimit = (limit: number): number => 8 * limit;
const refusedForSize = (answer: ProbeAnswer): boolean =>
  !answer.ok && answer.error.name === "UsageError" && answer.error.reason === "frame-limit";

/**
 * encodeFrame's frame judged by what it says (rules/frame-text.ts), its size by the bytes the piece
 * itself writes: a refusal for size is right only when the piece's own frame, asked for again with
 * an ample limit, is over the limit. Where the library refuses for size too, the piece's frame is
 * no shorter (the library's is the shortest compact text), so that refusal is right as it stands.
 */
function judgeFrame(
  call: PureCall,
  reference: ProbeAnswer,
  learner: ProbeAnswer,
  own?: ProbeAnswer,
): string | undefined {
  const carried = reference.ok || refusedForSize(reference);
  if (!carried || (call.also ?? []).some((each) => matchesAccepted(learner, each)))
    return sameOutcome(call, reference, learner);
  const limit = frameLimitOf(call);
  const expected = jsonValueOf(call.args[0]);
  const wanted = `its frame (one line of compact JSON of the message's value, then one newline; any faithful escaping), or a refusal (UsageError frame-limit) when the frame it writes is over ${limit} bytes`;
  if (refusedForSize(learner)) {
    if (refusedForSize(reference)) return undefined;
    const frame = own?.ok === true ? wireBytes(own.value) : undefined;
    const problem = frameProblem(frame, expected);
    if (problem !== undefined) return `${wanted}; asked again with a limit of ${ampleLimit(limit)}, it gave ${problem}`;
    return frame!.length > limit ? undefined : `${wanted}: the frame it writes is ${frame!.length} bytes`;
  }
  const frame = learner.ok ? wireBytes(learner.value) : undefined;
  const problem = learner.ok ? frameProblem(frame, expected) : "a refusal of a message JSON carries";
  if (problem !== undefined) return `${wanted}; not ${problem}`;
  return frame!.length <= limit ? undefined : `${wanted}; not a frame of ${frame!.length} bytes`;
}

export const ENCODE_PROPERTY: PureProperty<PureCall> = {
  ...callProperty(
    "encodeFrame",
    ENCODE_CALLS,
    "encodeFrame writes exactly what JSON can hold, as one line of at most the limit (newline included), and refuses the rest",
  ),
  followUp: (call, reference, learner) =>
    refusedForSize(learner) && !refusedForSize(reference)
      ? { op: "call", fn: "encodeFrame", args: [call.args[0], ampleLimit(frameLimitOf(call))] }
      : undefined,
  judge: judgeFrame,
};

/** How each form of a frame reads in a FAIL line. */
const FORM_NAMES: Readonly<Record<FrameForm, string>> = {
  buffer: "a Buffer",
  uint8array: "a plain Uint8Array",
  view: "a Uint8Array viewing part of a larger buffer (byteOffset 2)",
  string: "the string its bytes decode to",
};
const formsOf = (frame: Buffer): FrameForm[] => (isUtf8(frame) ? [...BYTES_FORMS, "string"] : [...BYTES_FORMS]);
const outcomesOf = (answer: ProbeAnswer): readonly ProbeAnswer[] =>
  answer.ok && Array.isArray(answer.value) ? (answer.value as ProbeAnswer[]) : [];

/** The first form of `call`'s frame the learner judged wrongly: the reference's outcome there (or one the input also accepts), or that the bytes forms disagree. */
function wrongForm(
  call: PureCall,
  reference: ProbeAnswer,
  learner: ProbeAnswer,
): { readonly form: FrameForm; readonly expected: string; readonly received: string } | undefined {
  const forms = formsOf(wireBytes(call.args[0])!);
  if (!learner.ok) return { form: forms[0]!, expected: "parseFrame's outcome", received: outcomeOf(learner) };
  const theirs = outcomesOf(reference);
  const mine = outcomesOf(learner);
  for (const [index, form] of forms.entries()) {
    const expected = sameOutcome(call, theirs[index]!, mine[index]!);
    if (expected !== undefined) return { form, expected, received: outcomeOf(mine[index]!) };
  }
  // The same bytes, whatever holds them, are one frame: where two outcomes are right, one is chosen for all.
  const first = acceptedOf(mine[0]!);
  const other = BYTES_FORMS.findIndex((_, index) => !isDeepStrictEqual(acceptedOf(mine[index]!), first));
  if (other === -1) return undefined;
  return {
    form: BYTES_FORMS[other]!,
    expected: `what it did for ${FORM_NAMES.buffer} (${showAccepted(first)}): the same bytes are the same frame`,
    received: outcomeOf(mine[other]!),
  };
}

export const PARSE_PROPERTY: PureProperty<PureCall> = {
  generator: PARSE_CALLS,
  says: "parseFrame takes one JSON-RPC 2.0 object in valid UTF-8, handed in any form, and refuses everything else",
  request: (call) => {
    const frame = wireBytes(call.args[0])!;
    return { op: "parseFrame.forms", frame: frame.toString("base64"), forms: formsOf(frame) };
  },
  judge: (call, reference, learner) => {
    const wrong = wrongForm(call, reference, learner);
    return wrong === undefined ? undefined : `handed ${FORM_NAMES[wrong.form]}: ${wrong.expected}`;
  },
  received: (call, reference, learner) => {
    const wrong = wrongForm(call, reference, learner);
    return wrong === undefined ? outcomeOf(learner) : `handed ${FORM_NAMES[wrong.form]}, it ${wrong.received}`;
  },
  show: (call) => shownCall("parseFrame", call),
};

/**
 * Whether it was accepted, and when refused the refusal's class and reason; never what an accepted
 * call returns. For a check whose value on success the chapter leaves free: checkInitialize returns
 * the capabilities in the chapter (lines 344–351), the whole result in the notebook, and connect
 * uses neither.
 */
function sameVerdict(call: PureCall, reference: ProbeAnswer, learner: ProbeAnswer): string | undefined {
  const accepted = [acceptedOf(reference), ...(call.also ?? [])];
  const refusals = accepted.filter((each) => !("value" in each));
  const right = learner.ok
    ? refusals.length < accepted.length
    : refusals.some((each) => matchesAccepted(learner, each));
  if (right) return undefined;
  return accepted
    .map((each) => ("value" in each ? "accepted (what it returns on success is yours)" : showAccepted(each)))
    .join(", or ");
}

export const INITIALIZE_PROPERTY: PureProperty<PureCall> = {
  ...callProperty(
    "checkInitialize",
    INITIALIZE_CALLS,
    "the handshake holds only with the pinned version and a capabilities object that holds tools, whatever else the answer holds",
  ),
  judge: sameVerdict,
};

export const TOOLS_PROPERTY: PureProperty<PureCall> = {
  ...callProperty(
    "checkTools",
    TOOLS_CALLS,
    "a catalog is one page of at most the limit, every name a non-empty string used once, every schema an object; every such catalog, whatever else it holds, is accepted and handed back as listed",
  ),
  judge: sameHandedOutcome,
  // Twenty-five edges, most with several defects or shapes: twice the default inputs, so every one is drawn (a pure function: cheap).
  runs: 200,
};

/**
 * resultText's text: the text items' texts in order, one and the same separator of the piece's own
 * choosing between each pair (joined-text.ts); a refusal is judged as the reference's.
 */
function judgeJoined(call: PureCall, reference: ProbeAnswer, learner: ProbeAnswer): string | undefined {
  if (!reference.ok || typeof reference.value !== "string") return sameOutcome(call, reference, learner);
  const content = (call.args[0] as { content: ReadonlyArray<{ type?: unknown; text?: unknown } | null> }).content;
  const texts = content
    .filter((item) => typeof item === "object" && item !== null && item.type === "text")
    .map((item) => String(item!.text));
  if (learner.ok && typeof learner.value === "string" && separatorOf(texts, learner.value) !== undefined)
    return undefined;
  return `returns ${joinedWanted(texts)}`;
}

export const RESULT_PROPERTY: PureProperty<PureCall> = {
  ...callProperty(
    "resultText",
    RESULT_CALLS,
    "resultText joins the text items of a content array in order, one separator of its choosing between each pair, reads nothing else of the result, and raises a result marked isError",
  ),
  judge: judgeJoined,
  received: (_call, _reference, learner) =>
    learner.ok && typeof learner.value === "string" ? `returned ${shownText(learner.value)}` : outcomeOf(learner),
};

interface Fed {
  readonly frames: readonly string[];
  readonly refused: boolean;
  readonly atChunk: number;
  readonly after: { frames: string[] } | { error: { name: string; message: string } } | undefined;
}

function fed(answer: ProbeAnswer): Fed {
  const data = (answer.ok ? answer.value : answer.detail) as
    { perChunk?: string[][]; atChunk?: number; after?: Fed["after"] } | undefined;
  return {
    frames: (data?.perChunk ?? []).flat(),
    refused: !answer.ok,
    atChunk: data?.atChunk ?? Number.POSITIVE_INFINITY,
    after: data?.after,
  };
}

/** A frame's text, a long one by its end (inside the quotes: a FAIL line's quoted words stay balanced): generated lines share their start and differ at their end. */
const brief = (frame: string): string => {
  const line = Buffer.from(frame, "base64").toString("utf8");
  return line.length <= 32 ? JSON.stringify(line) : `"…${JSON.stringify(line.slice(-24)).slice(1)}`;
};
const text = (frames: readonly string[]): string => `[${frames.map(brief).join(", ")}]`;

/** FrameReader: the frames must be the reference's; a refusal must come no later than the reference's; after it, nothing held may leak. */
function judgeReader(run: ReaderRun, reference: ProbeAnswer, learner: ProbeAnswer): string | undefined {
  const theirs = fed(reference);
  const mine = fed(learner);
  if (!theirs.refused) {
    const refusedAsAllowed =
      !learner.ok && learner.error.name === "ProtocolError" && learner.error.reason === run.mayRefuse;
    if (refusedAsAllowed && run.mayRefuse !== undefined) return undefined;
    if (!learner.ok)
      return `no refusal${run.mayRefuse ? ` (or ProtocolError ${run.mayRefuse})` : ""}, and the frames ${text(theirs.frames)}`;
    return isDeepStrictEqual(mine.frames, theirs.frames) ? undefined : `the frames ${text(theirs.frames)}`;
  }
  // A limit too small for any frame may be refused as such, when the reader is made (the library's way).
  if (refusedForSize(reference) && refusedForSize(learner)) return undefined;
  if (
    learner.ok ||
    !isRefusal(learner) ||
    learner.error.name !== "ProtocolError" ||
    learner.error.reason !== "frame-limit"
  )
    return `a refusal (ProtocolError frame-limit) by read ${theirs.atChunk + 1}`;
  // When the refusal comes, inside the read that overflows or at the next, the chapter leaves open: frames completed before it may be lost, never invented.
  const prefix = isDeepStrictEqual(mine.frames, theirs.frames.slice(0, mine.frames.length));
  if (!prefix || (run.prompt === true && mine.atChunk > theirs.atChunk))
    return `a refusal by read ${theirs.atChunk + 1}, after no frames but ${text(theirs.frames)}`;
  if (run.after !== undefined) {
    const wanted = [run.after.subarray(0, run.after.length - 1).toString("base64")];
    const after = mine.after;
    // When the refused line has no newline yet, the line fed after it ends it on the wire: a reader
    // that skips to that newline gives nothing, one that starts afresh gives it whole.
    const clean =
      after === undefined || "error" in after || after.frames.length === 0 || isDeepStrictEqual(after.frames, wanted);
    if (!clean)
      return `after the refusal, another refusal, no frame, or exactly the next line ${text(wanted)}; not ${text((after as { frames: string[] }).frames)}`;
  }
  return undefined;
}

const FORM_WORDS: Readonly<Record<BytesForm, string>> = {
  buffer: "Buffer",
  uint8array: "Uint8Array",
  view: "Uint8Array view at offset 2",
};
/** "3 reads of [5, 0, 9] bytes", or for many reads their count and total; then the forms they came in, when not all Buffers. */
function readSizes(chunks: readonly Buffer[], forms: readonly BytesForm[] = []): string {
  const sizes =
    chunks.length <= 8
      ? `${chunks.length} read(s) of [${chunks.map((chunk) => chunk.length).join(", ")}] bytes`
      : `${chunks.length} reads, ${Buffer.concat(chunks).length} bytes in all`;
  const kinds = [...new Set(forms)];
  if (kinds.length === 0 || (kinds.length === 1 && kinds[0] === "buffer")) return sizes;
  return `${sizes}${chunks.length <= 8 ? ` as [${forms.map((form) => FORM_WORDS[form]).join(", ")}]` : ` as ${kinds.map((form) => FORM_WORDS[form]).join(", ")}`}`;
}

export const READER_PROPERTY: PureProperty<ReaderRun> = {
  generator: READER_RUNS,
  says: "FrameReader gives one frame per newline however the reads are cut, refuses a line over the limit (newline included) as soon as it cannot fit, and keeps nothing of a refused line",
  request: (run) => ({
    op: "frameReader.feed",
    ...(run.limit === undefined ? {} : { limit: run.limit }),
    ...(run.others === undefined ? {} : { others: run.others, to: run.to }),
    chunks: run.chunks.map((chunk) => chunk.toString("base64")),
    ...(run.forms === undefined ? {} : { forms: run.forms }),
    ...(run.after === undefined ? {} : { after: run.after.toString("base64") }),
  }),
  judge: judgeReader,
  received: (_run, _reference, learner) =>
    learner.ok ? `the frames ${text(fed(learner).frames)}` : outcomeOf(learner),
  show: (run) =>
    run.others !== undefined
      ? `${[run.limit, ...run.others].map((limit, index) => `reader ${index} = FrameReader(${limit})`).join(", ")}, made in that order, then fed in turns ${run.chunks.map((chunk, index) => `${run.to![index]}:${chunk.length}`).join(" ")} (reader:bytes, each line one letter repeated, then a newline)`
      : `FrameReader(${run.limit ?? "default"}) fed ${readSizes(run.chunks, run.forms)}: ${JSON.stringify(Buffer.concat(run.chunks).toString("utf8").slice(0, 80))}${run.after ? `, then ${JSON.stringify(run.after.toString("utf8").slice(0, 40))}` : ""}`,
  runs: 100,
};

/** The seeded scorer's score for each tool, for the request and tool text exactly as given: what a FAIL shows. */
function scoredAsGiven(run: RankingRun): string {
  const scores = seededScorer(run.scorer!.seed, run.scorer!.scores)(run.request, run.tools.map(toolText));
  // Four significant digits keep a FAIL line short; the tools are named tool_0, tool_1, ... in catalog order.
  return scores.map((score) => (Object.is(score, -0) ? "-0" : String(Number(score.toPrecision(4))))).join(", ");
}

/** The members the tools hold beside name and description, when any: what the scorer must not be handed. */
function membersBeside(tools: RankingRun["tools"]): string {
  const others = [...new Set(tools.flatMap(Object.keys))].filter((key) => key !== "name" && key !== "description");
  return others.length === 0 ? "" : ` (holding ${others.join(", ")} beside name and description)`;
}

export const TOP_TOOLS_PROPERTY: PureProperty<RankingRun> = {
  generator: RANKING_RUNS,
  says: "topTools returns the m tools the score function ranks best for the request as given, best first, equal scores in catalog order, and the whole catalog when m is larger, always in a new list",
  request: (run) => {
    const queries = [{ request: run.request, tools: run.tools, m: run.m }];
    return run.scorer === undefined
      ? { op: "topTools.bm25", queries }
      : { op: "topTools.seeded", seed: run.scorer.seed, scores: run.scorer.scores, queries };
  },
  judge: (_run, reference, learner) => sameOutcome({ args: [] }, reference, learner),
  // Ten edges, three of them the scorer's (scores of every kind, the request as given): half again
  // the default inputs, so the names edges are drawn as often as before them (a pure function: cheap).
  // A tool named __proto__ on topic is an edge of its own (proto-name-on-topic), so no count of runs
  // is tuned to draw it.
  runs: 150,
  show: (run) =>
    `topTools(${JSON.stringify(run.request)}, ${run.tools.length} tools${membersBeside(run.tools)}, ${
      run.scorer === undefined
        ? "bm25"
        : `a scorer telling every character apart, which scores the tools in catalog order [${scoredAsGiven(run)}] for this request as given`
    }, ${run.m})`,
};

/** Every generator a property uses: the edge test draws from each. */
export const PROPERTY_GENERATORS = [
  MESSAGE_CALLS,
  ANSWER_CALLS,
  ENCODE_CALLS,
  READER_RUNS,
  PARSE_CALLS,
  INITIALIZE_CALLS,
  TOOLS_CALLS,
  RESULT_CALLS,
  RANKING_RUNS,
] as const;

interface RuleProperty {
  /** The generator's edges this rule owns (all when undefined). */
  readonly edges: readonly string[] | undefined;
  check(context: RuleContext): Promise<string>;
}

function owned<I>(property: PureProperty<I>, edges?: readonly string[]): RuleProperty {
  const generator = edges === undefined ? property.generator : onlyEdges(property.generator, edges);
  return { edges, check: (context) => holds(context, { ...property, generator }) };
}

/** Each pure rule's property and the edges it owns: a piece's edges are shared out among its rules, so one mistake costs one rule. */
export const RULE_PROPERTIES: Readonly<Record<string, RuleProperty>> = {
  "messages-shape": owned(MESSAGES_PROPERTY),
  "ids-exact": owned(ANSWER_FOR_PROPERTY, [
    "answer",
    "result-any-shape",
    ...ANSWER_CALLS.edges.filter((edge) => edge.startsWith("answer-id-")),
    "id-of-every-json-type",
    "id-digit-string",
    "id-another-integer",
    "id-absent",
    "id-wrong-any-content",
    "notification",
    "server-request",
  ]),
  "error-raised": owned(ANSWER_FOR_PROPERTY, [
    "answer",
    "error-reply",
    "error-malformed",
    "error-code-not-integer",
    "result-and-error",
    "result-array",
    "result-null",
    "result-absent",
    "result-primitive",
  ]),
  "encode-refuses": owned(ENCODE_PROPERTY, [
    "plain-message",
    "every-edge-number",
    "any-finite-number",
    "non-finite-number",
    "function-or-symbol-in-array",
    "function-or-symbol-property",
    "tojson-non-finite",
    "tojson-plain",
    "deep-message",
    "undefined-in-array",
    "hole-in-array",
    "unencodable-anywhere",
    "unencodable-under-empty-key",
    "unencodable-under-any-key",
    "undefined-property",
    "not-an-object",
    "bigint",
    "circular",
  ]),
  "encode-limit": owned(ENCODE_PROPERTY, [
    "plain-message",
    "size-at-limit-minus-one",
    "size-at-limit",
    "size-at-limit-plus-one",
    "limit-zero",
    "small-limits",
  ]),
  "framing-newline": owned(READER_PROPERTY, ["any-feeding", "one-cut", "random-chunking", "empty-lines"]),
  "framing-utf8-split": owned(READER_PROPERTY, ["multibyte-cut", "invalid-utf8-bytes"]),
  "frame-limit-boundary": owned(READER_PROPERTY, [
    "frame-at-limit-minus-one",
    "frame-at-limit",
    "frame-at-limit-plus-one",
    "split-before-newline-at-limit",
    "limit-above-default",
    "limit-frame-after-another",
    "smallest-limit",
    "lines-near-limit-in-reads",
    "limit-zero",
    "limit-one",
    "readers-in-turns",
  ]),
  "frame-limit-endless": owned(READER_PROPERTY, [
    "endless-line",
    "unfinished-line-at-limit",
    "overflow-after-a-frame",
    "line-after-refusal",
  ]),
  "parse-frame-strict": owned(PARSE_PROPERTY),
  "handshake-version": owned(INITIALIZE_PROPERTY, ["accepted", "other-version", "version-not-string", "version-asked"]),
  "handshake-capability": owned(INITIALIZE_PROPERTY, [
    "accepted",
    "accepted-any-shape",
    "no-tools-capability",
    "tools-not-object",
    "capabilities-not-object",
    "server-info-absent",
    "prototype-members-accepted",
    "prototype-members-no-tools",
  ]),
  "discovery-bounds": owned(TOOLS_PROPERTY),
  "result-text-iserror": owned(RESULT_PROPERTY),
  "evidence-recomputes": owned(TOP_TOOLS_PROPERTY),
};

/** The rule's property on its own edges: returns "" (the ok line is the rule's) or FAILs the rule. */
export async function ruleProperty(context: RuleContext, rule: string): Promise<string> {
  const entry = RULE_PROPERTIES[rule];
  if (entry === undefined) throw new Error(`no property for rule ${rule}`);
  await entry.check(context);
  return "";
}

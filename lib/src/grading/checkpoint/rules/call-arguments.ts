// What a call sends as its arguments: exactly what the caller handed callTool, whatever they are
// against the tool's schema. Judging them is the server's (chapter lines 25-28, 377, 487-492: the
// application decides which tool runs, the server what its arguments mean), and its answer, the
// tool's text or its failure raised, is what the caller gets. The trials are made up as the rule
// runs, against tools whose schemas require members, and judged from the server's call log (what
// arrived) and the caller's answer.
import { isDeepStrictEqual } from "node:util";
import { readCallLog } from "../../../call-log/call-log.js";
import { madeUpTag, PROTOTYPE_NAMES } from "../properties/names.js";
import { ClientSession } from "./client-session.js";
import { refusal, valueOf } from "./expect.js";
import { failRule, type RuleContext, type ServerRun } from "./types.js";
import { showWire } from "./wire.js";

/** One call: its tool, its arguments, what shape they take against the schema, and the text it answers when they fit. */
interface ArgumentTrial {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly shape: string;
  /** The tool's text when the arguments fit its schema; undefined when the server reports them as the tool's failure. */
  readonly answers?: string;
  /** What the call log holds when the wire writes the arguments otherwise (members holding undefined left out); args when absent. */
  readonly arrives?: Record<string, unknown>;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** Words made up now, and how many. */
function madeUpWords(): { readonly text: string; readonly count: number } {
  const count = 1 + Math.floor(Math.random() * 5);
  return { text: Array.from({ length: count }, () => pick(["vanilla", "crème", "☕", madeUpTag()])).join(" "), count };
}

/**
 * Members holding a value of every JSON type, named now: null (also nested), false, 0, "", [], {},
 * a long string, Unicode, and members named like what every object has. Each goes out as it is
 * (-0 is left out: JSON writes it as 0, so no record could tell it was sent as given).
 */
function valuesOfEveryType(tag: string): Record<string, unknown> {
  const members: Record<string, unknown> = {
    [`null_${tag}`]: null,
    [`false_${tag}`]: false,
    [`zero_${tag}`]: 0,
    [`empty_${tag}`]: "",
    [`list_${tag}`]: [],
    [`object_${tag}`]: {},
    [`nested_${tag}`]: { a: null, b: [null, { c: null }], d: [[]] },
    [`long_${tag}`]: "long ".repeat(2000 + Math.floor(Math.random() * 4000)),
    [`unicode_${tag}`]: "é\u0301 名前 😀 \u2028 \u0000",
  };
  // fromEntries makes each an own member: a literal's __proto__ would set the prototype instead.
  return { ...members, ...Object.fromEntries(PROTOTYPE_NAMES.map((name) => [name, pick([null, 0, "", {}])])) };
}

/** A text of many words that fits word_count: long, beyond ASCII, and how many words it has. */
function longText(): { readonly text: string; readonly count: number } {
  const count = 1000 + Math.floor(Math.random() * 3000);
  const text = Array.from({ length: count }, () => pick(["crème", "☕", "名前", "null", "0", madeUpTag()])).join(" ");
  return { text, count };
}

/**
 * An input schema that tempts a client to rewrite the arguments before sending them, its members
 * named now: defaults (a string's with examples, an integer's, a number's, a boolean's, an array's,
 * null, a nested object's and its members'), a const, a one-value enum, integer and number types,
 * additionalProperties false, and a default for the whole object. Applying it is the server's.
 */
export function temptingSchema(tag: string): {
  readonly schema: Record<string, unknown>;
  readonly member: (name: string) => string;
} {
  const member = (name: string): string => `${name}_${tag}`;
  const count = 1 + Math.floor(Math.random() * 9);
  const properties = {
    [member("lang")]: { type: "string", default: pick(["en", "fr", "名前"]), examples: ["en", "de"] },
    [member("count")]: { type: "integer", minimum: 1, default: count },
    [member("ratio")]: { type: "number", default: pick([0.5, 1e-7, 2.5]) },
    [member("flag")]: { type: "boolean", default: pick([true, false]) },
    [member("tags")]: { type: "array", items: { type: "string" }, default: [tag] },
    [member("note")]: { type: ["string", "null"], default: null },
    [member("mode")]: { const: `fast_${tag}` },
    [member("level")]: { type: "string", enum: [`low_${tag}`] },
    [member("options")]: {
      type: "object",
      properties: { depth: { type: "integer", default: count }, color: { type: "string", default: "red" } },
      default: { depth: count },
    },
  };
  const schema = {
    type: "object",
    properties,
    additionalProperties: false,
    default: { [member("lang")]: "en", [member("count")]: count },
  };
  return { schema, member };
}

/**
 * Calls of `tool` (its schema `temptingSchema`'s) that leave its members out, leave a nested
 * object empty, give strings where it asks for other types, a fraction for an integer, values
 * outside its enum and const, null where it gives a default, and a member it forbids. The tool
 * takes any arguments; each must arrive as given.
 */
function temptingTrials(tool: string, member: (name: string) => string, tag: string): ArgumentTrial[] {
  const answers = `${tool} ran`;
  return [
    { tool, args: {}, shape: "every member left out of a schema with defaults, a const and a one-value enum", answers },
    {
      tool,
      args: { [member("options")]: {}, [member("lang")]: pick(["de", "en"]) },
      shape: "a nested object left empty whose members have defaults, and no other member",
      answers,
    },
    {
      tool,
      args: {
        [member("count")]: String(1 + Math.floor(Math.random() * 9)),
        [member("ratio")]: "0.5",
        [member("flag")]: "true",
      },
      shape: "strings where the schema asks for an integer, a number and a boolean",
      answers,
    },
    {
      tool,
      args: { [member("count")]: 2.5, [member("level")]: `high_${tag}`, [member("mode")]: "slow" },
      shape: "a fraction for an integer, a value outside the enum and one other than the const",
      answers,
    },
    {
      tool,
      args: { [member("note")]: null, [member("tags")]: null, [`extra_${tag}`]: [1] },
      shape: "null where the schema gives a default, and a member additionalProperties false forbids",
      answers,
    },
  ];
}

/**
 * A fresh set of trials, each shape once: the schema's required members missing ({} and one of
 * two), a member it does not list, values of other types, members of every JSON type, nested
 * values, arguments that fit (word_count's, a long text, and {} for a tool whose schema lists
 * no members), and calls of a tool whose schema tempts a rewrite (temptingTrials), in an order
 * drawn now.
 */
export function argumentTrials(
  emptyTool: string,
  schemaTool: string,
  member: (name: string) => string,
): ArgumentTrial[] {
  const tag = madeUpTag();
  const words = madeUpWords();
  const long = longText();
  const nested = { [`n_${tag}`]: [Math.floor(Math.random() * 1000), words.text, { deep: [true, null, { tag }] }] };
  const trials: ArgumentTrial[] = [
    { tool: "word_count", args: {}, shape: "{}, its required member missing" },
    { tool: "place_purchase", args: { flavor: `flavor ${tag}` }, shape: "one of its two required members missing" },
    { tool: "place_purchase", args: { tubs: 2 }, shape: "the other required member missing" },
    {
      tool: "word_count",
      args: { text: words.text, [`note_${tag}`]: words.text },
      shape: "a member its schema does not list",
    },
    { tool: "word_count", args: { text: pick([7, null, false, [words.text]]) }, shape: "a value of another type" },
    {
      tool: "place_purchase",
      args: { flavor: words.text, tubs: pick(["2", 1.5, 0]) },
      shape: "a value out of its type",
    },
    {
      tool: "word_count",
      args: { text: words.text, ...valuesOfEveryType(tag) },
      shape:
        'members holding every JSON type (null, false, 0, "", [], {}, nested nulls, long text, Unicode, prototype names)',
    },
    { tool: "word_count", args: { text: long.text }, shape: "a long text that fits", answers: String(long.count) },
    { tool: "word_count", args: { text: nested }, shape: "a nested value" },
    {
      tool: "place_purchase",
      args: { flavor: words.text, tubs: 1, ...nested },
      shape: "a nested value in a member its schema does not list",
    },
    { tool: "word_count", args: { text: words.text }, shape: "arguments that fit", answers: String(words.count) },
    { tool: emptyTool, args: {}, shape: "{} for a schema that lists no members", answers: `${emptyTool} ran` },
    // Members holding undefined are no arguments (on the wire {}): they arrive as {} or absent, never null.
    {
      tool: emptyTool,
      args: Object.fromEntries(
        Array.from({ length: 1 + Math.floor(Math.random() * 3) }, (_, i) => [
          `unset_${i}_${tag}`,
          { $undefined: true },
        ]),
      ),
      shape: "arguments whose every member is undefined, {} on the wire",
      answers: `${emptyTool} ran`,
      arrives: {},
    },
    ...temptingTrials(schemaTool, member, tag),
  ];
  // Fisher-Yates: a client cannot lean on which shape comes first.
  for (let i = trials.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [trials[i], trials[j]] = [trials[j]!, trials[i]!];
  }
  return trials;
}

/**
 * Each trial called once against the teaching server, allowed and advertised: the call log holds
 * it with its arguments exactly as given (an absent arguments member is read as none, {}, as MCP
 * 2025-06-18 makes it optional), and the caller gets the server's answer. Returns the server, whose
 * record the caller reads for the keys each request sent.
 */
export async function argumentsAsGiven(context: RuleContext): Promise<ServerRun> {
  const emptyTool = `rt_${madeUpTag()}`;
  const schemaTag = madeUpTag();
  const schemaTool = `schema_${schemaTag}`;
  const { schema, member } = temptingSchema(schemaTag);
  const server = context.server("normal", {
    subdir: "arguments-as-given",
    extraTools: [emptyTool],
    schemaTools: { [schemaTool]: schema },
  });
  const client = await ClientSession.open(context, server, {
    allowed: ["word_count", "place_purchase", emptyTool, schemaTool],
  });
  try {
    await client.ready();
    for (const trial of argumentTrials(emptyTool, schemaTool, member)) {
      const before = readCallLog(server.logFile, { stillWriting: true }).length;
      const { answer } = await client.call("callTool", [trial.tool, structuredClone(trial.args)]);
      const what = `callTool(${showWire(trial.tool)}, ${showWire(trial.args)}): ${trial.shape}`;
      const arrived = readCallLog(server.logFile, { stillWriting: true }).slice(before);
      const caller = answer.ok ? `returned ${showWire(answer.value)}` : `threw ${answer.error.name}`;
      if (
        arrived.length !== 1 ||
        arrived[0]!.name !== trial.tool ||
        !isDeepStrictEqual(arrived[0]!.arguments, trial.arrives ?? trial.args)
      )
        failRule(
          `the server's call log after ${what}`,
          `the call arrived once, its arguments exactly as given${trial.arrives === undefined ? "" : ` (${showWire(trial.arrives)} on the wire, or none)`} (judging them is the server's: its answer goes to the caller)`,
          `${arrived.length === 0 ? "nothing arrived" : showWire(arrived.map((call) => ({ name: call.name, arguments: call.arguments })))}; the caller ${caller}`,
        );
      if (trial.answers === undefined)
        refusal(answer, what, "ToolError: the server's answer, the tool's failure, raised", ["ToolError"]);
      else {
        const got = valueOf(answer, what, `"${trial.answers}" (the server's answer)`);
        if (got !== trial.answers) failRule(what, `"${trial.answers}" (the server's answer)`, showWire(got));
      }
    }
  } finally {
    await client.close();
  }
  return server;
}

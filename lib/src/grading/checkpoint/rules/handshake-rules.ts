// Rules of the handshake and discovery as pure checks: the pinned version only, a tools
// capability, and a bounded, unpaginated, uniquely named catalog of object-schema tools.
import { FREE_CHOICES } from "./free-choices.js";
import { refusal, valueOf } from "./expect.js";
import { failRule, type ObservedRule, type Rule } from "./types.js";
import { showWire } from "./wire.js";
import { joinedWanted, separatorOf } from "./joined-text.js";
import { ruleProperty } from "../properties/properties.js";

const PINNED = "2025-06-18";
const WHERE = "learner/src/handshake.ts";

export const handshakeVersion: ObservedRule = {
  id: "handshake-version",
  observation: 2,
  title: "checkInitialize accepts only the pinned protocol version; older and newer are refused",
  points: 1,
  needs: ["checkInitialize", "PROTOCOL_VERSION"],
  pieces: ["checkInitialize"],
  dependsOn: [],
  visibility: "visible",
  where: `${WHERE}: checkInitialize (compare with ===; a newer version is not "compatible")`,
  demands: [
    {
      says: "The client speaks one pinned version, 2025-06-18; a server answering with any other is refused.",
      chapterLines: [24, 182, 328, 346, 347],
    },
    {
      says: "What a successful check hands back comes from the result it was given: nothing of it is shared with what another call returns.",
      chapterLines: [344, 351],
    },
  ],
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.checkInitializeReturns],
  deadlineMs: 10_000,
  body: async (context) => {
    const pinned = valueOf(await context.ask({ op: "constant", name: "PROTOCOL_VERSION" }), "PROTOCOL_VERSION", PINNED);
    if (pinned !== PINNED) failRule("PROTOCOL_VERSION", JSON.stringify(PINNED), showWire(pinned));
    const result = (version: string) => ({
      protocolVersion: version,
      capabilities: { tools: {} },
      serverInfo: { name: "s", version: "1" },
    });
    valueOf(
      await context.ask({ op: "call", fn: "checkInitialize", args: [result(PINNED)] }),
      `checkInitialize(protocolVersion ${PINNED})`,
      "accepted (what it returns is yours)",
    );
    for (const version of ["2024-11-05", "2026-01-01", "2025-06-18 "]) {
      refusal(
        await context.ask({ op: "call", fn: "checkInitialize", args: [result(version)] }),
        `checkInitialize(protocolVersion ${JSON.stringify(version)})`,
        "a refusal (ProtocolError)",
      );
    }
    return ruleProperty(context, "handshake-version");
  },
};

export const handshakeCapability: ObservedRule = {
  id: "handshake-capability",
  observation: 2,
  title: "checkInitialize refuses a server that does not offer tools",
  points: 1,
  needs: ["checkInitialize"],
  pieces: ["checkInitialize"],
  dependsOn: [],
  visibility: "visible",
  where: `${WHERE}: checkInitialize (capabilities must hold tools)`,
  demands: [
    { says: "A server that does not offer the tools capability is refused.", chapterLines: [328, 348, 349, 350] },
    {
      says: "A server that offers it is accepted whatever else its answer holds: other capabilities (a vendor's too), instructions, _meta, members named like what every object has.",
      chapterLines: [344, 348, 349, 350, 351],
    },
  ],
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.toolsCapabilityAnyValue, FREE_CHOICES.checkInitializeReturns],
  deadlineMs: 10_000,
  body: async (context) => {
    const base = { protocolVersion: PINNED, serverInfo: { name: "s", version: "1" } };
    for (const [capabilities, what] of [
      [undefined, "no capabilities"],
      [{}, "capabilities without tools"],
      [{ resources: {} }, "capabilities with resources but no tools"],
    ] as const) {
      const result = capabilities === undefined ? base : { ...base, capabilities };
      refusal(
        await context.ask({ op: "call", fn: "checkInitialize", args: [result] }),
        `checkInitialize(${what})`,
        "a refusal (ProtocolError)",
      );
    }
    return ruleProperty(context, "handshake-capability");
  },
};

const tool = (name: string, schema: unknown = { type: "object" }) => ({
  name,
  description: `tool ${name}`,
  inputSchema: schema,
});

export const discoveryBounds: ObservedRule = {
  id: "discovery-bounds",
  observation: 2,
  title: "checkTools refuses 33 tools, duplicate names, a schema that is not an object, and a nextCursor",
  points: 2,
  needs: ["checkTools"],
  pieces: ["checkTools"],
  dependsOn: [],
  visibility: "visible",
  where: `${WHERE}: checkTools`,
  demands: [
    {
      says: "The catalog a server offers is accepted only when it has a limited size, arrives in one page, names no tool twice, and gives each tool an object schema for its arguments.",
      chapterLines: [355, 356, 357, 358, 359, 360, 365, 366, 368, 369, 375],
    },
    {
      says: 'Any such catalog is accepted, whatever else it holds: a name is any non-empty string (whitespace alone, hundreds of characters), a description any text or none, a schema any object of type "object", a tool or the result any members beside; each tool is handed back as listed, every member kept.',
      chapterLines: [362, 363, 364, 365, 366, 368, 369, 370, 371],
    },
    { says: "A paginated tool list is refused rather than read in part.", chapterLines: [618] },
    {
      says: "The catalog handed back comes from the reply it was given: nothing of it is shared with what another call returns.",
      chapterLines: [362, 370, 371],
    },
  ],
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.falsyCursorNoPage, FREE_CHOICES.checkToolsCopies],
  deadlineMs: 10_000,
  body: async (context) => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => tool(`tool_${String(index + 1).padStart(2, "0")}`));
    const accepted = valueOf(
      await context.ask({ op: "call", fn: "checkTools", args: [{ tools: many(32) }] }),
      "checkTools(32 tools)",
      "the 32 tools",
    );
    if (!Array.isArray(accepted) || accepted.length !== 32)
      failRule("checkTools(32 tools)", "the 32 tools", showWire(accepted));
    const cases: ReadonlyArray<readonly [unknown, string]> = [
      [{ tools: many(33) }, "33 tools (the bound is 32)"],
      [{ tools: [tool("word_count"), tool("word_count")] }, "two tools named word_count"],
      [{ tools: [tool("word_count", { type: "string" })] }, 'an inputSchema of type "string"'],
      [{ tools: [tool("word_count", "object")] }, "an inputSchema that is a string"],
      [{ tools: [tool("word_count")], nextCursor: "page-2" }, "a nextCursor (a page we would not read)"],
      [{ tools: "word_count" }, "tools that is not an array"],
    ];
    for (const [result, what] of cases) {
      refusal(
        await context.ask({ op: "call", fn: "checkTools", args: [result] }),
        `checkTools(${what})`,
        "a refusal (ProtocolError)",
      );
    }
    return ruleProperty(context, "discovery-bounds");
  },
};

export const resultTextIsError: ObservedRule = {
  id: "result-text-iserror",
  observation: 2,
  title: "resultText joins the text items, and raises a result marked isError as ToolError",
  points: 1,
  needs: ["resultText"],
  pieces: ["resultText"],
  dependsOn: [],
  visibility: "visible",
  where: "learner/src/result-text.ts: resultText",
  demands: [
    {
      says: "A call's text is what its result's text items say: items of type \"text\" exactly, whatever else they carry (annotations, _meta).",
      chapterLines: [341, 342, 546, 554],
    },
    {
      says: "A call the tool reports as failed is an observation of failure, never quietly treated as a result.",
      chapterLines: [594],
    },
  ],
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.textSeparator],
  deadlineMs: 10_000,
  body: async (context) => {
    const content = [
      { type: "text", text: "4" },
      { type: "image", data: "", mimeType: "image/png" },
      { type: "text", text: "words" },
    ];
    const text = valueOf(
      await context.ask({ op: "call", fn: "resultText", args: [{ content }] }),
      "resultText(two text items and an image)",
      joinedWanted(["4", "words"]),
    );
    if (typeof text !== "string" || separatorOf(["4", "words"], text) === undefined)
      failRule("resultText(two text items and an image)", joinedWanted(["4", "words"]), showWire(text));
    refusal(
      await context.ask({
        op: "call",
        fn: "resultText",
        args: [{ isError: true, content: [{ type: "text", text: "out of stock" }] }],
      }),
      "resultText(a result marked isError)",
      "ToolError thrown (the tool failed; its text is not an answer)",
      ["ToolError"],
    );
    return ruleProperty(context, "result-text-iserror");
  },
};

// The loop's bounds and its two gates: only allowed tools are offered, and only allowed tools that
// were offered this turn run. A refused call is the model's to read and never reaches the executor.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { inProcessExecutor } from "../../lib/src/agent/executors.js";
import { runLoop } from "../../lib/src/agent/loop.js";
import type { LoopOptions } from "../../lib/src/agent/options.js";
import {
  callIfOffered,
  finalText,
  scriptedModel,
  toolCall,
  type ScriptedTurn,
} from "../../lib/src/agent/scripted-model.js";
import { shopHandlers } from "../../lib/src/agent/shop-handlers.js";
import { completedCalls, formatTranscript, refusedCalls } from "../../lib/src/agent/transcript.js";
import type { AgentModel } from "../../lib/src/agent/types.js";
import { failedText, notAllowedText, notOfferedText } from "../../lib/src/agent/wording.js";
import { buildCatalog, loadCatalogData } from "../../lib/src/experiment/catalog/catalog.js";
import { SHOP_TOOL_NAMES } from "../../lib/src/experiment/catalog/catalog-schema.js";

const shop = buildCatalog(loadCatalogData(), "unrelated", 8); // Lucy's eight tools
const COUNT = toolCall("word_count", { text: "vanilla stock needs review" });

function setUp(steps: readonly ScriptedTurn[], options: Partial<LoopOptions> = {}) {
  const executor = inProcessExecutor(shopHandlers());
  const asked: string[][] = [];
  const script = scriptedModel(steps);
  const model: AgentModel = {
    label: script.label,
    next(conversation, offered) {
      asked.push(offered.map((tool) => tool.name));
      return script.next(conversation, offered);
    },
  };
  const run = (request = "how many words are in this note?") =>
    runLoop(request, { tools: shop, allowed: SHOP_TOOL_NAMES, model, executor, ...options });
  return { executor, asked, run };
}

describe("bounds", () => {
  it("stops after maxTurns (default 6) when the model never answers in text", async () => {
    const { executor, asked, run } = setUp(Array(10).fill(COUNT));
    const transcript = await run();
    expect(transcript.stopped).toBe("max-turns");
    expect(transcript.finalText).toBeUndefined();
    expect(transcript.turns).toHaveLength(6);
    expect(asked).toHaveLength(6);
    expect(executor.calls).toHaveLength(6);
  });

  it.each([1, 3])("maxTurns %i bounds the model's turns and the executor's calls alike", async (maxTurns) => {
    const { executor, asked, run } = setUp(Array(10).fill(COUNT), { maxTurns });
    const transcript = await run();
    expect(transcript.turns.map((turn) => turn.turn)).toEqual(Array.from({ length: maxTurns }, (_, i) => i + 1));
    expect([asked.length, executor.calls.length]).toEqual([maxTurns, maxTurns]);
  });

  it("stops at the first text answer, and offers m (default 5) tools a turn", async () => {
    const { executor, run } = setUp([COUNT, finalText("There are 4 words.")]);
    const transcript = await run();
    expect(transcript.stopped).toBe("answered");
    expect(transcript.finalText).toBe("There are 4 words.");
    expect(transcript.turns.map((turn) => turn.offered.length)).toEqual([5, 5]);
    expect(transcript.turns[0]?.offered[0]).toBe("word_count");
    expect(transcript.turns[0]?.outcome).toEqual({ kind: "result", text: "4" });
    expect(executor.calls).toEqual([{ name: "word_count", arguments: { text: "vanilla stock needs review" } }]);
  });

  it.each([
    [{ m: 0 }, /runLoop: invalid m; expected a whole number of tools >= 1; received 0/],
    [{ m: 2.5 }, /received 2.5/],
    [{ maxTurns: 0 }, /invalid maxTurns; expected a whole number from 1 to 50; received 0/],
    [{ maxTurns: 51 }, /received 51; limit: at most 50 turns/],
    [
      { searchOn: "everything" as never },
      /invalid searchOn; expected one of latest, request, both; received everything/,
    ],
    [{ keep: "all" as never }, /invalid keep; expected one of none, used, offered/],
  ])("refuses the option %j before asking the model", async (option, message) => {
    const { asked, run } = setUp([COUNT], option);
    await expect(run()).rejects.toThrow(message);
    await expect(run()).rejects.toBeInstanceOf(UsageError);
    await expect(run()).rejects.toMatchObject({ code: "usage", reason: "loop-option" });
    expect(asked).toHaveLength(0);
  });

  it("refuses an empty request, and a catalog tool that the search tool would shadow", async () => {
    const { run } = setUp([COUNT]);
    await expect(run("  ")).rejects.toMatchObject({ code: "usage", reason: "request" });
    const shadowed = setUp([COUNT], {
      searchTool: true,
      tools: [...shop, { name: "search_tools", inputSchema: { type: "object" } }],
    });
    await expect(shadowed.run()).rejects.toThrow(/a tool is already named search_tools/);
    await expect(shadowed.run()).rejects.toMatchObject({ code: "usage", reason: "loop-option" });
  });

  it("refuses a malformed answer from the model with a typed error naming the turn", async () => {
    const { run } = setUp([{ kind: "call", name: "word_count" } as never]);
    await expect(run()).rejects.toMatchObject({
      name: "ServiceError",
      code: "service",
      reason: "bad-response",
      message: expect.stringMatching(
        /on turn 1 the model answered something that is neither a call nor a text; .*received \{"kind":"call","name":"word_count"\}/,
      ),
    });
  });

  it("says so when a scripted model runs out of steps", async () => {
    const { run } = setUp([COUNT]);
    await expect(run()).rejects.toMatchObject({
      code: "usage",
      reason: "script-exhausted",
      message: expect.stringMatching(/turn 2, but the script has 1 step/),
    });
  });
});

describe("the allowlist and the offer", () => {
  const withoutRestock = SHOP_TOOL_NAMES.filter((name) => name !== "draft_restock");
  const RESTOCK = toolCall("draft_restock", { product: "vanilla tub 2L", quantity: 40 });

  it("never offers a tool outside the allowlist, even when it would rank first", async () => {
    const { asked, run } = setUp([finalText("ok")], { allowed: withoutRestock });
    await run("draft a restock order for vanilla");
    expect(asked[0]).toHaveLength(5);
    expect(asked[0]).not.toContain("draft_restock");
    const open = setUp([finalText("ok")]);
    await open.run("draft a restock order for vanilla");
    expect(open.asked[0]?.[0]).toBe("draft_restock");
  });

  it("refuses a call to a tool that is not allowed; the executor never runs it; the model reads why", async () => {
    let seen = "";
    const { executor, asked, run } = setUp(
      [
        RESTOCK,
        ({ conversation }) => {
          const last = conversation[conversation.length - 1];
          seen = last?.role === "tool" ? `${last.outcome}: ${last.text}` : "";
          return finalText("I may not draft restocks.");
        },
      ],
      { allowed: withoutRestock },
    );
    const transcript = await run("draft a restock order for vanilla");
    expect(transcript.turns[0]?.outcome).toEqual({ kind: "refused", text: notAllowedText("draft_restock") });
    expect(seen).toBe(`refused: ${notAllowedText("draft_restock")}`);
    expect(refusedCalls(transcript)).toEqual(["draft_restock"]);
    expect(executor.calls).toHaveLength(0);
    // the refusal names the tool, and the next search reads it; the allowlist still keeps it out
    expect(asked[1]).not.toContain("draft_restock");
  });

  it("refuses a call to an allowed tool that was not offered this turn", async () => {
    const { executor, run } = setUp([RESTOCK, finalText("done")], { m: 1 });
    const transcript = await run("how many words are in this note?");
    expect(transcript.turns[0]?.offered).toEqual(["word_count"]);
    expect(transcript.turns[0]?.outcome).toEqual({
      kind: "refused",
      text: notOfferedText("draft_restock", ["word_count"]),
    });
    expect(executor.calls).toHaveLength(0);
  });

  it("refuses a name nobody advertised, as not allowed", async () => {
    const { executor, run } = setUp([toolCall("place_purchase", { flavor: "vanilla", tubs: 100 }), finalText("no")], {
      allowed: [...SHOP_TOOL_NAMES, "place_purchase"],
    });
    const transcript = await run();
    expect(transcript.turns[0]?.outcome?.kind).toBe("refused");
    expect(transcript.turns[0]?.offered).not.toContain("place_purchase");
    expect(executor.calls).toHaveLength(0);
  });

  it("records a failing tool as failed, not as a result, and goes on", async () => {
    const { executor, run } = setUp([
      toolCall("word_count", {}),
      callIfOffered("word_count", { text: "a b" }),
      finalText("2"),
    ]);
    const transcript = await run();
    expect(transcript.turns[0]?.outcome?.kind).toBe("failed");
    expect(transcript.turns[0]?.outcome?.text).toMatch(
      /^failed: word_count did not complete \(ToolError: word_count: arguments do not match/,
    );
    expect(completedCalls(transcript)).toEqual(["word_count"]);
    expect(executor.calls).toHaveLength(2);
  });

  it("search_tools with no query fails as an observation and runs nothing", async () => {
    const { executor, run } = setUp([toolCall("search_tools", {}), finalText("ok")], { searchTool: true });
    const transcript = await run();
    expect(transcript.turns[0]?.offered.at(-1)).toBe("search_tools");
    expect(transcript.turns[0]?.outcome).toEqual({
      kind: "failed",
      text: failedText("search_tools", "expected arguments {query: a non-empty string}"),
    });
    expect(executor.calls).toHaveLength(0);
  });

  it("search_tools is only answered when the application turned it on", async () => {
    const { run } = setUp([toolCall("search_tools", { query: "message Lucy" }), finalText("ok")]);
    const transcript = await run();
    expect(transcript.turns[0]?.outcome).toEqual({ kind: "refused", text: notAllowedText("search_tools") });
  });

  it("gives the model a copy of the conversation, so a model cannot rewrite what happened", async () => {
    const { run } = setUp([
      ({ conversation }) => {
        (conversation as unknown[]).length = 0;
        return COUNT;
      },
      finalText("4"),
    ]);
    const transcript = await run();
    expect(transcript.conversation.map((message) => message.role)).toEqual(["user", "call", "tool"]);
    expect(formatTranscript(transcript)).toContain("turn 1 offered: word_count");
  });
});

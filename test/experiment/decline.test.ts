import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromAnthropicResponse, toAnthropicRequest } from "../../lib/src/experiment/providers/anthropic-wire.js";
import { loadCatalogData } from "../../lib/src/experiment/catalog/catalog.js";
import {
  NONE_OF_THESE,
  choiceAnswer,
  choicePrompt,
  choiceSchema,
} from "../../lib/src/experiment/prompts/choice-prompt.js";
import { declineOutcome, declineTable, formatDeclineTable } from "../../lib/src/exercises/ex2-decline/analysis.js";
import type { Design } from "../../lib/src/experiment/running/design.js";
import {
  LEXICAL_DEFAULT_MIN_SCORE,
  lexicalAnswer,
  lexicalBest,
  lexicalProvider,
} from "../../lib/src/experiment/providers/lexical-provider.js";
import { fromOllamaResponse, toOllamaRequest } from "../../lib/src/experiment/providers/ollama-wire.js";
import { classify } from "../../lib/src/experiment/receipts/receipt.js";
import { loadReceipt } from "../../lib/src/experiment/receipts/receipt-file.js";
import { runExperiment } from "../../lib/src/experiment/running/runner.js";
import type { McpTool } from "../../lib/src/tools/types.js";

const data = loadCatalogData();
const tools: McpTool[] = data.shopTools.map((t) => ({
  name: t.name,
  description: t.description,
  inputSchema: t.inputSchema,
})) as McpTool[];

describe("the constrained choice with none_of_these", () => {
  it("adds none_of_these to the schema's enum and says so in the prompt; the plain choice is unchanged", () => {
    const plain = choiceSchema(tools);
    const declining = choiceSchema(tools, { decline: true });
    expect(plain.properties.tool.enum).toEqual(tools.map((t) => t.name));
    expect(declining.properties.tool.enum).toEqual([...tools.map((t) => t.name), NONE_OF_THESE]);
    expect(choicePrompt("thank you!", tools)).not.toContain(NONE_OF_THESE);
    const prompt = choicePrompt("thank you!", tools, { decline: true });
    expect(prompt).toMatch(/or none_of_these if the request needs no tool/);
    expect(prompt).toMatch(/^- none_of_these: /m);
    expect(prompt.endsWith('Answer with JSON: {"tool": "<tool name or none_of_these>"}')).toBe(true);
  });

  it("reads none_of_these as a decline only under choice-none", () => {
    expect(choiceAnswer('{"tool":"none_of_these"}', "choice-none")).toEqual({ kind: "text", text: NONE_OF_THESE });
    expect(choiceAnswer('{"tool":"none_of_these"}', "choice")).toEqual({
      kind: "call",
      name: NONE_OF_THESE,
      arguments: {},
    });
    expect(choiceAnswer('{"tool":"stock_level"}', "choice-none")).toEqual({
      kind: "call",
      name: "stock_level",
      arguments: {},
    });
    expect(choiceAnswer("sorry", "choice-none")).toEqual({ kind: "text", text: "sorry" });
  });

  it("goes to Ollama with the wider enum and comes back as a decline", () => {
    const ask = { request: "thank you!", offered: tools, protocol: "choice-none" as const, model: "m" };
    const body = toOllamaRequest(ask, 4096);
    expect(body.format?.properties.tool.enum.at(-1)).toBe(NONE_OF_THESE);
    expect(body.messages[0]!.content).toContain(`- ${NONE_OF_THESE}:`);
    expect(body.tools).toBeUndefined();
    const reply = fromOllamaResponse(
      ask,
      { message: { role: "assistant", content: '{"tool": "none_of_these"}' }, done: true },
      1,
    );
    expect(reply.answer).toEqual({ kind: "text", text: NONE_OF_THESE });
  });

  it("goes to the Messages API with the wider enum and comes back as a decline", () => {
    const ask = { request: "thank you!", offered: tools, protocol: "choice-none" as const, model: "m" };
    const body = toAnthropicRequest(ask, { temperature: 0, thinking: null, maxTokens: 1024 });
    expect(body.output_config?.format.schema.properties.tool.enum.at(-1)).toBe(NONE_OF_THESE);
    const reply = fromAnthropicResponse(
      ask,
      { content: [{ type: "text", text: '{"tool":"none_of_these"}' }], usage: { input_tokens: 1, output_tokens: 1 } },
      1,
    );
    expect(reply.answer).toEqual({ kind: "text", text: NONE_OF_THESE });
  });
});

describe("classifying requests that need no tool", () => {
  it("calls any call a false call and words a decline; a tool request answered in words stays a missed call", () => {
    expect(classify({ kind: "text", text: "You're welcome" }, null, ["stock_level"])).toBe("declined");
    expect(classify({ kind: "call", name: "stock_level", arguments: {} }, null, ["stock_level"])).toBe("false-call");
    expect(classify({ kind: "call", name: "never_offered", arguments: {} }, null, ["stock_level"])).toBe("false-call");
    expect(classify({ kind: "text", text: "hm" }, "stock_level", ["stock_level"])).toBe("no-call");
    expect(declineOutcome({ outcome: "no-call" })).toBe("missed-call");
    expect(declineOutcome({ outcome: "false-call" })).toBe("false-call");
    expect(declineOutcome({ outcome: "right" })).toBe("right");
  });
});

describe("the retrieval baseline under choice-none", () => {
  it("answers none_of_these exactly where native calling declines, and a plain choice never declines", () => {
    const texts = [...data.noToolRequests.map((r) => r.text), ...data.requests.map((r) => r.text)];
    let belowThreshold = 0;
    for (const request of texts) {
      const best = lexicalBest(request, tools)!;
      const native = lexicalAnswer({ request, offered: tools, protocol: "native" });
      const none = lexicalAnswer({ request, offered: tools, protocol: "choice-none" });
      const choice = lexicalAnswer({ request, offered: tools, protocol: "choice" });
      expect(choice.kind).toBe("call");
      if (best.score < LEXICAL_DEFAULT_MIN_SCORE) {
        belowThreshold++;
        expect(native.kind).toBe("text");
        expect(none).toEqual({ kind: "text", text: NONE_OF_THESE });
      } else {
        expect(none).toEqual(choice);
        expect(native).toEqual(choice);
      }
    }
    expect(belowThreshold).toBeGreaterThan(0);
  });
});

describe("a run with the no-tool requests joined", () => {
  const design: Design = {
    kinds: ["unrelated"],
    sizes: [8, 64],
    protocols: ["native", "choice", "choice-none"],
    searches: [],
    searchCatalogs: [],
  };
  const run = (out?: string) =>
    runExperiment({
      provider: lexicalProvider({ countTokens: false }),
      model: "bm25-top1",
      data,
      design,
      baseSeed: 14,
      noToolRequests: true,
      ...(out ? { out } : {}),
    });

  it("asks all thirty requests, keeps the six out of the accuracy tables, and stays a valid receipt", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "decline-")), "receipt.json");
    const { receipt } = await run(out);
    expect(receipt.rows).toHaveLength(2 * 3 * 30);
    const noTool = receipt.rows.filter((r) => r.expected === null);
    expect(noTool).toHaveLength(2 * 3 * 6);
    expect(noTool.every((r) => r.outcome === "declined" || r.outcome === "false-call")).toBe(true);
    expect(
      receipt.rows
        .filter((r) => r.expected !== null)
        .every((r) => r.outcome !== "declined" && r.outcome !== "false-call"),
    ).toBe(true);
    expect(receipt.tables.conditions.map((c) => c.protocol)).toEqual([
      "native",
      "choice",
      "choice-none",
      "native",
      "choice",
      "choice-none",
    ]);
    expect(receipt.tables.conditions.every((c) => c.n === 24)).toBe(true);
    expect(loadReceipt(out)).toEqual(receipt);
  });

  it("tables false calls and missed calls per protocol: a plain choice can only call", async () => {
    const { receipt } = await run();
    const table = declineTable(receipt);
    expect(table.map((c) => c.protocol)).toEqual(["native", "choice", "choice-none"]);
    const [native, choice, none] = table;
    expect(choice).toMatchObject({ noToolAsked: 12, falseCalls: 12, declined: 0, toolAsked: 48, missedCalls: 0 });
    // The baseline's decline rule is the same under native and choice-none, so both errors match.
    expect(none).toMatchObject({
      noToolAsked: 12,
      falseCalls: native!.falseCalls,
      missedCalls: native!.missedCalls,
      declined: native!.declined,
    });
    expect(native!.falseCalls + native!.declined).toBe(12);
    expect(native!.declined).toBeGreaterThan(0);
    expect(choice!.falseCallShare).toMatchObject({ k: 12, n: 12, share: 1, high: 1 });
    expect(choice!.missedCallShare).toMatchObject({ k: 0, n: 48, share: 0, low: 0 });
    const text = formatDeclineTable(table);
    expect(text.split("\n")).toHaveLength(5);
    expect(text).toContain("| bm25-top1 | choice | 12/12 (100%, 95% 76%–100%) | 0/48 (0%, 95% 0%–7%) |");
  });

  it("says 'not asked' where a run had no request of that sort", async () => {
    const { receipt } = await runExperiment({
      provider: lexicalProvider({ countTokens: false }),
      model: "m",
      data,
      design: { ...design, sizes: [8], protocols: ["choice"] },
      baseSeed: 14,
    });
    const [cell] = declineTable(receipt);
    expect(cell).toMatchObject({ noToolAsked: 0, falseCallShare: null });
    expect(formatDeclineTable([cell!])).toContain("| m | choice | not asked | 0/24");
  });
});

describe("receipts written before exercise 2", () => {
  it("still load: evidence/receipts/lexical-baseline.json validates and its tables recompute", () => {
    const receipt = loadReceipt(join(__dirname, "../../evidence/receipts/lexical-baseline.json"));
    expect(receipt.rows.length).toBeGreaterThan(0);
    expect(receipt.rows.every((r) => r.expected !== null && ["native", "choice"].includes(r.protocol))).toBe(true);
    expect(declineTable(receipt).every((c) => c.noToolAsked === 0 && c.falseCallShare === null)).toBe(true);
  });
});

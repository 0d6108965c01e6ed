import { describe, expect, it } from "vitest";
import type { McpTool } from "../../../lib/src/tools/types.js";
import { ANTHROPIC_REQUEST_RULES, requestRuleFor } from "../../../lib/src/experiment/providers/anthropic-rules.js";
import {
  fromAnthropicResponse,
  toAnthropicCountRequest,
  toAnthropicRequest,
} from "../../../lib/src/experiment/providers/anthropic-wire.js";
import { costUsd, priceFor } from "../../../lib/src/experiment/providers/prices.js";

const tools: McpTool[] = [
  {
    name: "word_count",
    description: "Count words.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  },
  { name: "stock_level", description: "Report stock.", inputSchema: { type: "object", properties: {} } },
];

// A Messages API answer with a tool_use block, as Anthropic's tool-use documentation shows it.
const documented = {
  id: "msg_01Aq9w938a90dw8q",
  type: "message",
  role: "assistant",
  model: "claude-haiku-4-5",
  content: [
    { type: "text", text: "I'll count that." },
    { type: "tool_use", id: "toolu_01A09q90qw90lq917835lq9", name: "word_count", input: { text: "vanilla stock" } },
  ],
  stop_reason: "tool_use",
  usage: { input_tokens: 1067, output_tokens: 54 },
};

describe("toAnthropicRequest", () => {
  it("asks Haiku 4.5 with tools under input_schema, at temperature 0 and no thinking setting", () => {
    expect(
      toAnthropicRequest(
        { request: "count", offered: tools, protocol: "native", model: "claude-haiku-4-5" },
        requestRuleFor("claude-haiku-4-5"),
      ),
    ).toEqual({
      model: "claude-haiku-4-5",
      max_tokens: 1024,
      temperature: 0,
      messages: [{ role: "user", content: "count" }],
      tools: tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema })),
    });
  });

  it("asks Sonnet 5.5 with up-front thinking off (between_tools), no temperature, no tool_choice and room for thinking", () => {
    const body = toAnthropicRequest(
      { request: "count", offered: tools, protocol: "native", model: "claude-sonnet-5-5" },
      requestRuleFor("claude-sonnet-5-5-20261101"),
    );
    expect(body).toEqual({
      model: "claude-sonnet-5-5",
      max_tokens: 2048,
      thinking: { type: "between_tools" },
      messages: [{ role: "user", content: "count" }],
      tools: tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema })),
    });
    expect(body).not.toHaveProperty("tool_choice");
    for (const rule of ANTHROPIC_REQUEST_RULES) {
      expect(rule.readOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.source.length).toBeGreaterThan(10);
    }
  });

  it("puts the constrained choice in output_config.format and sends no temperature when refused", () => {
    const body = toAnthropicRequest(
      { request: "count", offered: tools, protocol: "choice", model: "claude-sonnet-5-5" },
      requestRuleFor("claude-sonnet-5-5"),
    );
    expect(body.temperature).toBeUndefined();
    expect(body.tools).toBeUndefined();
    expect(body.output_config?.format.type).toBe("json_schema");
    expect(body.output_config?.format.schema.properties.tool.enum).toEqual(["word_count", "stock_level"]);
    expect(toAnthropicCountRequest(body)).not.toHaveProperty("max_tokens");
  });
});

describe("fromAnthropicResponse", () => {
  it("counts thinking blocks and keeps the stop reason", () => {
    const body = {
      content: [
        { type: "thinking", thinking: "The stock tool fits.", signature: "sig" },
        { type: "redacted_thinking", data: "xyz" },
        { type: "tool_use", id: "toolu_1", name: "stock_level", input: {} },
      ],
      stop_reason: "tool_use",
      usage: { input_tokens: 10, output_tokens: 40 },
    };
    expect(fromAnthropicResponse({ protocol: "native" }, body, 1)).toMatchObject({
      thinkingBlocks: 2,
      stopReason: "tool_use",
      outputTokens: 40,
      answer: { kind: "call", name: "stock_level" },
    });
    const cut = {
      content: [{ type: "thinking", thinking: "Let me", signature: "s" }],
      stop_reason: "max_tokens",
      usage: { input_tokens: 10, output_tokens: 2048 },
    };
    expect(fromAnthropicResponse({ protocol: "native" }, cut, 1)).toMatchObject({
      thinkingBlocks: 1,
      stopReason: "max_tokens",
      answer: { kind: "text", text: "" },
    });
  });

  it("reads the tool_use block and the usage", () => {
    expect(fromAnthropicResponse({ protocol: "native" }, documented, 812)).toMatchObject({
      answer: { kind: "call", name: "word_count", arguments: { text: "vanilla stock" } },
      promptTokens: 1067,
      outputTokens: 54,
      prefillMs: null,
      totalMs: 812,
    });
  });

  it("records text with no tool_use as no call, and a JSON choice as a call", () => {
    const text = { ...documented, content: [{ type: "text", text: "Happy to help!" }], stop_reason: "end_turn" };
    expect(fromAnthropicResponse({ protocol: "native" }, text, 1).answer).toEqual({
      kind: "text",
      text: "Happy to help!",
    });
    const choice = { ...documented, content: [{ type: "text", text: '{"tool":"stock_level"}' }] };
    expect(fromAnthropicResponse({ protocol: "choice" }, choice, 1).answer).toEqual({
      kind: "call",
      name: "stock_level",
      arguments: {},
    });
  });

  it("refuses an error body", () => {
    expect(() =>
      fromAnthropicResponse({ protocol: "native" }, { type: "error", error: { type: "overloaded_error" } }, 1),
    ).toThrow(/not the documented shape/);
    expect(() =>
      fromAnthropicResponse({ protocol: "native" }, { type: "error", error: { type: "overloaded_error" } }, 1),
    ).toThrow(expect.objectContaining({ code: "service", reason: "bad-response" }));
  });
});

describe("prices", () => {
  it("prices a dated model id by its family row", () => {
    const haiku = priceFor("claude-haiku-4-5-20251001")!;
    expect(haiku.model).toBe("claude-haiku-4-5");
    // The chapter: 4,133 prompt tokens on Haiku 4.5 is about $0.004.
    expect(costUsd(haiku, 4133, 0)).toBeCloseTo(0.004, 3);
    expect(priceFor("claude-unknown")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import type { McpTool } from "../../../lib/src/tools/types.js";
import {
  fromOllamaResponse,
  numCtxFor,
  ollamaUnloadRequest,
  toOllamaRequest,
} from "../../../lib/src/experiment/providers/ollama-wire.js";

const tools: McpTool[] = [
  {
    name: "word_count",
    description: "Count words.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  },
  { name: "stock_level", description: "Report stock.", inputSchema: { type: "object", properties: {} } },
];

// A non-streamed /api/chat answer as Ollama's API reference documents it (durations in nanoseconds).
const documented = {
  model: "qwen2.5:1.5b",
  created_at: "2024-07-22T20:33:28.123648Z",
  message: {
    role: "assistant",
    content: "",
    tool_calls: [{ function: { name: "word_count", arguments: { text: "vanilla stock" } } }],
  },
  done_reason: "stop",
  done: true,
  total_duration: 885095291,
  load_duration: 3753500,
  prompt_eval_count: 511,
  prompt_eval_duration: 250000000,
  eval_count: 23,
  eval_duration: 11000000,
};

describe("toOllamaRequest", () => {
  it("offers native tools in the tools field, at temperature 0 with thinking off and no stream", () => {
    expect(
      toOllamaRequest({ request: "count these", offered: tools, protocol: "native", model: "qwen2.5:1.5b" }, 4096),
    ).toEqual({
      model: "qwen2.5:1.5b",
      messages: [{ role: "user", content: "count these" }],
      tools: tools.map((t) => ({
        type: "function",
        function: { name: t.name, description: t.description, parameters: t.inputSchema },
      })),
      stream: false,
      think: false,
      options: { temperature: 0, num_ctx: 4096, num_predict: 512 },
    });
  });

  it("lists names and descriptions for a choice, and restricts the output to the offered names with format", () => {
    const body = toOllamaRequest({ request: "count these", offered: tools, protocol: "choice", model: "m" }, 2048);
    expect(body.tools).toBeUndefined();
    expect(body.format).toEqual({
      type: "object",
      properties: { tool: { type: "string", enum: ["word_count", "stock_level"] } },
      required: ["tool"],
      additionalProperties: false,
    });
    expect(body.messages[0]!.content).toContain("- word_count: Count words.");
    expect(body.messages[0]!.content).not.toContain('"required"');
  });

  it("unloads a model with empty messages and keep_alive 0, at the num_ctx it will be asked with", () => {
    expect(ollamaUnloadRequest("qwen2.5:0.5b", 4096)).toEqual({
      model: "qwen2.5:0.5b",
      messages: [],
      keep_alive: 0,
      options: { num_ctx: 4096 },
    });
  });

  it("sizes num_ctx to hold the largest prompt and the answer room, in steps of 1024", () => {
    expect(numCtxFor(2706)).toBe(4096);
    expect(numCtxFor(3584)).toBe(4096);
    expect(numCtxFor(3585)).toBe(5120);
  });
});

describe("fromOllamaResponse", () => {
  it("reads the tool call, tokens and nanosecond durations", () => {
    expect(fromOllamaResponse({ protocol: "native" }, documented, 999)).toMatchObject({
      answer: { kind: "call", name: "word_count", arguments: { text: "vanilla stock" } },
      promptTokens: 511,
      outputTokens: 23,
      prefillMs: 250,
      totalMs: 885.095291,
    });
  });

  it("records words without a call as a text answer", () => {
    const body = { ...documented, message: { role: "assistant", content: "I cannot check that." } };
    expect(fromOllamaResponse({ protocol: "native" }, body, 5).answer).toEqual({
      kind: "text",
      text: "I cannot check that.",
    });
  });

  it("reads a constrained choice as a call without arguments", () => {
    const body = { ...documented, message: { role: "assistant", content: '{"tool": "stock_level"}' } };
    expect(fromOllamaResponse({ protocol: "choice" }, body, 5).answer).toEqual({
      kind: "call",
      name: "stock_level",
      arguments: {},
    });
  });

  it("falls back to wall time and no prefill when the counters are missing", () => {
    const reply = fromOllamaResponse({ protocol: "native" }, { message: { role: "assistant", content: "hi" } }, 12);
    expect(reply).toMatchObject({ promptTokens: 0, prefillMs: null, totalMs: 12 });
  });

  it("refuses a body that is not the documented shape", () => {
    expect(() => fromOllamaResponse({ protocol: "native" }, { error: "model not found" }, 1)).toThrow(
      /not the documented shape: message/,
    );
    expect(() => fromOllamaResponse({ protocol: "native" }, { error: "model not found" }, 1)).toThrow(
      expect.objectContaining({ code: "service", reason: "bad-response" }),
    );
  });
});

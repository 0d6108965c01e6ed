import { describe, expect, it } from "vitest";
import { asModelTool } from "../../lib/src/tools/as-model-tool.js";
import { toolText } from "../../lib/src/tools/tool-text.js";
import type { McpTool } from "../../lib/src/tools/types.js";

const wordCount: McpTool = {
  name: "word_count",
  description: "Count the words in a piece of text.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
};

describe("asModelTool", () => {
  it("wraps a tool in the function-calling shape, schema passed through unchanged", () => {
    const wrapped = asModelTool(wordCount);
    expect(wrapped).toEqual({
      type: "function",
      function: {
        name: "word_count",
        description: "Count the words in a piece of text.",
        parameters: wordCount.inputSchema,
      },
    });
    expect(wrapped.function.parameters).toBe(wordCount.inputSchema);
  });

  it("fills a missing description and a missing schema", () => {
    expect(asModelTool({ name: "ping" })).toEqual({
      type: "function",
      function: { name: "ping", description: "", parameters: { type: "object", properties: {} } },
    });
  });

  it("does not change the tool", () => {
    const before = structuredClone(wordCount);
    asModelTool(wordCount);
    expect(wordCount).toEqual(before);
  });
});

describe("toolText", () => {
  it("is the name with underscores as spaces, a full stop, then the description", () => {
    expect(toolText(wordCount)).toBe("word count. Count the words in a piece of text.");
    expect(toolText({ name: "send_message_to_lucy" })).toBe("send message to lucy. ");
  });
});

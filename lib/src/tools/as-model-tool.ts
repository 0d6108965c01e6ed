import type { McpInputSchema } from "./types.js";

/** The function-calling shape model APIs (Ollama, OpenAI-style) expect for one tool. */
export type ModelTool = {
  type: "function";
  function: { name: string; description: string; parameters: McpInputSchema };
};

/** What asModelTool reads: an McpTool, or one whose schema or description a server left out. */
export type McpToolLike = { name: string; description?: string; inputSchema?: McpInputSchema };

/**
 * Rewrap an MCP tool in the function-calling shape. The input schema passes through unchanged (the
 * same object, so a model sees exactly what the server wrote); a tool without one gets an empty
 * object schema, and a missing description becomes "".
 */
export function asModelTool(tool: McpToolLike): ModelTool {
  return {
    type: "function",
    function: {
      name: tool.name,
      description: tool.description ?? "",
      parameters: tool.inputSchema ?? { type: "object", properties: {} },
    },
  };
}

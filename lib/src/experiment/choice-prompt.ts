// The constrained-choice protocol: the prompt lists each offered tool's name and description only
// (no argument schemas), and a JSON Schema on the output allows exactly one offered name.
import type { McpTool } from "../tools/types.js";

/** The user message for a constrained choice among the offered tools. */
export function choicePrompt(request: string, offered: readonly Pick<McpTool, "name" | "description">[]): string {
  const lines = offered.map((tool) => `- ${tool.name}: ${tool.description ?? ""}`);
  return [
    "Choose the one tool that should handle the request.",
    "",
    "Tools:",
    ...lines,
    "",
    `Request: ${request}`,
    'Answer with JSON: {"tool": "<tool name>"}',
  ].join("\n");
}

/** The output schema: an object whose only field, tool, must be one of the offered names. */
export function choiceSchema(offered: readonly Pick<McpTool, "name">[]): {
  type: "object";
  properties: { tool: { type: "string"; enum: string[] } };
  required: ["tool"];
  additionalProperties: false;
} {
  return {
    type: "object",
    properties: { tool: { type: "string", enum: offered.map((tool) => tool.name) } },
    required: ["tool"],
    additionalProperties: false,
  };
}

/** The chosen name from a constrained answer's JSON text, or null when the text is not {"tool": string}. */
export function parseChoice(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === "object" && typeof (value as { tool?: unknown }).tool === "string") {
      return (value as { tool: string }).tool;
    }
  } catch {
    // not JSON: the caller records the text as an answer with no call
  }
  return null;
}

// The prompt a qwen2.5 model reads through Ollama, rendered offline so the retrieval baseline can
// report what each condition would cost a real model in prompt tokens.
//
// Reproduced from Ollama's qwen2.5 chat template (ollama.com/library/qwen2.5, "template" layer),
// which follows the tools block of Qwen2.5-Instruct's own Jinja template:
//   <|im_start|>system\n{system}\n\n# Tools\n\nYou may call one or more functions ... <tools>
//   one line per tool: {"type": "function", "function": <the function as JSON>}
//   </tools>\n\nFor each function call, return a json object ... </tool_call><|im_end|>\n
// then each message as <|im_start|>{role}\n{content}<|im_end|>\n, then <|im_start|>assistant\n.
// Ollama prints the function with Go's encoding/json over its api.ToolFunction struct: compact, keys
// in struct order (name, description, parameters{type, required, properties}), property names sorted,
// each property as {type, description[, enum]}; other schema keywords (minimum, ...) are not in the
// struct and are dropped; <, > and & are escaped as \u003c, \u003e, \u0026.
import type { McpTool } from "../../tools/types.js";
import { choicePrompt, type ChoiceOptions } from "./choice-prompt.js";

/** The system message Ollama's qwen2.5 models carry by default (their "system" layer). */
export const QWEN25_DEFAULT_SYSTEM = "You are Qwen, created by Alibaba Cloud. You are a helpful assistant.";

const TOOLS_HEADER =
  "\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n" +
  "You are provided with function signatures within <tools></tools> XML tags:\n<tools>";
const TOOLS_FOOTER =
  "\n</tools>\n\nFor each function call, return a json object with function name and arguments within " +
  '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>';

function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** One tool as Ollama's Go code marshals its api.ToolFunction (see the comment at the top). */
export function ollamaFunctionJson(tool: McpTool): string {
  const schema = asRecord(tool.inputSchema);
  const properties = asRecord(schema["properties"]);
  // fromEntries keeps a property named "__proto__" as the own key a server's JSON gave it.
  const sorted = Object.fromEntries(
    Object.keys(properties)
      .sort()
      .map((key) => {
        const property = asRecord(properties[key]);
        const out: Record<string, unknown> = { type: property["type"] };
        if (property["items"] !== undefined) out["items"] = property["items"];
        out["description"] = property["description"] ?? "";
        if (Array.isArray(property["enum"]) && property["enum"].length > 0) out["enum"] = property["enum"];
        return [key, out];
      }),
  );
  const required = Array.isArray(schema["required"]) ? schema["required"] : null;
  return goJson({
    name: tool.name,
    description: tool.description ?? "",
    parameters: { type: schema["type"] ?? "object", required, properties: sorted },
  });
}

function renderMessages(system: string | null, tools: readonly McpTool[], user: string): string {
  let out = "";
  if (system !== null || tools.length > 0) {
    out += "<|im_start|>system";
    if (system !== null) out += `\n${system}`;
    if (tools.length > 0) {
      out += TOOLS_HEADER;
      for (const tool of tools) out += `\n{"type": "function", "function": ${ollamaFunctionJson(tool)}}`;
      out += TOOLS_FOOTER;
    }
    out += "<|im_end|>\n";
  }
  return `${out}<|im_start|>user\n${user}<|im_end|>\n<|im_start|>assistant\n`;
}

/** The whole prompt for native tool calling: the tools block in the system message, then the request. */
export function renderQwen25Native(
  request: string,
  tools: readonly McpTool[],
  system: string | null = QWEN25_DEFAULT_SYSTEM,
): string {
  return renderMessages(system, tools, request);
}

/**
 * The whole prompt for a constrained choice: no tools field, the names and descriptions in the user
 * message (with the none_of_these line when `choice.decline`).
 */
export function renderQwen25Choice(
  request: string,
  tools: readonly McpTool[],
  system: string | null = QWEN25_DEFAULT_SYSTEM,
  choice: ChoiceOptions = {},
): string {
  return renderMessages(system, [], choicePrompt(request, tools, choice));
}

// The constrained-choice protocol: the prompt lists each offered tool's name and description only
// (no argument schemas), and a JSON Schema on the output allows exactly one offered name. The
// "choice-none" variant (exercise 2) adds one more allowed value, none_of_these, so the choice can
// decline; choosing it is recorded as an answer in words, the same as native calling's "no call".
import type { McpTool } from "../../tools/types.js";
import type { Answer, Protocol } from "../receipts/receipt.js";

/** The extra value a "choice-none" answer may take instead of a tool name. */
export const NONE_OF_THESE = "none_of_these";

/** Whether a protocol is a constrained choice (with or without the option to decline). */
export function isChoiceProtocol(protocol: Protocol): protocol is "choice" | "choice-none" {
  return protocol === "choice" || protocol === "choice-none";
}

export type ChoiceOptions = {
  /** Offer none_of_these as well (the "choice-none" protocol). Default false. */
  decline?: boolean;
};

/** The user message for a constrained choice among the offered tools. */
export function choicePrompt(
  request: string,
  offered: readonly Pick<McpTool, "name" | "description">[],
  options: ChoiceOptions = {},
): string {
  const lines = offered.map((tool) => `- ${tool.name}: ${tool.description ?? ""}`);
  if (!options.decline) {
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
  return [
    `Choose the one tool that should handle the request, or ${NONE_OF_THESE} if the request needs no tool.`,
    "",
    "Tools:",
    ...lines,
    `- ${NONE_OF_THESE}: no tool is needed; the request can be answered in words, or none of the tools above fits it.`,
    "",
    `Request: ${request}`,
    `Answer with JSON: {"tool": "<tool name or ${NONE_OF_THESE}>"}`,
  ].join("\n");
}

/** The output schema: an object whose only field, tool, must be one of the offered names (or none_of_these). */
export function choiceSchema(
  offered: readonly Pick<McpTool, "name">[],
  options: ChoiceOptions = {},
): {
  type: "object";
  properties: { tool: { type: "string"; enum: string[] } };
  required: ["tool"];
  additionalProperties: false;
} {
  const names = offered.map((tool) => tool.name);
  return {
    type: "object",
    properties: { tool: { type: "string", enum: options.decline ? [...names, NONE_OF_THESE] : names } },
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

/**
 * A constrained answer's text as an Answer: a call to the chosen name (without arguments: a choice
 * names, it does not fill arguments), words when the text is not a choice, and, under
 * "choice-none", none_of_these as words too (a decline, not a call).
 */
export function choiceAnswer(text: string, protocol: Protocol): Answer {
  const name = parseChoice(text);
  if (name === null) return { kind: "text", text };
  if (protocol === "choice-none" && name === NONE_OF_THESE) return { kind: "text", text: NONE_OF_THESE };
  return { kind: "call", name, arguments: {} };
}

/** The choice options a protocol implies: "choice-none" declines, "choice" does not. */
export function choiceOptionsFor(protocol: Protocol): ChoiceOptions {
  return { decline: protocol === "choice-none" };
}

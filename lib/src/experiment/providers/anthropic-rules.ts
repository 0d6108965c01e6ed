// How each Claude model is asked: ONE table, with the date each rule was read and the document it
// was read from, so a receipt can say under which rules its rows were asked. The wire mapper and
// the fake Messages API in the tests both read it.
//
// Claude Sonnet 5.5 ("What's new in Claude Sonnet 5.5"): adaptive thinking is on by default;
// thinking {"type": "between_tools"} turns up-front thinking off; {"type": "disabled"}, a
// non-default temperature (or top_p, top_k) and a forced tool_choice each return 400. Thinking tokens
// are billed as output and spent out of max_tokens, so its max_tokens leaves room for them.
// Claude Haiku 4.5: temperature 0, as the chapter ran it; it thinks only when asked.
import { UsageError } from "../../errors/usage-error.js";

export type AnthropicRequestRule = {
  /** The model id, or the prefix of dated ids (claude-haiku-4-5-20251001). */
  model: string;
  /** Sent as `thinking`, or left out. */
  thinking: { type: "between_tools" } | null;
  /** Sent as `temperature`, or left out (the model accepts no sampling setting). */
  temperature: 0 | null;
  /** Room for the answer and any thinking before it. */
  maxTokens: number;
  /** tool_choice is never forced (Sonnet 5.5 refuses it); always the default, auto. */
  toolChoice: "auto";
  readOn: string;
  source: string;
};

const READ_ON = "2026-12-01";

export const ANTHROPIC_REQUEST_RULES: readonly AnthropicRequestRule[] = [
  {
    model: "claude-haiku-4-5",
    thinking: null,
    temperature: 0,
    maxTokens: 1024,
    toolChoice: "auto",
    readOn: READ_ON,
    source:
      "chapter 14, Part A, 'The experiment' (Haiku 4.5 at temperature zero); platform.claude.com/docs/en/api/messages (temperature 0.0 to 1.0)",
  },
  {
    model: "claude-sonnet-5-5",
    thinking: { type: "between_tools" },
    temperature: null,
    maxTokens: 2048,
    toolChoice: "auto",
    readOn: READ_ON,
    source:
      "platform.claude.com/docs/en/models/sonnet-5-5/whats-new-sonnet-5-5 ('Turn off up-front thinking', 'Forced tool use returns an error')",
  },
];

/** The rule for a model id (a dated id matches its prefix); a UsageError naming the known models otherwise. */
export function requestRuleFor(
  model: string,
  table: readonly AnthropicRequestRule[] = ANTHROPIC_REQUEST_RULES,
): AnthropicRequestRule {
  const rule = table.find((row) => model === row.model || model.startsWith(`${row.model}-`));
  if (rule === undefined) {
    throw new UsageError("model", {
      what: `no request rules for ${model} (add them to anthropic-rules.ts, with the document they come from)`,
      expected: `one of ${table.map((row) => row.model).join(", ")}`,
      received: model,
    });
  }
  return rule;
}

/** The settings of a rule as a receipt records them. */
export function ruleSettings(rule: AnthropicRequestRule): Record<string, unknown> {
  return {
    thinking: rule.thinking ?? "not sent",
    temperature: rule.temperature ?? "not sent",
    max_tokens: rule.maxTokens,
    tool_choice: rule.toolChoice,
  };
}

// Pure mappers between an Ask and Anthropic's Messages API wire format (POST /v1/messages), testable
// without a network. As documented in Anthropic's API reference ("Messages", "Tool use", "Structured
// outputs", "Token counting", platform.claude.com/docs): tools are {name, description, input_schema};
// the answer's content is a list of blocks, {type: "text", text} or {type: "tool_use", id, name, input};
// usage is {input_tokens, output_tokens}. JSON outputs go in output_config.format =
// {type: "json_schema", schema} (the beta's output_format moved there) and come back as a text block.
// POST /v1/messages/count_tokens takes the same body without max_tokens and answers {input_tokens}.
// A reply may also hold thinking blocks ({type: "thinking", thinking, signature} or
// {type: "redacted_thinking", data}); stop_reason is end_turn, tool_use, max_tokens, stop_sequence,
// pause_turn, refusal or model_context_window_exceeded. The per-model settings (thinking,
// temperature, max_tokens) come from anthropic-rules.ts.
import { z } from "zod";
import {
  choiceAnswer,
  choiceOptionsFor,
  choicePrompt,
  choiceSchema,
  isChoiceProtocol,
} from "../prompts/choice-prompt.js";
import { ServiceError } from "../../errors/service-error.js";
import { preview } from "../../errors/wording.js";
import type { Ask, Reply } from "./provider.js";
import type { AnthropicRequestRule } from "./anthropic-rules.js";

export const ANTHROPIC_VERSION = "2023-06-01";

export type AnthropicMessagesRequest = {
  model: string;
  max_tokens: number;
  messages: { role: "user"; content: string }[];
  tools?: { name: string; description: string; input_schema: Record<string, unknown> }[];
  output_config?: { format: { type: "json_schema"; schema: ReturnType<typeof choiceSchema> } };
  temperature?: 0;
  thinking?: { type: "between_tools" };
};

/** The body for one question, under the model's request rule (see anthropic-rules.ts). */
export function toAnthropicRequest(
  ask: Ask,
  rule: Pick<AnthropicRequestRule, "temperature" | "thinking" | "maxTokens">,
): AnthropicMessagesRequest {
  const base = {
    model: ask.model,
    max_tokens: rule.maxTokens,
    ...(rule.temperature !== null ? { temperature: rule.temperature } : {}),
    ...(rule.thinking !== null ? { thinking: rule.thinking } : {}),
  };
  if (ask.protocol === "native") {
    return {
      ...base,
      messages: [{ role: "user", content: ask.request }],
      tools: ask.offered.map((tool) => ({
        name: tool.name,
        description: tool.description ?? "",
        input_schema: tool.inputSchema,
      })),
    };
  }
  const choice = choiceOptionsFor(ask.protocol);
  return {
    ...base,
    messages: [{ role: "user", content: choicePrompt(ask.request, ask.offered, choice) }],
    output_config: { format: { type: "json_schema", schema: choiceSchema(ask.offered, choice) } },
  };
}

/** The count_tokens body for the same question: the request without max_tokens and sampling. */
export function toAnthropicCountRequest(
  request: AnthropicMessagesRequest,
): Omit<AnthropicMessagesRequest, "max_tokens" | "temperature"> {
  const { max_tokens: _max, temperature: _temperature, ...rest } = request;
  return rest;
}

const ContentBlockSchema = z.union([
  z.object({ type: z.literal("text"), text: z.string() }).passthrough(),
  z
    .object({ type: z.literal("tool_use"), id: z.string(), name: z.string(), input: z.record(z.unknown()) })
    .passthrough(),
  z.object({ type: z.string() }).passthrough(),
]);

const MessagesResponseSchema = z.object({
  content: z.array(ContentBlockSchema),
  stop_reason: z.string().nullable().optional(),
  usage: z
    .object({ input_tokens: z.number().int().nonnegative(), output_tokens: z.number().int().nonnegative() })
    .passthrough(),
});

export const CountTokensResponseSchema = z.object({ input_tokens: z.number().int().nonnegative() });

/**
 * A reply from a Messages API body: the first tool_use block (native), or the chosen name (choice),
 * else the text; under "choice-none", none_of_these is a decline, recorded as words.
 */
export function fromAnthropicResponse(ask: Pick<Ask, "protocol">, body: unknown, wallMs: number): Reply {
  const parsed = MessagesResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new ServiceError(
      "bad-response",
      {
        what: `the Messages API answer is not the documented shape: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`,
        expected: "the documented Messages API answer, {content: [...], usage: {...}, ...}",
        received: preview(body, 120),
      },
      { cause: parsed.error },
    );
  }
  const response = parsed.data;
  const text = response.content
    .flatMap((block) => (block.type === "text" && typeof block["text"] === "string" ? [block["text"] as string] : []))
    .join("");
  const thinkingBlocks = response.content.filter(
    (block) => block.type === "thinking" || block.type === "redacted_thinking",
  ).length;
  const toolUse = response.content.find((block) => block.type === "tool_use") as
    { type: "tool_use"; name: string; input: Record<string, unknown> } | undefined;
  let answer: Reply["answer"];
  if (ask.protocol === "native" && toolUse !== undefined) {
    answer = { kind: "call", name: toolUse.name, arguments: toolUse.input };
  } else if (isChoiceProtocol(ask.protocol)) {
    answer = choiceAnswer(text, ask.protocol);
  } else {
    answer = { kind: "text", text };
  }
  return {
    answer,
    promptTokens: response.usage.input_tokens,
    outputTokens: response.usage.output_tokens,
    prefillMs: null,
    totalMs: wallMs,
    stopReason: response.stop_reason ?? null,
    thinkingBlocks,
    usage: response.usage,
  };
}

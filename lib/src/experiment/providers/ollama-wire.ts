// Pure mappers between an Ask and Ollama's /api/chat wire format, so they can be tested without a
// network. Shapes as documented in Ollama's API reference (docs/api.md, "Generate a chat completion"):
// request {model, messages, tools?, format?, stream, think?, options: {temperature}, keep_alive};
// non-streamed response {model, message: {role, content, tool_calls?: [{function: {name, arguments}}]},
// done, total_duration, load_duration, prompt_eval_count, prompt_eval_duration, eval_count,
// eval_duration}, durations in nanoseconds. "If the messages array is empty and keep_alive is 0, the
// model will be unloaded from memory" (same page, "Unload a model"). The final answer carries
// done_reason ("stop", or "length" when num_predict ran out). options.num_ctx sets the context
// length: without it Ollama uses its default (4,096 tokens below 24 GiB of VRAM, docs/context-length)
// and cuts a longer prompt with only a warning in its own log; a model is reloaded whenever num_ctx
// changes, so the same value goes on the unload request and on every question.
import { z } from "zod";
import { asModelTool } from "../../tools/as-model-tool.js";
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

export type OllamaChatRequest = {
  model: string;
  messages: { role: "user"; content: string }[];
  tools?: ReturnType<typeof asModelTool>[];
  format?: ReturnType<typeof choiceSchema>;
  stream: false;
  think: false;
  options: { temperature: 0; num_ctx: number; num_predict: number };
  keep_alive?: string | number;
};

/** Room left for the answer: a tool call or a short reply; also the cap on tokens generated (num_predict). */
export const OLLAMA_ANSWER_ROOM = 512;

/** The smallest context length that holds `promptTokens` and the answer room, in whole KiB of tokens. */
export function numCtxFor(promptTokens: number): number {
  return Math.ceil((promptTokens + OLLAMA_ANSWER_ROOM) / 1024) * 1024;
}

/** The body that asks one question: tools in the tools field (native), or a listed choice with format (choice). */
export function toOllamaRequest(ask: Ask, numCtx: number): OllamaChatRequest {
  const common = {
    model: ask.model,
    stream: false as const,
    think: false as const,
    options: { temperature: 0 as const, num_ctx: numCtx, num_predict: OLLAMA_ANSWER_ROOM },
  };
  if (ask.protocol === "native") {
    return { ...common, messages: [{ role: "user", content: ask.request }], tools: ask.offered.map(asModelTool) };
  }
  const choice = choiceOptionsFor(ask.protocol);
  return {
    ...common,
    messages: [{ role: "user", content: choicePrompt(ask.request, ask.offered, choice) }],
    format: choiceSchema(ask.offered, choice),
  };
}

/** The body that unloads a model, so its next prompt is not served from a cache left by earlier work. */
export function ollamaUnloadRequest(
  model: string,
  numCtx: number,
): { model: string; messages: []; keep_alive: 0; options: { num_ctx: number } } {
  return { model, messages: [], keep_alive: 0, options: { num_ctx: numCtx } };
}

const OllamaChatResponseSchema = z.object({
  message: z.object({
    role: z.string(),
    content: z.string().default(""),
    tool_calls: z
      .array(z.object({ function: z.object({ name: z.string(), arguments: z.record(z.unknown()).default({}) }) }))
      .optional(),
  }),
  done: z.boolean().optional(),
  done_reason: z.string().optional(),
  total_duration: z.number().optional(),
  prompt_eval_count: z.number().int().nonnegative().optional(),
  prompt_eval_duration: z.number().optional(),
  eval_count: z.number().int().nonnegative().optional(),
});

const NS_PER_MS = 1e6;

/**
 * A reply from Ollama's response body. Native: the first tool call, else the text. Choice: the
 * constrained JSON's tool name as a call without arguments (a choice names, it does not fill arguments);
 * under "choice-none", none_of_these is a decline, recorded as words.
 * totalMs is Ollama's total_duration when present, else the measured wall time.
 */
export function fromOllamaResponse(ask: Pick<Ask, "protocol">, body: unknown, wallMs: number): Reply {
  const parsed = OllamaChatResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new ServiceError(
      "bad-response",
      {
        what: `Ollama's /api/chat answer is not the documented shape: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`,
        expected: "Ollama's documented /api/chat answer, {message: {role, content, tool_calls?}, ...}",
        received: preview(body, 120),
      },
      { cause: parsed.error },
    );
  }
  const response = parsed.data;
  const call = response.message.tool_calls?.[0];
  let answer: Reply["answer"];
  if (ask.protocol === "native" && call !== undefined) {
    answer = { kind: "call", name: call.function.name, arguments: call.function.arguments };
  } else if (isChoiceProtocol(ask.protocol)) {
    answer = choiceAnswer(response.message.content, ask.protocol);
  } else {
    answer = { kind: "text", text: response.message.content };
  }
  return {
    answer,
    promptTokens: response.prompt_eval_count ?? 0,
    promptTokensReported: response.prompt_eval_count ?? null,
    stopReason: response.done_reason ?? null,
    outputTokens: response.eval_count ?? 0,
    prefillMs: response.prompt_eval_duration === undefined ? null : response.prompt_eval_duration / NS_PER_MS,
    totalMs: response.total_duration === undefined ? wallMs : response.total_duration / NS_PER_MS,
    usage: {
      prompt_eval_count: response.prompt_eval_count,
      prompt_eval_duration: response.prompt_eval_duration,
      eval_count: response.eval_count,
      total_duration: response.total_duration,
    },
  };
}

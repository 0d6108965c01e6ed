// Loopback stand-ins for the two model services the README's experiment lines reach, built on
// test/experiment/loopback.ts. Each answers in its service's documented shape (Ollama's /api/chat,
// Anthropic's /v1/messages and /v1/messages/count_tokens) as a model that always picks the first
// tool offered; token counts are a stand-in's (about four characters a token), never evidence.
import { loopback, type Recorded } from "../experiment/loopback.js";

type Tool = { name?: string; function?: { name?: string } };
type ChatBody = {
  model?: string;
  messages?: unknown[];
  tools?: Tool[];
  format?: { properties?: { tool?: { enum?: string[] } } };
  output_config?: { format?: { schema?: { properties?: { tool?: { enum?: string[] } } } } };
};

const tokensOf = (body: unknown) => Math.ceil(JSON.stringify(body).length / 4);

export type StandIn = Awaited<ReturnType<typeof loopback>>;

/** Ollama: an empty message list is the unload request; otherwise a tool call, or a constrained choice in `content`. */
export function ollamaStandIn(): Promise<StandIn> {
  return loopback((request: Recorded) => {
    const body = (request.body ?? {}) as ChatBody;
    if (request.path !== "/api/chat") return { status: 404, body: { error: `404 page not found: ${request.path}` } };
    if (!body.messages || body.messages.length === 0) {
      return { body: { model: body.model, created_at: new Date().toISOString(), message: { role: "assistant", content: "" }, done_reason: "unload", done: true } };
    }
    const counters = { done: true, done_reason: "stop", prompt_eval_count: tokensOf(body), prompt_eval_duration: 150_000_000, eval_count: 12, total_duration: 300_000_000 };
    const choice = body.format?.properties?.tool?.enum?.[0];
    if (choice !== undefined) return { body: { model: body.model, message: { role: "assistant", content: JSON.stringify({ tool: choice }) }, ...counters } };
    const first = body.tools?.[0]?.function?.name;
    const message = first === undefined ? { role: "assistant", content: "No tool fits." } : { role: "assistant", content: "", tool_calls: [{ function: { name: first, arguments: {} } }] };
    return { body: { model: body.model, message, ...counters } };
  });
}

/** Anthropic's Messages API: counts tokens, answers with a tool_use block, or a JSON text block for a constrained choice. */
export function anthropicStandIn(apiKey: string): Promise<StandIn> {
  return loopback((request: Recorded) => {
    if (request.headers["x-api-key"] !== apiKey) {
      return { status: 401, body: { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } } };
    }
    const body = (request.body ?? {}) as ChatBody;
    const inputTokens = tokensOf(body);
    if (request.path === "/v1/messages/count_tokens") return { body: { input_tokens: inputTokens } };
    if (request.path !== "/v1/messages") return { status: 404, body: { type: "error", error: { type: "not_found_error", message: request.path } } };
    const usage = { input_tokens: inputTokens, output_tokens: 20 };
    const envelope = { id: "msg_stand_in", type: "message", role: "assistant", model: body.model, stop_sequence: null, usage };
    const choice = body.output_config?.format?.schema?.properties?.tool?.enum?.[0];
    if (choice !== undefined) return { body: { ...envelope, content: [{ type: "text", text: JSON.stringify({ tool: choice }) }], stop_reason: "end_turn" } };
    const first = body.tools?.[0]?.name;
    if (first === undefined) return { body: { ...envelope, content: [{ type: "text", text: "No tool fits." }], stop_reason: "end_turn" } };
    return { body: { ...envelope, content: [{ type: "tool_use", id: "toolu_stand_in", name: first, input: {} }], stop_reason: "tool_use" } };
  });
}

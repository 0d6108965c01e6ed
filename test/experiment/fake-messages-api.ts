// A loopback Messages API that behaves as Anthropic documents it where it matters to Part A
// ("Messages" and "Token counting" in the API reference; "What's new in Claude Sonnet 5.5"):
//  - x-api-key and anthropic-version are required (401 / 400 otherwise), max_tokens on /v1/messages;
//  - Claude Sonnet 5.5: adaptive thinking is on unless thinking is {"type": "between_tools"};
//    {"type": "disabled"}, manual thinking budgets, a non-default temperature, top_p or top_k and a
//    forced tool_choice each answer 400 invalid_request_error;
//  - thinking blocks come back in content and their tokens count as output, out of max_tokens: a
//    reply that runs out stops with stop_reason "max_tokens";
//  - 429 rate_limit_error (and 529 overloaded_error) carry retry-after, in seconds.
// Its "model" calls the request's fitting tool (or names it, under a JSON output format).
import { loadCatalogData } from "../../lib/src/experiment/catalog/catalog.js";
import { loopback, type Answer, type Recorded } from "./loopback.js";

const data = loadCatalogData();

type MessagesBody = {
  model: string;
  max_tokens?: number;
  messages: { role: string; content: string }[];
  tools?: { name: string }[];
  tool_choice?: { type: string };
  output_config?: { format: { schema: { properties: { tool: { enum: string[] } } } } };
  temperature?: number;
  top_p?: number;
  top_k?: number;
  thinking?: { type: string; budget_tokens?: number };
};

export type FakeMessagesOptions = {
  apiKey: string;
  /** 429 with retry-after on these request numbers (0-based, across both endpoints). */
  rateLimited?: readonly number[];
  /** 529 overloaded on these request numbers. */
  overloaded?: readonly number[];
  /** Request ids whose reply runs out of max_tokens. */
  cutShort?: readonly string[];
  /** Answer every /v1/messages with 307 to this URL. */
  redirectTo?: string;
  /** Answer /v1/messages with a 400 whose body echoes the request's headers (a careless proxy). */
  echoHeaders?: boolean;
  /** Answer /v1/messages 200 with a body that is not the documented shape (billed, unreadable). */
  garbledAt?: readonly number[];
};

const error = (status: number, type: string, message: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { type: "error", error: { type, message } },
  ...(headers ? { headers } : {}),
});

/** A deterministic stand-in for Claude's token count: about four characters a token plus a tool-use preamble. */
export function fakeInputTokens(body: MessagesBody): number {
  const text =
    JSON.stringify(body.messages) + JSON.stringify(body.tools ?? []) + JSON.stringify(body.output_config ?? {});
  return Math.ceil(text.length / 4) + (body.tools ? 340 : 0);
}

function sonnetRule(body: MessagesBody): string | undefined {
  if (!body.model.startsWith("claude-sonnet-5-5")) return undefined;
  if (body.temperature !== undefined && body.temperature !== 1)
    return "temperature: a non-default value is not supported on this model";
  if (body.top_p !== undefined || body.top_k !== undefined) return "top_p and top_k are not supported on this model";
  if (body.thinking !== undefined && body.thinking.type !== "between_tools" && body.thinking.type !== "adaptive") {
    return `thinking.type "${body.thinking.type}" is not supported on this model; use "between_tools" to turn off up-front thinking`;
  }
  if (body.tool_choice !== undefined && (body.tool_choice.type === "tool" || body.tool_choice.type === "any"))
    return "forced tool use is not supported on this model";
  return undefined;
}

export async function fakeMessagesApi(options: FakeMessagesOptions) {
  const state = { rejected: [] as string[], messages: 0, counts: 0 };
  const handler = (request: Recorded, index: number): Answer => {
    if (request.headers["x-api-key"] !== options.apiKey) return error(401, "authentication_error", "invalid x-api-key");
    if (request.headers["anthropic-version"] === undefined)
      return error(400, "invalid_request_error", "anthropic-version: header is required");
    if (options.rateLimited?.includes(index))
      return error(429, "rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit", {
        "retry-after": "1",
      });
    if (options.overloaded?.includes(index))
      return error(529, "overloaded_error", "Overloaded", { "retry-after": "1" });
    const body = request.body as MessagesBody;
    const broken = sonnetRule(body);
    if (broken !== undefined) {
      state.rejected.push(broken);
      return error(400, "invalid_request_error", broken);
    }
    if (body.temperature !== undefined && (body.temperature < 0 || body.temperature > 1))
      return error(400, "invalid_request_error", "temperature: must be between 0 and 1");
    const input = fakeInputTokens(body);
    if (request.path === "/v1/messages/count_tokens") {
      state.counts++;
      return { body: { input_tokens: input } };
    }
    if (request.path !== "/v1/messages") return error(404, "not_found_error", "Not found");
    if (options.redirectTo !== undefined)
      return { status: 307, body: {}, headers: { location: `${options.redirectTo}/v1/messages` } };
    if (options.echoHeaders)
      return {
        status: 400,
        body: {
          type: "error",
          error: { type: "invalid_request_error", message: "bad request", request_headers: request.headers },
        },
      };
    if (typeof body.max_tokens !== "number" || body.max_tokens < 1)
      return error(400, "invalid_request_error", "max_tokens: Field required");
    state.messages++;
    if (options.garbledAt?.includes(state.messages - 1))
      return { body: { id: "msg_x", type: "message", partial: true } };
    const user = body.messages.at(-1)!.content;
    const asked = data.requests.find((r) => user === r.text || user.includes(`Request: ${r.text}\n`));
    const upFrontThinking = body.model.startsWith("claude-sonnet-5-5") && body.thinking?.type !== "between_tools";
    const thinkingTokens = upFrontThinking ? 700 : 0;
    const usage = (output: number) => ({
      input_tokens: input,
      output_tokens: output,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
    const message = (content: unknown[], stop: string, output: number) => ({
      body: {
        id: `msg_${index}`,
        type: "message",
        role: "assistant",
        model: body.model,
        content,
        stop_reason: stop,
        stop_sequence: null,
        usage: usage(output),
      },
    });
    const thinking =
      thinkingTokens > 0 ? [{ type: "thinking", thinking: "Which tool fits this request?", signature: "c2ln" }] : [];
    if ((asked !== undefined && options.cutShort?.includes(asked.id)) || thinkingTokens + 60 > body.max_tokens) {
      return message(
        thinking.length > 0 ? thinking : [{ type: "text", text: "I'll check the" }],
        "max_tokens",
        body.max_tokens,
      );
    }
    if (body.output_config !== undefined) {
      const allowed = body.output_config.format.schema.properties.tool.enum;
      const chosen = asked !== undefined && allowed.includes(asked.expected) ? asked.expected : allowed[0]!;
      return message(
        [...thinking, { type: "text", text: JSON.stringify({ tool: chosen }) }],
        "end_turn",
        thinkingTokens + 12,
      );
    }
    if (asked !== undefined && body.tools?.some((t) => t.name === asked.expected)) {
      return message(
        [...thinking, { type: "tool_use", id: `toolu_${index}`, name: asked.expected, input: {} }],
        "tool_use",
        thinkingTokens + 48,
      );
    }
    return message(
      [...thinking, { type: "text", text: "Happy to help, but I have no tool for that." }],
      "end_turn",
      thinkingTokens + 20,
    );
  };
  const server = await loopback(handler);
  return { ...server, state };
}

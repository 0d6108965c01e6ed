// Claude through the Messages API, billed at list price. The key comes from ANTHROPIC_API_KEY or
// ./.env and is sent only in the x-api-key header; it is never printed or stored in a receipt.
import { readSecret } from "./dotenv.js";
import { ServiceError } from "../protocol/errors/service-error.js";
import { UsageError } from "../protocol/errors/usage-error.js";
import { preview } from "../protocol/errors/wording.js";
import { postJson } from "./http-json.js";
import { costUsd, priceFor, ANTHROPIC_PRICES, type ModelPrice } from "./prices.js";
import { nowMs, type Ask, type Provider, type Reply } from "./provider.js";
import {
  ANTHROPIC_MAX_TOKENS,
  ANTHROPIC_VERSION,
  CountTokensResponseSchema,
  fromAnthropicResponse,
  toAnthropicCountRequest,
  toAnthropicRequest,
} from "./anthropic-wire.js";

export type AnthropicOptions = {
  apiKey?: string;
  /** Default https://api.anthropic.com; tests point it at a loopback server. */
  baseUrl?: string;
  timeoutMs?: number;
  prices?: readonly ModelPrice[];
  maxTokens?: number;
};

export const ANTHROPIC_DEFAULT_URL = "https://api.anthropic.com";

export function anthropicProvider(options: AnthropicOptions = {}): Provider {
  const apiKey = options.apiKey ?? readSecret("ANTHROPIC_API_KEY");
  if (apiKey === undefined) {
    throw new UsageError("missing-api-key", {
      what: "the anthropic provider needs an API key",
      expected: "ANTHROPIC_API_KEY in the environment or in ./.env",
      received: "neither",
    });
  }
  const baseUrl = (options.baseUrl ?? ANTHROPIC_DEFAULT_URL).replace(/\/+$/, "");
  const post = postJson(options.timeoutMs ?? 120_000);
  const headers = { "x-api-key": apiKey, "anthropic-version": ANTHROPIC_VERSION };
  const table = options.prices ?? ANTHROPIC_PRICES;
  const maxTokens = options.maxTokens ?? ANTHROPIC_MAX_TOKENS;

  const priceOf = (model: string): ModelPrice => {
    const price = priceFor(model, table);
    if (price === undefined) {
      throw new UsageError("model", {
        what: `no list price for ${model} (add it to prices.ts)`,
        expected: `one of the known models: ${table.map((row) => row.model).join(", ")}`,
        received: model,
      });
    }
    return price;
  };
  const body = (ask: Ask) => toAnthropicRequest(ask, { temperature: priceOf(ask.model).acceptsTemperature, maxTokens });

  return {
    name: "anthropic",
    label: "Claude through Anthropic's Messages API",
    prices: table.map(({ acceptsTemperature: _t, ...price }) => price),
    async worstCaseUsd(ask: Ask): Promise<number> {
      // Exact input tokens from the free count_tokens endpoint, and every allowed output token.
      const answer = await post(`${baseUrl}/v1/messages/count_tokens`, toAnthropicCountRequest(body(ask)), headers);
      const parsed = CountTokensResponseSchema.safeParse(answer);
      if (!parsed.success) {
        throw new ServiceError(
          "bad-response",
          { what: "the count_tokens answer is not the documented shape", expected: "{input_tokens: a whole number >= 0}", received: preview(answer, 120) },
          { cause: parsed.error },
        );
      }
      const counted = parsed.data;
      return costUsd(priceOf(ask.model), counted.input_tokens, maxTokens);
    },
    async ask(ask: Ask): Promise<Reply> {
      const started = nowMs();
      const response = await post(`${baseUrl}/v1/messages`, body(ask), headers);
      const reply = fromAnthropicResponse(ask, response, nowMs() - started);
      return { ...reply, costUsd: costUsd(priceOf(ask.model), reply.promptTokens, reply.outputTokens) };
    },
  };
}

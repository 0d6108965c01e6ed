// Claude through the Messages API, billed at list price. The key comes from ANTHROPIC_API_KEY or
// ./.env and is sent only in the x-api-key header; it is never printed or stored in a receipt.
import { readSecret } from "./dotenv.js";
import { ExperimentError } from "./errors.js";
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
    throw new ExperimentError("missing-api-key", "the anthropic provider needs ANTHROPIC_API_KEY in the environment or in ./.env");
  }
  const baseUrl = (options.baseUrl ?? ANTHROPIC_DEFAULT_URL).replace(/\/+$/, "");
  const post = postJson(options.timeoutMs ?? 120_000);
  const headers = { "x-api-key": apiKey, "anthropic-version": ANTHROPIC_VERSION };
  const table = options.prices ?? ANTHROPIC_PRICES;
  const maxTokens = options.maxTokens ?? ANTHROPIC_MAX_TOKENS;

  const priceOf = (model: string): ModelPrice => {
    const price = priceFor(model, table);
    if (price === undefined) {
      throw new ExperimentError(
        "usage",
        `no list price for ${model}; known models: ${table.map((row) => row.model).join(", ")} (add it to prices.ts)`,
      );
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
      const counted = CountTokensResponseSchema.parse(
        await post(`${baseUrl}/v1/messages/count_tokens`, toAnthropicCountRequest(body(ask)), headers),
      );
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

// Claude through the Messages API, billed at list price. The key comes from ANTHROPIC_API_KEY or
// ./.env and is sent only in the x-api-key header, only to the address given (redirects are
// refused); it is replaced by a mark in every error text, so it is never printed or stored.
// Each model is asked under its rule in anthropic-rules.ts; 429, 503 and 529 are retried.
import { readSecret } from "./dotenv.js";
import { ServiceError } from "../../errors/service-error.js";
import { UsageError } from "../../errors/usage-error.js";
import { preview } from "../../errors/wording.js";
import { maskSecrets, postJson, type RetryNotice } from "../../http/http-json.js";
import { costUsd, priceFor, ANTHROPIC_PRICES, type ModelPrice } from "./prices.js";
import { nowMs, type Ask, type Prepared, type Provider, type Reply } from "./provider.js";
import { ANTHROPIC_REQUEST_RULES, requestRuleFor, ruleSettings, type AnthropicRequestRule } from "./anthropic-rules.js";
import {
  ANTHROPIC_VERSION,
  CountTokensResponseSchema,
  fromAnthropicResponse,
  toAnthropicCountRequest,
  toAnthropicRequest,
} from "./anthropic-wire.js";

export type AnthropicOptions = {
  apiKey?: string;
  /** Default ANTHROPIC_BASE_URL, else https://api.anthropic.com; tests point it at a loopback server. */
  baseUrl?: string;
  timeoutMs?: number;
  prices?: readonly ModelPrice[];
  rules?: readonly AnthropicRequestRule[];
  onRetry?: (notice: RetryNotice) => void;
  retryBaseDelayMs?: number;
};

export const ANTHROPIC_DEFAULT_URL = "https://api.anthropic.com";

/** The Messages API's address: ANTHROPIC_BASE_URL (as Anthropic's SDKs read it), else the public one. */
export function anthropicBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env["ANTHROPIC_BASE_URL"]?.trim();
  return url === undefined || url === "" ? ANTHROPIC_DEFAULT_URL : url;
}

export function anthropicProvider(options: AnthropicOptions = {}): Provider {
  const apiKey = options.apiKey ?? readSecret("ANTHROPIC_API_KEY");
  if (apiKey === undefined) {
    throw new UsageError("missing-api-key", {
      what: "the anthropic provider needs an API key",
      expected: "ANTHROPIC_API_KEY in the environment or in ./.env",
      received: "neither",
    });
  }
  const baseUrl = (options.baseUrl ?? anthropicBaseUrl()).replace(/\/+$/, "");
  const post = postJson({
    timeoutMs: options.timeoutMs ?? 120_000,
    secrets: [apiKey],
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    ...(options.retryBaseDelayMs !== undefined ? { baseDelayMs: options.retryBaseDelayMs } : {}),
  });
  const headers = { "x-api-key": apiKey, "anthropic-version": ANTHROPIC_VERSION };
  const table = options.prices ?? ANTHROPIC_PRICES;
  const rules = options.rules ?? ANTHROPIC_REQUEST_RULES;
  const worstSeen = new Map<string, number>();

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
  const body = (ask: Ask) => toAnthropicRequest(ask, requestRuleFor(ask.model, rules));
  const keyOf = (ask: Ask) =>
    JSON.stringify([ask.model, ask.protocol, ask.request, ask.offered.map((tool) => tool.name)]);

  const worstCaseUsd = async (ask: Ask): Promise<number> => {
    // Exact input tokens from the free count_tokens endpoint, and every allowed output token.
    const raw = await post(`${baseUrl}/v1/messages/count_tokens`, toAnthropicCountRequest(body(ask)), headers);
    const answer: unknown = JSON.parse(maskSecrets(JSON.stringify(raw), [apiKey]));
    const parsed = CountTokensResponseSchema.safeParse(answer);
    if (!parsed.success) {
      throw new ServiceError(
        "bad-response",
        {
          what: "the count_tokens answer is not the documented shape",
          expected: "{input_tokens: a whole number >= 0}",
          received: preview(answer, 120),
        },
        { cause: parsed.error },
      );
    }
    const worst = costUsd(priceOf(ask.model), parsed.data.input_tokens, requestRuleFor(ask.model, rules).maxTokens);
    worstSeen.set(keyOf(ask), worst);
    return worst;
  };

  return {
    name: "anthropic",
    label: "Claude through Anthropic's Messages API",
    prices: table.map(({ acceptsTemperature: _t, ...price }) => price),
    requestRule(model: string): Prepared["requestRule"] {
      const rule = requestRuleFor(model, rules);
      return { model, settings: ruleSettings(rule), readOn: rule.readOn, source: rule.source };
    },
    async prepare(model: string): Promise<Prepared> {
      priceOf(model);
      const rule = requestRuleFor(model, rules);
      return { requestRule: { model, settings: ruleSettings(rule), readOn: rule.readOn, source: rule.source } };
    },
    worstCaseUsd,
    async possibleCharge(ask: Ask, error: unknown): Promise<number> {
      // An HTTP error status is not billed; an unreadable 200, or no answer after the request went, may be.
      if (error instanceof ServiceError && error.reason === "http-status") return 0;
      return worstSeen.get(keyOf(ask)) ?? (await worstCaseUsd(ask).catch(() => 0));
    },
    async ask(ask: Ask): Promise<Reply> {
      const started = nowMs();
      const raw = await post(`${baseUrl}/v1/messages`, body(ask), headers);
      // A body that echoes the request would carry the key into an error message: mark it first.
      const response: unknown = JSON.parse(maskSecrets(JSON.stringify(raw), [apiKey]));
      const reply = fromAnthropicResponse(ask, response, nowMs() - started);
      return { ...reply, costUsd: costUsd(priceOf(ask.model), reply.promptTokens, reply.outputTokens) };
    },
  };
}

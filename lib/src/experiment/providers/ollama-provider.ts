// Ollama: a local model through /api/chat, temperature 0, thinking off, loaded once per run at one
// context length (num_ctx) that holds the design's largest prompt and its answer, unloaded first so
// nothing is served from a cache left by earlier work. Every prompt is counted offline before it is
// sent: one that would not fit is refused, never cut by Ollama and measured as if it were whole.
import { UsageError } from "../../errors/usage-error.js";
import { choiceOptionsFor } from "../prompts/choice-prompt.js";
import { postJson, type RetryNotice } from "../../http/http-json.js";
import {
  fromOllamaResponse,
  numCtxFor,
  ollamaUnloadRequest,
  OLLAMA_ANSWER_ROOM,
  toOllamaRequest,
} from "./ollama-wire.js";
import { nowMs, type Ask, type Prepared, type Provider, type Reply } from "./provider.js";
import { renderQwen25Choice, renderQwen25Native } from "../prompts/qwen-template.js";
import { countQwenTokens, QWEN_TOKENIZER_LABEL } from "../prompts/qwen-tokens.js";

export type OllamaOptions = {
  baseUrl?: string;
  timeoutMs?: number;
  onRetry?: (notice: RetryNotice) => void;
  retryBaseDelayMs?: number;
};

export const OLLAMA_DEFAULT_URL = "http://127.0.0.1:11434";

/**
 * OLLAMA_HOST as Ollama itself reads it (envconfig.Host): `host`, `host:port` or `scheme://host[:port][/path]`.
 * Without a scheme it is http on port 11434 (so `gpu-box` means gpu-box:11434); with `http://` or
 * `https://` and no port, 80 or 443. Unset or blank: the default address.
 */
export function ollamaBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env["OLLAMA_HOST"]?.trim();
  if (raw === undefined || raw === "") return OLLAMA_DEFAULT_URL;
  const schemeEnd = raw.indexOf("://");
  const scheme = schemeEnd === -1 ? "http" : raw.slice(0, schemeEnd);
  const rest = schemeEnd === -1 ? raw : raw.slice(schemeEnd + 3);
  const defaultPort = schemeEnd === -1 ? "11434" : scheme === "https" ? "443" : scheme === "http" ? "80" : "11434";
  const slash = rest.indexOf("/");
  const hostPort = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? "" : rest.slice(slash);
  const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(hostPort);
  let host: string;
  let port: string | undefined;
  if (bracketed) {
    host = `[${bracketed[1]!}]`;
    port = bracketed[2];
  } else {
    const colon = hostPort.lastIndexOf(":");
    const ipv6 = hostPort.indexOf(":") !== colon; // several colons and no brackets: an address without a port
    host = colon === -1 || ipv6 ? hostPort : hostPort.slice(0, colon);
    port = colon === -1 || ipv6 ? undefined : hostPort.slice(colon + 1);
    if (ipv6) host = `[${host}]`;
  }
  if (host === "" || host === "[]") host = "127.0.0.1";
  const portNumber = Number(port);
  if (port === undefined || port === "" || !Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535)
    port = defaultPort;
  return `${scheme}://${host}:${port}${path}`.replace(/\/+$/, "");
}

/** The prompt a question costs a qwen2.5-family model, counted offline. */
export function offlinePromptTokens(ask: Ask): number {
  const prompt =
    ask.protocol === "native"
      ? renderQwen25Native(ask.request, ask.offered)
      : renderQwen25Choice(ask.request, ask.offered, undefined, choiceOptionsFor(ask.protocol));
  return countQwenTokens(prompt);
}

/**
 * What the receipt records as the prompt: Ollama's prompt_eval_count when it reported one that is
 * plausibly the whole prompt, else the offline count. Ollama has left the count out, or counted only
 * the uncached tokens, when it served part of a prompt from its cache.
 */
export function promptTokensOf(reported: number | null, offline: number): number {
  return reported !== null && reported >= offline / 2 ? reported : offline;
}

export function ollamaProvider(options: OllamaOptions = {}): Provider {
  const baseUrl = (options.baseUrl ?? ollamaBaseUrl()).replace(/\/+$/, "");
  const post = postJson({
    timeoutMs: options.timeoutMs ?? 300_000,
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    ...(options.retryBaseDelayMs !== undefined ? { baseDelayMs: options.retryBaseDelayMs } : {}),
  });
  const numCtx = new Map<string, number>();
  return {
    name: "ollama",
    label: "local language model through Ollama",
    tokenizer: `${QWEN_TOKENIZER_LABEL}; prompts rendered with Ollama's qwen2.5 template (counted offline before sending)`,
    async prepare(model: string, largest: readonly Ask[]): Promise<Prepared> {
      let most = 0;
      for (const ask of largest) most = Math.max(most, offlinePromptTokens(ask));
      const size = numCtxFor(most);
      numCtx.set(model, size);
      await post(`${baseUrl}/api/chat`, ollamaUnloadRequest(model, size));
      return { numCtx: size };
    },
    async ask(ask: Ask): Promise<Reply> {
      const size = numCtx.get(ask.model);
      if (size === undefined) {
        throw new UsageError("not-prepared", {
          what: `ollama: ${ask.model} was asked before prepare()`,
          expected: "prepare(model, largest) first, which sets num_ctx",
        });
      }
      const offline = offlinePromptTokens(ask);
      if (offline + OLLAMA_ANSWER_ROOM > size) {
        throw new UsageError("would-truncate", {
          what: `ollama: a ${offline}-token prompt for ${ask.model} does not fit num_ctx ${size} with ${OLLAMA_ANSWER_ROOM} tokens for the answer; Ollama would cut it silently`,
          expected: "every prompt of the design among the largest given to prepare()",
          limit: `num_ctx ${size}`,
        });
      }
      const started = nowMs();
      const body = await post(`${baseUrl}/api/chat`, toOllamaRequest(ask, size));
      const reply = fromOllamaResponse(ask, body, nowMs() - started);
      const reported = reply.promptTokensReported ?? null;
      return {
        ...reply,
        promptTokens: promptTokensOf(reported, offline),
        promptTokensOffline: offline,
        promptTokensReported: reported,
      };
    },
  };
}

// Ollama: a local model through /api/chat, temperature 0, thinking off, unloaded before it is measured.
import { postJson } from "./http-json.js";
import { fromOllamaResponse, ollamaUnloadRequest, toOllamaRequest } from "./ollama-wire.js";
import { nowMs, type Ask, type Provider, type Reply } from "./provider.js";

export type OllamaOptions = { baseUrl?: string; timeoutMs?: number };

export const OLLAMA_DEFAULT_URL = "http://127.0.0.1:11434";

export function ollamaProvider(options: OllamaOptions = {}): Provider {
  const baseUrl = (options.baseUrl ?? OLLAMA_DEFAULT_URL).replace(/\/+$/, "");
  const post = postJson(options.timeoutMs ?? 300_000);
  return {
    name: "ollama",
    label: "local language model through Ollama",
    async prepare(model: string): Promise<void> {
      await post(`${baseUrl}/api/chat`, ollamaUnloadRequest(model));
    },
    async ask(ask: Ask): Promise<Reply> {
      const started = nowMs();
      const body = await post(`${baseUrl}/api/chat`, toOllamaRequest(ask));
      return fromOllamaResponse(ask, body, nowMs() - started);
    },
  };
}

// Any Part A provider (Ollama, Anthropic, the lexical baseline, a script) as a loop model. A provider
// answers one question, "which tool for this request?", and keeps no conversation; so each turn
// becomes one ask whose request is the user's words plus what the calls so far came to.
import type { Protocol } from "../experiment/receipts/receipt.js";
import type { Ask, Provider } from "../experiment/providers/provider.js";
import type { McpTool } from "../tools/types.js";
import type { AgentModel, Message } from "./types.js";

export type ProviderModelOptions = {
  /** The model name the provider is asked with (e.g. "qwen2.5:7b"); the scripted provider ignores it. */
  model: string;
  /** How tools are offered; "native" (function calling) by default. */
  protocol?: Protocol;
};

/**
 * The request text of one turn: the latest user message alone on the first turn; after calls, that
 * message followed by one line per call outcome since it, so a memoryless provider can see what is done.
 */
export function askText(conversation: readonly Message[]): string {
  let lastUser = -1;
  conversation.forEach((message, index) => {
    if (message.role === "user") lastUser = index;
  });
  const request = lastUser === -1 ? "" : (conversation[lastUser] as { text: string }).text;
  const outcomes = conversation
    .slice(lastUser + 1)
    .flatMap((message) => (message.role === "tool" ? [`- ${message.name} (${message.outcome}): ${message.text}`] : []));
  return outcomes.length === 0 ? request : `${request}\n\nDone so far:\n${outcomes.join("\n")}`;
}

/** The Ask a provider receives for one turn. */
export function askFor(
  conversation: readonly Message[],
  offered: readonly McpTool[],
  options: ProviderModelOptions,
): Ask {
  return { request: askText(conversation), offered, protocol: options.protocol ?? "native", model: options.model };
}

/** A loop model backed by a provider: each turn is one ask, and the provider's answer is the model's. */
export function providerModel(provider: Provider, options: ProviderModelOptions): AgentModel {
  return {
    label: provider.label,
    async next(conversation, offered) {
      const reply = await provider.ask(askFor(conversation, offered, options));
      return reply.answer;
    },
  };
}

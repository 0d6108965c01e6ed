// One interface for everything that answers Part A's question "which tool?": a language model
// behind an API, a retrieval baseline, or a script. The runner sees only this.
import type { McpTool } from "../tools/types.js";
import type { Answer, Price, Protocol } from "./receipt.js";

/** One question to a provider: a request, the tools offered (in the order offered), and how to offer them. */
export type Ask = {
  request: string;
  offered: readonly McpTool[];
  protocol: Protocol;
  model: string;
};

/** A provider's reply: its answer and what it cost, as the provider measured or reported it. */
export type Reply = {
  answer: Answer;
  promptTokens: number;
  outputTokens: number;
  /** Time spent reading the prompt, when the provider reports it (Ollama does); null otherwise. */
  prefillMs: number | null;
  totalMs: number;
  /** Whatever usage object the provider returned, kept for inspection; not stored in receipts. */
  usage: unknown;
  /** List-price cost of this request, for providers that bill. */
  costUsd?: number;
};

export type ProviderName = "ollama" | "anthropic" | "lexical" | "scripted";

export interface Provider {
  readonly name: ProviderName;
  /** Plain words for what answers, shown in receipts, tables and charts. */
  readonly label: string;
  /** The tokenizer that counted prompt tokens, when they are counted offline rather than reported. */
  readonly tokenizer?: string;
  /** List prices used to compute costUsd, when the provider bills. */
  readonly prices?: readonly Price[];
  /** Called once per model before its first question (Ollama unloads the model here). */
  prepare?(model: string): Promise<void>;
  /** The most the next question could cost, at list price; the runner refuses it if it could pass --max-usd. */
  worstCaseUsd?(ask: Ask): Promise<number>;
  ask(ask: Ask): Promise<Reply>;
}

/** Milliseconds since an arbitrary origin, for durations. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

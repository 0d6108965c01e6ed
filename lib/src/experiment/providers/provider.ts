// One interface for everything that answers Part A's question "which tool?": a language model
// behind an API, a retrieval baseline, or a script. The runner sees only this.
import type { McpTool } from "../../tools/types.js";
import type { Answer, Price, Protocol } from "../receipts/receipt.js";

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
  /** The service's stop reason (stop_reason, done_reason); null when no service produced the answer. */
  stopReason: string | null;
  /** Thinking blocks in the reply, when the service returns them. */
  thinkingBlocks?: number;
  /** The prompt counted offline, and what the service reported (null: it reported nothing). */
  promptTokensOffline?: number;
  promptTokensReported?: number | null;
  /** Whatever usage object the provider returned, kept for inspection; not stored in receipts. */
  usage: unknown;
  /** List-price cost of this request, for providers that bill. */
  costUsd?: number;
};

/** What a provider fixed for one model before asking it, recorded in the receipt's header. */
export type Prepared = {
  /** Ollama: the context length the model was loaded with. */
  numCtx?: number;
  /** The request settings this model is asked with, and where they were read. */
  requestRule?: { model: string; settings: Record<string, unknown>; readOn: string; source: string };
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
  /**
   * Called once per model before its first question, with the largest questions the run will ask
   * it (Ollama sizes num_ctx from them and unloads the model at that size).
   */
  prepare?(model: string, largest: readonly Ask[]): Promise<Prepared | void>;
  /** The request settings for a model, without contacting anything (for --dry-run and the header). */
  requestRule?(model: string): Prepared["requestRule"];
  /**
   * After ask() failed: the most that failure may have been billed (a timeout or an unreadable body
   * after the request was sent), at list price; 0 when nothing was billed.
   */
  possibleCharge?(ask: Ask, error: unknown): Promise<number>;
  /** The most the next question could cost, at list price; the runner refuses it if it could pass --max-usd. */
  worstCaseUsd?(ask: Ask): Promise<number>;
  ask(ask: Ask): Promise<Reply>;
}

/** Milliseconds since an arbitrary origin, for durations. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

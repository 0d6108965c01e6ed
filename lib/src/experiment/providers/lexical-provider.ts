// The offline baseline: a retrieval router, not a language model. It scores the offered tools'
// text against the request with BM25 and answers with the best one, so the whole pipeline
// (catalogs, runner, receipts, tables, charts, checkpoint) runs on any machine with no model.
import { bm25Scorer, type Bm25Options } from "../../tools/bm25.js";
import { toolText } from "../../tools/tool-text.js";
import type { McpTool } from "../../tools/types.js";
import { NONE_OF_THESE, choiceOptionsFor } from "../prompts/choice-prompt.js";
import { nowMs, type Ask, type Provider, type Reply } from "./provider.js";
import { renderQwen25Choice, renderQwen25Native } from "../prompts/qwen-template.js";
import { QWEN_TOKENIZER_LABEL, countQwenTokens } from "../prompts/qwen-tokens.js";

export const LEXICAL_LABEL = "retrieval baseline, not a language model";
export const LEXICAL_DEFAULT_MODEL = "bm25-top1";

/**
 * Under native tool calling the router declines (answers with text, no call) when the best BM25
 * score is below this; under "choice-none" it chooses none_of_these instead. BM25 scores are sums of idf-weighted term matches; 1.0 is about one content
 * word in common with a tool that few other tools share. A request that shares no word with any
 * tool scores 0 everywhere and is always declined.
 */
export const LEXICAL_DEFAULT_MIN_SCORE = 1.0;

export type LexicalOptions = Bm25Options & {
  minScore?: number;
  /** Count prompt tokens as a qwen2.5 prompt would cost (default true); false reports 0. */
  countTokens?: boolean;
};

export type LexicalChoice = { index: number; score: number } | null;

/** The best-scoring offered tool (first in offered order on ties), or null when nothing was offered. */
export function lexicalBest(request: string, offered: readonly McpTool[], options: Bm25Options = {}): LexicalChoice {
  if (offered.length === 0) return null;
  const scores = bm25Scorer(options)(request, offered.map(toolText));
  let index = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[index]!) index = i;
  return { index, score: scores[index]! };
}

/** What the retrieval baseline answers, without timing: a call to the top tool, or a decline. */
export function lexicalAnswer(
  ask: Pick<Ask, "request" | "offered" | "protocol">,
  options: LexicalOptions = {},
): Reply["answer"] {
  const minScore = options.minScore ?? LEXICAL_DEFAULT_MIN_SCORE;
  const best = lexicalBest(ask.request, ask.offered, options);
  if (best === null) return { kind: "text", text: "No tools were offered." };
  // A plain constrained choice must name an offered tool, so it never declines; native calling
  // declines in words, and "choice-none" declines by choosing none_of_these.
  if (best.score < minScore) {
    if (ask.protocol === "native") {
      return {
        kind: "text",
        text: `No offered tool matches well enough (best BM25 score ${best.score.toFixed(3)} < ${minScore}).`,
      };
    }
    if (ask.protocol === "choice-none") return { kind: "text", text: NONE_OF_THESE };
  }
  return { kind: "call", name: ask.offered[best.index]!.name, arguments: {} };
}

export function lexicalProvider(options: LexicalOptions = {}): Provider {
  const counting = options.countTokens ?? true;
  return {
    name: "lexical",
    label: LEXICAL_LABEL,
    ...(counting ? { tokenizer: `${QWEN_TOKENIZER_LABEL}; prompts rendered with Ollama's qwen2.5 template` } : {}),
    async ask(ask: Ask): Promise<Reply> {
      const started = nowMs();
      const answer = lexicalAnswer(ask, options);
      const totalMs = nowMs() - started;
      let promptTokens = 0;
      if (counting) {
        const prompt =
          ask.protocol === "native"
            ? renderQwen25Native(ask.request, ask.offered)
            : renderQwen25Choice(ask.request, ask.offered, undefined, choiceOptionsFor(ask.protocol));
        promptTokens = countQwenTokens(prompt);
      }
      // A retrieval router reads no prompt and generates nothing: no prefill time, no output tokens.
      return { answer, promptTokens, outputTokens: 0, prefillMs: null, totalMs, stopReason: null, usage: null };
    },
  };
}

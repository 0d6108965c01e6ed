// What a cacheable, deterministically ordered tool list means for Part A: a model server's prompt
// cache reuses the longest token prefix a new prompt shares with an earlier one. With the tools in
// one fixed order, consecutive prompts share everything up to the user's request; with Part A's
// per-request shuffle, they share only what comes before the first tool that moved.
import type { CatalogData } from "../catalog/catalog.js";
import { buildCatalog, requestCatalog } from "../catalog/catalog.js";
import type { CatalogKind, CatalogSize } from "../catalog/catalog-schema.js";
import { renderQwen25Native } from "../prompts/qwen-template.js";
import { qwenTokenIds } from "../prompts/qwen-tokens.js";

/** Tokens two token sequences share from their first token on. */
export function sharedPrefixLength(a: readonly number[], b: readonly number[]): number {
  const end = Math.min(a.length, b.length);
  let shared = 0;
  while (shared < end && a[shared] === b[shared]) shared += 1;
  return shared;
}

/** One order's figures over consecutive requests: mean prompt tokens and mean tokens shared with the previous prompt. */
export interface PrefixFigures {
  readonly order: "fixed" | "shuffled per request";
  readonly meanPromptTokens: number;
  readonly meanSharedTokens: number;
  /** meanSharedTokens / meanPromptTokens: the share a prefix cache could reuse. */
  readonly sharedShare: number;
}

/**
 * Renders every request of the catalog as Part A's native tool-calling prompt (qwen2.5 template,
 * counted with the offline tokenizer), once with the tools in the catalog's fixed order and once
 * shuffled per request as Part A does (requestCatalog, `baseSeed`), and measures the prefix each
 * prompt shares with the one before it, over the first `requestCount` requests (at least two).
 * Deterministic: no model, no network.
 */
export function promptPrefixByOrder(
  data: CatalogData,
  kind: CatalogKind,
  size: CatalogSize | number,
  baseSeed: number,
  requestCount: number = data.requests.length,
): [PrefixFigures, PrefixFigures] {
  const requests = data.requests.slice(0, Math.max(2, requestCount));
  const fixed = buildCatalog(data, kind, size);
  const prompts = (order: "fixed" | "shuffled per request") =>
    requests.map((request) =>
      qwenTokenIds(
        renderQwen25Native(
          request.text,
          order === "fixed" ? fixed : requestCatalog(data, kind, size, request.id, baseSeed),
        ),
      ),
    );
  return [figures("fixed", prompts("fixed")), figures("shuffled per request", prompts("shuffled per request"))];
}

function figures(order: PrefixFigures["order"], prompts: readonly number[][]): PrefixFigures {
  const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  const shared = prompts.slice(1).map((prompt, index) => sharedPrefixLength(prompts[index]!, prompt));
  const meanPromptTokens = mean(prompts.map((prompt) => prompt.length));
  const meanSharedTokens = mean(shared);
  return { order, meanPromptTokens, meanSharedTokens, sharedShare: meanSharedTokens / meanPromptTokens };
}

// Part A's analyses, for the notebook: each turns one receipt or catalog question into a value a
// cell can print. The arithmetic lives here, with tests, so the notebook's cells stay short.
import type { CatalogData } from "../catalog/catalog.js";
import { requestCatalog } from "../catalog/catalog.js";
import type { CatalogKind, CatalogSize } from "../catalog/catalog-schema.js";
import { choicePrompt } from "../prompts/choice-prompt.js";
import { UsageError } from "../../errors/usage-error.js";
import { ollamaFunctionJson, renderQwen25Choice, renderQwen25Native } from "../prompts/qwen-template.js";
import { countQwenTokens } from "../prompts/qwen-tokens.js";
import type { Protocol, Receipt, Row } from "../receipts/receipt.js";
import { firstDifference } from "../receipts/receipt-file.js";
import { searchLabel, summarize } from "../receipts/summarize.js";
import { rowKey } from "../running/design.js";
import type { PublishedFigures } from "./published.js";
import { bm25Scorer } from "../../tools/bm25.js";
import { recallAtK, type RecallAtK } from "../../tools/recall.js";
import { toolText } from "../../tools/tool-text.js";
import type { McpTool } from "../../tools/types.js";

/** What recomputing a receipt's tables from its rows found. */
export interface TablesCheck {
  readonly match: boolean;
  readonly rows: number;
  readonly conditions: number;
  readonly tokenFits: number;
  /** Where the stored and recomputed tables first differ, or null when they agree everywhere. */
  readonly difference: { readonly path: string; readonly stored: unknown; readonly recomputed: unknown } | null;
}

/** Recompute a receipt's tables from its rows alone and compare them with the stored ones, field by field. */
export function checkTables(receipt: Pick<Receipt, "rows" | "tables">): TablesCheck {
  const recomputed = summarize(receipt.rows);
  const found = firstDifference(receipt.tables, recomputed, "tables");
  return {
    match: found === null,
    rows: receipt.rows.length,
    conditions: recomputed.conditions.length,
    tokenFits: recomputed.tokensPerTool.length,
    difference: found === null ? null : { path: found.path, stored: found.a, recomputed: found.b },
  };
}

/** The text one tool adds to a prompt, and what that text costs in qwen2.5 tokens, in both forms. */
export interface ToolTokenCost {
  /** The line the tool adds to the native tools block (Ollama's rendering of asModelTool). */
  readonly nativeText: string;
  /** The line the tool adds to a constrained-choice prompt: its name and description only. */
  readonly choiceText: string;
  /** Prompt tokens the tool adds under native tool calling. */
  readonly native: number;
  /** Prompt tokens the tool adds under a constrained choice. */
  readonly choice: number;
  /** Tokens of the description alone, the part a server's author writes freely. */
  readonly description: number;
}

/**
 * What offering one more tool costs: the whole prompt rendered with `others` and with `others` plus
 * `tool`, counted with the offline qwen2.5 tokenizer, and subtracted. Counting the difference (not
 * the tool's line alone) includes the newline and any merge across the line's edges.
 */
export function toolTokenCost(tool: McpTool, request: string, others: readonly McpTool[]): ToolTokenCost {
  if (others.some((other) => other.name === tool.name)) {
    throw new UsageError("tool-twice", {
      what: `toolTokenCost: "${tool.name}" is already among the other tools`,
      expected: "the catalog without the tool being priced",
    });
  }
  const withTool = [...others, tool];
  const added = (render: (tools: readonly McpTool[]) => string) =>
    countQwenTokens(render(withTool)) - countQwenTokens(render(others));
  return {
    nativeText: `{"type": "function", "function": ${ollamaFunctionJson(tool)}}`,
    choiceText: choicePrompt("", [tool])
      .split("\n")
      .find((line) => line.startsWith("- "))!,
    native: added((tools) => renderQwen25Native(request, tools)),
    choice: added((tools) => renderQwen25Choice(request, tools)),
    description: countQwenTokens(tool.description ?? ""),
  };
}

/** Which rows make up one condition of a receipt. */
export interface ConditionSelector {
  readonly kind: CatalogKind;
  readonly size: number;
  readonly protocol: Protocol;
  /** "all" (the default) or a search label such as "bm25 top 5". */
  readonly search?: string;
  /** Needed only when the receipt holds more than one model. */
  readonly model?: string;
}

/** Two conditions over the same requests, in the same request order: true where the request was routed right. */
export interface PairedOutcomes {
  readonly requestIds: readonly string[];
  readonly first: readonly boolean[];
  readonly second: readonly boolean[];
}

function rowsOf(rows: readonly Row[], selector: ConditionSelector): Row[] {
  const search = selector.search ?? "all";
  return rows.filter(
    (row) =>
      row.kind === selector.kind &&
      row.size === selector.size &&
      row.protocol === selector.protocol &&
      searchLabel(row) === search &&
      (selector.model === undefined || row.model === selector.model),
  );
}

function describe(selector: ConditionSelector): string {
  return `${selector.kind} ${selector.size} ${selector.protocol} ${selector.search ?? "all"}${selector.model ? ` (${selector.model})` : ""}`;
}

/** Pairs two conditions request by request, so McNemar's test can use what the same requests did in both. */
export function pairedOutcomes(
  rows: readonly Row[],
  first: ConditionSelector,
  second: ConditionSelector,
): PairedOutcomes {
  const a = rowsOf(rows, first);
  const b = rowsOf(rows, second);
  for (const [selector, found] of [
    [first, a],
    [second, b],
  ] as const) {
    if (found.length === 0)
      throw new UsageError("condition", {
        what: `pairedOutcomes: no rows for ${describe(selector)}`,
        expected: "a condition the rows hold",
      });
    const ids = found.map((row) => row.requestId);
    if (new Set(ids).size !== ids.length) {
      throw new UsageError("condition", {
        what: `pairedOutcomes: ${describe(selector)} has a request twice`,
        expected: "one row per request (name the model)",
      });
    }
  }
  const right = new Map(b.map((row) => [row.requestId, row.outcome === "right"]));
  const missing = a.filter((row) => !right.has(row.requestId)).map((row) => row.requestId);
  if (missing.length > 0 || a.length !== b.length) {
    throw new UsageError("condition", {
      what: "pairedOutcomes: the two conditions cover different requests",
      expected: "the same requests in both conditions",
      received: `${describe(first)} has ${a.length}, ${describe(second)} has ${b.length}${missing.length > 0 ? `, missing from the second: ${missing.join(", ")}` : ""}`,
    });
  }
  return {
    requestIds: a.map((row) => row.requestId),
    first: a.map((row) => row.outcome === "right"),
    second: a.map((row) => right.get(row.requestId)!),
  };
}

/** One tool as a search ranked it for a request. */
export interface ScoredTool {
  readonly name: string;
  readonly score: number;
}

/** The m tools BM25 ranks highest for the request, best first, with their scores (ties keep catalog order). */
export function searchTools(request: string, tools: readonly McpTool[], m: number): ScoredTool[] {
  if (!Number.isInteger(m) || m < 1)
    throw new UsageError("count", {
      what: "searchTools: invalid m",
      expected: "a whole number >= 1",
      received: String(m),
    });
  const scores = bm25Scorer()(request, tools.map(toolText));
  const order = tools.map((_, index) => index).sort((i, j) => scores[j]! - scores[i]! || i - j);
  return order.slice(0, m).map((i) => ({ name: tools[i]!.name, score: scores[i]! }));
}

/** Recall of a BM25 top-m search over every request, each request ranking its own shuffled catalog as the runner does. */
export interface SearchRecall extends RecallAtK {
  /** Requests whose expected tool the search did not keep: no model can choose it from what is offered. */
  readonly misses: readonly {
    readonly requestId: string;
    readonly request: string;
    readonly expected: string;
    readonly offered: readonly string[];
  }[];
}

export function searchRecall(
  data: CatalogData,
  options: { readonly kind: CatalogKind; readonly size: CatalogSize; readonly m: number; readonly baseSeed: number },
): SearchRecall {
  const ranked = data.requests.map((request) => {
    const catalog = requestCatalog(data, options.kind, options.size, request.id, options.baseSeed);
    return { request, offered: searchTools(request.text, catalog, options.m).map((tool) => tool.name) };
  });
  const recall = recallAtK(
    ranked.map(({ request, offered }) => ({ expected: request.expected, offered })),
    options.m,
  );
  const misses = ranked
    .filter((_, i) => !recall.perRequest[i])
    .map(({ request, offered }) => ({
      requestId: request.id,
      request: request.text,
      expected: request.expected,
      offered,
    }));
  return { ...recall, misses };
}

/** A chapter figure as the chapter states it, with where it appears: `"44 ms" (chapter 14, Part A: Every tool ...)`. */
export function quoteFigure(file: PublishedFigures, id: string): string {
  const figure = file.figures.find((f) => f.id === id);
  if (figure === undefined) {
    throw new UsageError("figure", {
      what: `quoteFigure: no figure "${id}"`,
      expected: `one of the ${file.figures.length} published figure ids`,
      received: JSON.stringify(id),
    });
  }
  if (!("stated" in figure)) {
    throw new UsageError("figure", {
      what: `quoteFigure: "${id}" is a ${figure.type}; it has no wording to quote`,
      expected: "a figure the chapter states in words",
    });
  }
  const where = figure.where.replace(/^chapter 14, Part A, (?:section|figure) '(.*)'$/, "chapter 14, Part A: $1");
  return `"${figure.stated}" (${where})`;
}

/** How many freshly run rows repeat the stored row for the same model, request and condition. */
export interface RerunComparison {
  readonly compared: number;
  /** Same offered tools in the same order, same outcome, same prompt tokens. */
  readonly matching: number;
  /** Keys of rows that differ, or that the stored receipt does not hold. */
  readonly differing: readonly string[];
}

export function compareRerun(stored: readonly Row[], fresh: readonly Row[]): RerunComparison {
  const byKey = new Map(stored.map((row) => [rowKey(row), row]));
  const differing: string[] = [];
  for (const row of fresh) {
    const old = byKey.get(rowKey(row));
    const same =
      old !== undefined &&
      old.outcome === row.outcome &&
      old.promptTokens === row.promptTokens &&
      old.offered.length === row.offered.length &&
      old.offered.every((name, i) => name === row.offered[i]);
    if (!same) differing.push(rowKey(row));
  }
  return { compared: fresh.length, matching: fresh.length - differing.length, differing };
}

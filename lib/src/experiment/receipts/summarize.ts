// The summary tables, derived from a receipt's rows by one pure function.
// The checkpoint calls it to recompute a receipt's tables; loadReceipt refuses a receipt whose
// stored tables differ from what this returns.
import { leastSquares, wilson } from "../../stats/index.js";
import {
  RECEIPT_SCHEMA,
  type CatalogKind,
  type ConditionCell,
  type Protocol,
  type Receipt,
  type Row,
  type Run,
  type Tables,
  type TokenFit,
} from "./receipt.js";

const KIND_ORDER: readonly CatalogKind[] = ["unrelated", "confusable"];
const PROTOCOL_ORDER: readonly Protocol[] = ["native", "choice", "choice-none"];

/** "all" when every tool of the catalog was offered, else the search that picked them. */
export function searchLabel(row: Pick<Row, "search">): string {
  return row.search === undefined ? "all" : `${row.search.method} top ${row.search.top}`;
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length === 0 ? 0 : sum / values.length;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function compareCells(a: ConditionCell, b: ConditionCell): number {
  if (a.model !== b.model) return a.model < b.model ? -1 : 1;
  if (a.kind !== b.kind) return KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
  if (a.size !== b.size) return a.size - b.size;
  if (a.protocol !== b.protocol) return PROTOCOL_ORDER.indexOf(a.protocol) - PROTOCOL_ORDER.indexOf(b.protocol);
  if (a.search === b.search) return 0;
  if (a.search === "all") return -1;
  if (b.search === "all") return 1;
  return a.search < b.search ? -1 : 1;
}

function cellFor(rows: readonly Row[]): ConditionCell {
  const first = rows[0]!;
  const count = (outcome: Row["outcome"]) => rows.filter((r) => r.outcome === outcome).length;
  const right = count("right");
  const interval = wilson(right, rows.length);
  const costs = rows.flatMap((r) => (r.costUsd === undefined ? [] : [r.costUsd]));
  let costUsd: number | null = null;
  if (costs.length > 0) {
    costUsd = 0;
    for (const c of costs) costUsd += c;
  }
  return {
    model: first.model,
    kind: first.kind,
    size: first.size,
    protocol: first.protocol,
    search: searchLabel(first),
    n: rows.length,
    right,
    wrong: count("wrong"),
    noCall: count("no-call"),
    notOffered: count("not-offered"),
    cutShort: count("cut-short"),
    refused: count("refused"),
    share: interval.share,
    low: interval.low,
    high: interval.high,
    recall: first.search === undefined ? null : rows.filter((r) => r.search?.hit === true).length / rows.length,
    meanPromptTokens: mean(rows.map((r) => r.promptTokens)),
    medianPrefillMs: median(rows.flatMap((r) => (r.prefillMs === null ? [] : [r.prefillMs]))),
    medianTotalMs: median(rows.map((r) => r.totalMs)) ?? 0,
    costUsd,
  };
}

/** Least squares of mean prompt tokens over size, per model, kind and protocol, with all tools offered. */
function tokenFits(cells: readonly ConditionCell[]): TokenFit[] {
  const groups = new Map<string, ConditionCell[]>();
  for (const cell of cells) {
    if (cell.search !== "all") continue;
    const key = JSON.stringify([cell.model, cell.kind, cell.protocol]);
    const group = groups.get(key) ?? [];
    group.push(cell);
    groups.set(key, group);
  }
  const fits: TokenFit[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const xs = group.map((c) => c.size);
    const ys = group.map((c) => c.meanPromptTokens);
    let tokensPerTool: number | null = null;
    let intercept: number | null = null;
    let endpointTokensPerTool: number | null = null;
    const line = leastSquares(xs, ys);
    if (line) {
      tokensPerTool = line.slope;
      intercept = line.intercept;
      const last = xs.length - 1; // cells are sorted by size
      endpointTokensPerTool = (ys[last]! - ys[0]!) / (xs[last]! - xs[0]!);
    }
    fits.push({
      model: first.model,
      kind: first.kind,
      protocol: first.protocol,
      tokensPerTool,
      intercept,
      endpointTokensPerTool,
      sizes: xs,
      meanPromptTokens: ys,
    });
  }
  return fits;
}

/**
 * The summary tables of a receipt, recomputed from its rows alone. Pure: the rows are not changed.
 * Rows of requests that need no tool (expected null) are left out: routing accuracy is a share of
 * the requests that need a tool; declineTable reports the others.
 */
export function summarize(rows: readonly Row[]): Tables {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    if (row.expected === null) continue;
    const key = JSON.stringify([row.model, row.kind, row.size, row.protocol, searchLabel(row)]);
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  const conditions = [...groups.values()].map(cellFor).sort(compareCells);
  return { conditions, tokensPerTool: tokenFits(conditions) };
}

/** A receipt with its tables recomputed from its rows. */
export function makeReceipt(run: Run, rows: readonly Row[]): Receipt {
  return { schema: RECEIPT_SCHEMA, run, rows: [...rows], tables: summarize(rows) };
}

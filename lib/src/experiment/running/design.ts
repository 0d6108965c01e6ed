// The experiment's design: which conditions run, in which order, and how each row is keyed.
import type { CatalogSize } from "../catalog/catalog-schema.js";
import type { CatalogKind, Protocol, Row, SearchMethod } from "../receipts/receipt.js";
import { searchLabel } from "../receipts/summarize.js";

export const ALL_KINDS: readonly CatalogKind[] = ["unrelated", "confusable"];
export const ALL_SIZES: readonly CatalogSize[] = [8, 16, 32, 64];
export const ALL_PROTOCOLS: readonly Protocol[] = ["native", "choice"];

export type SearchSpec = { method: SearchMethod; top: number };

/** One condition: a catalog (kind and size), a protocol, and optionally a search that picks the offered tools. */
export type Condition = { kind: CatalogKind; size: CatalogSize; protocol: Protocol; search?: SearchSpec };

export type Design = {
  kinds: readonly CatalogKind[];
  sizes: readonly CatalogSize[];
  protocols: readonly Protocol[];
  /** Searches to run besides offering every tool; empty for none. */
  searches: readonly SearchSpec[];
  /** The catalogs the searches rank (the chapter: the 64-tool confusable one). */
  searchCatalogs: readonly { kind: CatalogKind; size: CatalogSize }[];
};

export const CHAPTER_SEARCH_CATALOGS: Design["searchCatalogs"] = [{ kind: "confusable", size: 64 }];

/** Every condition of a design, in a fixed order: all tools first, then each search on its catalogs. */
export function conditionsOf(design: Design): Condition[] {
  const conditions: Condition[] = [];
  for (const kind of design.kinds)
    for (const size of design.sizes) for (const protocol of design.protocols) conditions.push({ kind, size, protocol });
  for (const search of design.searches)
    for (const { kind, size } of design.searchCatalogs)
      for (const protocol of design.protocols) conditions.push({ kind, size, protocol, search });
  return conditions;
}

/** A row's identity for resuming: the same model, request and condition is never asked twice. */
export function rowKey(row: Pick<Row, "model" | "requestId" | "kind" | "size" | "protocol" | "search">): string {
  return JSON.stringify([row.model, row.requestId, row.kind, row.size, row.protocol, searchLabel(row)]);
}

export function conditionKey(model: string, requestId: string, condition: Condition): string {
  const search = condition.search === undefined ? undefined : { ...condition.search, hit: false };
  return rowKey({
    model,
    requestId,
    kind: condition.kind,
    size: condition.size,
    protocol: condition.protocol,
    ...(search ? { search } : {}),
  });
}

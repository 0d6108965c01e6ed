// The ONE way a receipt is read. Every reader (charts, notebooks, the checkpoint's evidence check,
// the scripts, a resumed run) comes through parseReceipt or loadReceipt, which refuse a receipt
// that does not stand on its rows and its catalog:
//  - the shape (mcp-workbook/receipt@2) and a size limit, so loading stays within bounded memory;
//  - the header's catalog hash is the catalog's, and every row's request, expected tool and seed
//    are the catalog's;
//  - each offered list is the seeded shuffle of its catalog (or, under a search, that search's top
//    tools of it: BM25 is rerun, an embedding search must keep `top` distinct tools of it);
//  - each outcome re-derives from its answer, expected tool, offered list and stop reason, and
//    each search's hit from its offered list; no condition appears twice;
//  - the retrieval baseline's answers are reproduced, and each paid row's cost recomputes;
//  - the tables recompute from the rows.
// The first failing row is named. Writing goes through a temporary file and a rename, so a crash
// leaves either the old receipt or the new one, never half of one.
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { DataError } from "../../errors/data-error.js";
import { preview } from "../../errors/wording.js";
import { bm25Scorer } from "../../tools/bm25.js";
import { topTools } from "../../tools/top-tools.js";
import type { McpTool } from "../../tools/types.js";
import {
  buildCatalog,
  catalogHash,
  loadCatalogData,
  requestSeed,
  shuffledFor,
  type CatalogData,
} from "../catalog/catalog.js";
import { CATALOG_SIZES, type CatalogSize } from "../catalog/catalog-schema.js";
import { rowKey } from "../running/design.js";
import { lexicalAnswer } from "../providers/lexical-provider.js";
import { costUsd, priceFor } from "../providers/prices.js";
import { ReceiptTablesMismatchError } from "./receipt-tables-mismatch-error.js";
import { classify, ReceiptSchema, type Receipt, type Row } from "./receipt.js";
import { summarize } from "./summarize.js";

/** Receipts above this size are refused before they are read: 32 MiB, some 20,000 rows (the full design with every option is about 900 rows a model). */
export const RECEIPT_MAX_BYTES = 32 * 1024 * 1024;

export type ReceiptLoadOptions = {
  /** The catalog the receipt must have run on; default evidence/catalog. */
  catalog?: CatalogData;
  /** Refuse files larger than this many bytes (default RECEIPT_MAX_BYTES). */
  maxBytes?: number;
};

/** Costs are sums of products of integers and list prices: equal up to floating-point rounding. */
const COST_TOLERANCE_USD = 1e-9;

let defaultCatalog: CatalogData | undefined;
function catalogFor(options: ReceiptLoadOptions): CatalogData {
  if (options.catalog !== undefined) return options.catalog;
  defaultCatalog ??= loadCatalogData();
  return defaultCatalog;
}

/** The first place two JSON values differ, as a path like "conditions[3].right", or null. */
export function firstDifference(a: unknown, b: unknown, path = ""): { path: string; a: unknown; b: unknown } | null {
  if (Object.is(a, b)) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (
    a !== null &&
    b !== null &&
    typeof a === "object" &&
    typeof b === "object" &&
    !Array.isArray(a) &&
    !Array.isArray(b)
  ) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const d = firstDifference(ra[key], rb[key], path === "" ? key : `${path}.${key}`);
      if (d) return d;
    }
    return null;
  }
  return { path: path === "" ? "(root)" : path, a, b };
}

function describeRow(row: Row, index: number): string {
  const search = row.search ? `, ${row.search.method} top ${row.search.top}` : "";
  return `row ${index + 1} (${row.model}, ${row.requestId}, ${row.kind} ${row.size}, ${row.protocol}${search})`;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Every check on the rows against the catalog (see the file comment); throws at the first failing row. */
export function checkReceiptRows(receipt: Receipt, catalog: CatalogData, source = "receipt"): void {
  const fail = (row: Row, index: number, what: string, expected: string, received: string): never => {
    throw new DataError("mismatch", { what: `${source}: ${describeRow(row, index)} ${what}`, expected, received });
  };
  const hash = catalogHash(catalog);
  if (receipt.run.catalogHash !== hash) {
    throw new DataError("mismatch", {
      what: `${source} ran on catalog ${receipt.run.catalogHash.slice(0, 16)}…, not on this catalog (${hash.slice(0, 16)}…); its rows cannot be checked against it`,
      expected: "a receipt made with this repository's evidence/catalog",
      received: preview(receipt.run.catalogHash, 70),
    });
  }
  const requests = new Map([...catalog.requests, ...catalog.noToolRequests].map((r) => [r.id, r] as const));
  const tools = new Map(
    [...catalog.shopTools, ...catalog.confusable, ...catalog.unrelated].map((t) => [t.name, t] as const),
  );
  const models = new Set([...receipt.run.model.split(","), ...(receipt.run.runs ?? []).flatMap((r) => r.models)]);
  const catalogs = new Map<string, McpTool[]>();
  const scorer = bm25Scorer();
  const seen = new Set<string>();
  receipt.rows.forEach((row, index) => {
    const key = rowKey(row);
    if (seen.has(key))
      fail(
        row,
        index,
        "repeats a condition an earlier row already answered",
        "each model, request and condition once",
        "a duplicate",
      );
    seen.add(key);
    if (!models.has(row.model))
      fail(row, index, "names a model no run of this receipt asked", [...models].join(", "), row.model);
    const request = requests.get(row.requestId);
    if (request === undefined)
      fail(row, index, "names a request the catalog does not hold", "a request id of evidence/catalog", row.requestId);
    if (request!.text !== row.request)
      fail(row, index, "has a request text that is not the catalog's", preview(request!.text), preview(row.request));
    if (request!.expected !== row.expected)
      fail(
        row,
        index,
        "has an expected tool that is not the catalog's",
        String(request!.expected),
        String(row.expected),
      );
    if (!(CATALOG_SIZES as readonly number[]).includes(row.size))
      fail(row, index, "has a catalog size the design does not have", CATALOG_SIZES.join(", "), String(row.size));
    const seed = requestSeed(receipt.run.baseSeed, row.kind, row.size as CatalogSize, row.requestId);
    if (row.seed !== seed)
      fail(row, index, "has a seed that does not derive from the base seed", String(seed), String(row.seed));
    const catalogKey = `${row.kind}:${row.size}`;
    let built = catalogs.get(catalogKey);
    if (built === undefined) {
      built = buildCatalog(catalog, row.kind, row.size);
      catalogs.set(catalogKey, built);
    }
    const shuffled = shuffledFor(built, seed);
    const names = shuffled.map((t) => t.name);
    if (row.search === undefined) {
      if (!sameList(row.offered, names))
        fail(
          row,
          index,
          "offered a list that is not its catalog's seeded shuffle",
          `${names.length} tools, ${names.slice(0, 3).join(", ")}, …`,
          `${row.offered.length} tools, ${row.offered.slice(0, 3).join(", ")}, …`,
        );
    } else if (row.search.method === "bm25") {
      const top = topTools(row.request, shuffled, scorer, row.search.top).map((t) => t.name);
      if (!sameList(row.offered, top))
        fail(
          row,
          index,
          "offered a list BM25 does not rank top on its catalog",
          top.join(", "),
          row.offered.join(", "),
        );
    } else {
      const distinct = new Set(row.offered);
      const want = Math.min(row.search.top, names.length);
      if (row.offered.length !== want || distinct.size !== want || row.offered.some((n) => !names.includes(n))) {
        fail(
          row,
          index,
          `offered a list that is not ${want} distinct tools of its catalog`,
          `${want} distinct tools of the ${row.kind} ${row.size} catalog`,
          row.offered.join(", "),
        );
      }
    }
    if (row.search !== undefined) {
      const hit = row.expected !== null && row.offered.includes(row.expected);
      if (row.search.hit !== hit)
        fail(row, index, "records a search hit its offered list contradicts", String(hit), String(row.search.hit));
    }
    const outcome = classify(row.answer, row.expected, row.offered, row.stopReason);
    if (row.outcome !== outcome) fail(row, index, "records an outcome its answer does not give", outcome, row.outcome);
    if (receipt.run.provider === "lexical") {
      const offered = row.offered.map((name) => tools.get(name)!);
      const answer = lexicalAnswer({ request: row.request, offered, protocol: row.protocol });
      if (firstDifference(answer, row.answer) !== null)
        fail(
          row,
          index,
          "records an answer the retrieval baseline does not give",
          preview(answer, 80),
          preview(row.answer, 80),
        );
    }
    if (row.costUsd !== undefined) {
      const price = priceFor(row.model, receipt.run.prices?.map((p) => ({ ...p, acceptsTemperature: false })) ?? []);
      if (price === undefined)
        fail(
          row,
          index,
          "has a cost but the receipt holds no price for its model",
          `a price for ${row.model} in run.prices`,
          "none",
        );
      const expected = costUsd(price!, row.promptTokens, row.outputTokens);
      if (Math.abs(expected - row.costUsd) > COST_TOLERANCE_USD)
        fail(
          row,
          index,
          "has a cost its tokens do not give at list price",
          expected.toFixed(8),
          row.costUsd.toFixed(8),
        );
    }
  });
}

/** Validate a parsed receipt: its shape, every row against the catalog, and its tables (see the file comment). */
export function parseReceipt(value: unknown, source = "receipt", options: ReceiptLoadOptions = {}): Receipt {
  const parsed = ReceiptSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "(root)";
    throw new DataError(
      "invalid",
      {
        what: `${source} is not a valid mcp-workbook/receipt@2: at ${where}: ${issue?.message ?? "invalid"}`,
        expected: "a receipt matching mcp-workbook/receipt@2",
      },
      { cause: parsed.error },
    );
  }
  const receipt = parsed.data;
  checkReceiptRows(receipt, catalogFor(options), source);
  const difference = firstDifference(receipt.tables, summarize(receipt.rows), "tables");
  if (difference) throw new ReceiptTablesMismatchError(difference.path, difference.a, difference.b, source);
  return receipt;
}

/** Read and check a receipt file (see the file comment). Throws a DataError (ReceiptTablesMismatchError for edited tables) with a clear message. */
export function loadReceipt(path: string, options: ReceiptLoadOptions = {}): Receipt {
  const maxBytes = options.maxBytes ?? RECEIPT_MAX_BYTES;
  let text: string;
  try {
    const size = statSync(path).size;
    if (size > maxBytes) {
      throw new DataError("invalid", {
        what: `receipt ${path} is ${size} bytes, larger than a receipt is allowed to be`,
        expected: "a receipt of the design's size (a few MB)",
        limit: `${maxBytes} bytes (RECEIPT_MAX_BYTES)`,
      });
    }
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof DataError) throw error;
    throw new DataError(
      "unreadable",
      { what: `cannot read receipt ${path}`, expected: "a readable file", received: (error as Error).message },
      { cause: error },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DataError(
      "invalid",
      { what: `${path} is not JSON`, expected: "a JSON receipt", received: (error as Error).message },
      { cause: error },
    );
  }
  return parseReceipt(value, path, options);
}

/** Write a receipt atomically: a temporary file beside the target, then a rename over it. */
export function writeReceipt(path: string, receipt: Receipt): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(receipt, null, 2) + "\n");
  renameSync(temporary, path);
}

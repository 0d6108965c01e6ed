// Part A's catalog: the shop's tools, the requests, the distractors, and the catalogs of 8, 16, 32
// and 64 tools that each request is offered, every one in its own seeded order.
//
// How a catalog of size s is built (the chapter's rule, made exact):
// - unrelated: the 8 shop tools, then the first s − 8 unrelated tools in file order.
// - confusable: the 8 shop tools, then the first s − 8 confusable tools in round-robin order (the
//   first distractor of each shop tool in shop order, then the second of each, then the third),
//   then, once all 24 are in, the first unrelated tools in file order. So 16 holds one look-alike
//   per shop tool, 32 holds all 24, and 64 is 8 shop + 24 confusable + 32 unrelated.
// Each request then sees shuffledFor(catalog, requestSeed(baseSeed, kind, size, requestId)).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { z } from "zod";
import type { McpTool } from "../../tools/types.js";
import { DataError } from "../../errors/data-error.js";
import { UsageError } from "../../errors/usage-error.js";
import type { Wording } from "../../errors/wording.js";
import { hashToUint32, seededShuffle } from "./catalog-random.js";
import {
  CATALOG_KINDS,
  CATALOG_SIZES,
  SHOP_TOOL_NAMES,
  catalogFiles,
  type CatalogKind,
  type CatalogRequest,
  type CatalogSize,
  type CatalogTool,
  type ConfusableTool,
  type NoToolRequest,
} from "./catalog-schema.js";

export type { McpTool } from "../../tools/types.js";

/** Everything in evidence/catalog/, validated. */
export type CatalogData = {
  shopTools: CatalogTool[];
  requests: CatalogRequest[];
  confusable: ConfusableTool[];
  unrelated: CatalogTool[];
  noToolRequests: NoToolRequest[];
};

const REQUESTS_PER_TOOL = 3;
const CONFUSABLE_PER_TOOL = 3;
const MIN_UNRELATED = 56; // enough for the 64-tool unrelated catalog: 8 shop + 56

/** evidence/catalog, found from this file's place in the package (lib/dist/experiment/catalog or lib/src/experiment/catalog). */
export function defaultCatalogDir(): string {
  return path.resolve(__dirname, "../../../../evidence/catalog");
}

/** Read and validate the five catalog files; any problem is a DataError naming the file. */
export function loadCatalogData(dir: string = defaultCatalogDir()): CatalogData {
  const read = <T extends z.ZodTypeAny>({ file, schema }: { file: string; schema: T }): z.infer<T> => {
    const where = path.join(dir, file);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(where, "utf8"));
    } catch (error) {
      throw new DataError(
        "unreadable",
        {
          what: `catalog file ${where} could not be read as JSON`,
          expected: "a readable JSON file",
          received: (error as Error).message,
        },
        { cause: error },
      );
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join(".") || "(top)"}: ${issue.message}`);
      throw new DataError(
        "invalid",
        {
          what: `catalog file ${where} does not match its schema: ${issues.join("; ")}`,
          expected: `the schema of ${file}`,
        },
        { cause: parsed.error },
      );
    }
    return parsed.data;
  };
  const data: CatalogData = {
    shopTools: read(catalogFiles.shopTools).tools,
    requests: read(catalogFiles.requests).requests,
    confusable: read(catalogFiles.confusable).tools,
    unrelated: read(catalogFiles.unrelated).tools,
    noToolRequests: read(catalogFiles.noToolRequests).requests,
  };
  checkConsistency(data);
  return data;
}

/** The rules that span files; the schemas cannot see them. */
export function checkConsistency(data: CatalogData): void {
  const fail = (wording: Wording) => {
    throw new DataError("mismatch", { ...wording, what: `catalog data: ${wording.what}` });
  };
  const shopNames = data.shopTools.map((tool) => tool.name);
  if (shopNames.length !== SHOP_TOOL_NAMES.length || SHOP_TOOL_NAMES.some((name, i) => shopNames[i] !== name)) {
    fail({
      what: "the shop tools are not the chapter's eight",
      expected: `exactly ${SHOP_TOOL_NAMES.join(", ")} in that order`,
      received: shopNames.join(", "),
    });
  }
  const seen = new Set<string>();
  for (const tool of [...data.shopTools, ...data.confusable, ...data.unrelated]) {
    if (seen.has(tool.name))
      fail({
        what: `tool name "${tool.name}" appears more than once across the files`,
        expected: "each tool name once",
      });
    seen.add(tool.name);
  }
  const ids = new Set<string>();
  for (const request of [...data.requests, ...data.noToolRequests]) {
    if (ids.has(request.id))
      fail({ what: `request id "${request.id}" appears more than once`, expected: "each request id once" });
    ids.add(request.id);
  }
  for (const name of SHOP_TOOL_NAMES) {
    const requests = data.requests.filter((r) => r.expected === name).length;
    if (requests !== REQUESTS_PER_TOOL)
      fail({
        what: `wrong number of requests for ${name}`,
        expected: `${REQUESTS_PER_TOOL} requests for ${name}`,
        received: String(requests),
      });
    const lookalikes = data.confusable.filter((t) => t.resembles === name).length;
    if (lookalikes !== CONFUSABLE_PER_TOOL) {
      fail({
        what: `wrong number of confusable tools resembling ${name}`,
        expected: `${CONFUSABLE_PER_TOOL} confusable tools resembling ${name}`,
        received: String(lookalikes),
      });
    }
  }
  if (data.unrelated.length < MIN_UNRELATED) {
    fail({
      what: "too few unrelated tools",
      expected: `at least ${MIN_UNRELATED} unrelated tools`,
      received: String(data.unrelated.length),
    });
  }
}

/** Only what a server advertises: drops catalog bookkeeping such as `resembles`. */
function asMcpTool(tool: CatalogTool | ConfusableTool): McpTool {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema };
}

/** The confusable tools in round-robin order over the shop tools (see the rule at the top). */
export function confusableOrder(data: CatalogData): ConfusableTool[] {
  const ordered: ConfusableTool[] = [];
  for (let round = 0; round < CONFUSABLE_PER_TOOL; round++) {
    for (const shop of SHOP_TOOL_NAMES) {
      const tool = data.confusable.filter((t) => t.resembles === shop)[round];
      if (tool !== undefined) ordered.push(tool);
    }
  }
  return ordered;
}

/**
 * The catalog of `size` tools (8, 16, 32 or 64; checked at run time, since sizes often come from a
 * command line) of a kind, in canonical order (shop tools first), before any shuffle. See the rule
 * at the top of this file.
 */
export function buildCatalog(data: CatalogData, kind: CatalogKind, size: CatalogSize | number): McpTool[] {
  if (!(CATALOG_KINDS as readonly string[]).includes(kind)) {
    throw new UsageError("catalog-argument", {
      what: "unknown catalog kind",
      expected: `one of ${CATALOG_KINDS.join(", ")}`,
      received: String(kind),
    });
  }
  if (!(CATALOG_SIZES as readonly number[]).includes(size)) {
    throw new UsageError("catalog-argument", {
      what: "unknown catalog size",
      expected: `one of ${CATALOG_SIZES.join(", ")}`,
      received: String(size),
    });
  }
  const distractors = kind === "unrelated" ? data.unrelated : [...confusableOrder(data), ...data.unrelated];
  const needed = size - data.shopTools.length;
  if (distractors.length < needed) {
    throw new UsageError("catalog-argument", {
      what: `the data is too small for a ${size}-tool ${kind} catalog`,
      expected: `${needed} distractors`,
      received: String(distractors.length),
      limit: `${distractors.length} distractors in the data`,
    });
  }
  return [...data.shopTools, ...distractors.slice(0, needed)].map(asMcpTool);
}

/** A new array: the tools in the order mulberry32(seed) shuffles them to (see catalog-random.ts). */
export function shuffledFor<T>(tools: readonly T[], seed: number): T[] {
  checkSeed("seed", seed);
  return seededShuffle(tools, seed);
}

/**
 * The seed of one request's shuffle: the first four bytes of
 * SHA-256(`${baseSeed}:${kind}:${size}:${requestId}`) as an unsigned big-endian integer. A receipt
 * records baseSeed; from it every request's order can be rebuilt, in any language.
 */
export function requestSeed(
  baseSeed: number,
  kind: CatalogKind,
  size: CatalogSize | number,
  requestId: string,
): number {
  checkSeed("baseSeed", baseSeed);
  return hashToUint32(`${baseSeed}:${kind}:${size}:${requestId}`);
}

/** The catalog one request is offered: built, then shuffled with its own seed. */
export function requestCatalog(
  data: CatalogData,
  kind: CatalogKind,
  size: CatalogSize | number,
  requestId: string,
  baseSeed: number,
): McpTool[] {
  return shuffledFor(buildCatalog(data, kind, size), requestSeed(baseSeed, kind, size, requestId));
}

/**
 * SHA-256 (hex) of the catalog data as canonical JSON (object keys sorted at every level, no
 * whitespace), so a receipt can name the exact catalog it ran on, independent of file formatting.
 */
export function catalogHash(data: CatalogData): string {
  return createHash("sha256").update(canonicalJson(data), "utf8").digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function checkSeed(label: string, seed: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new UsageError("seed", {
      what: `invalid ${label}`,
      expected: "a whole number from 0 to 4294967295 (32 bits)",
      received: String(seed),
    });
  }
}

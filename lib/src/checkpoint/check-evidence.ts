// Check 6: the evidence stands on its rows. Every receipt's tables recompute from its rows, every
// BM25 search row's offered list comes out the same when the search reruns, and every paid row's
// cost recomputes from its tokens at list price.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { catalogHash, loadCatalogData, requestCatalog } from "../experiment/catalog.js";
import { ANTHROPIC_PRICES, costUsd, priceFor } from "../experiment/prices.js";
import { ProtocolCostReceiptSchema, quantile, PROTOCOL_COST_SCHEMA } from "../experiment/protocol-cost.js";
import { RECEIPT_SCHEMA, type Receipt } from "../experiment/receipt.js";
import { parseReceipt } from "../experiment/receipt-file.js";
import { bm25Scorer } from "../tools/bm25.js";
import { fail, type CheckSpec } from "./harness.js";
import type { Implementation } from "./implementation.js";

/** The repository's evidence folder. */
export const DEFAULT_EVIDENCE_DIR = resolve(__dirname, "../../../evidence");

/** Costs are sums of products of integers and list prices: equal up to floating-point rounding. */
const COST_TOLERANCE_USD = 1e-9;

interface Tally {
  receipts: number;
  searchRows: number;
  paidRows: number;
  paidRuns: number;
}

export function evidenceCheck(options: { evidenceDir?: string } = {}): CheckSpec {
  const evidenceDir = options.evidenceDir ?? DEFAULT_EVIDENCE_DIR;
  return {
    name: "evidence recomputes",
    title: "every receipt's tables recompute from its rows, the BM25 search reruns identically, and each paid run's cost recomputes at list price",
    deadlineMs: 120_000,
    needs: ["topTools"],
    body: async (impl) => {
      const receiptsDir = join(evidenceDir, "receipts");
      const files = existsSync(receiptsDir) ? readdirSync(receiptsDir).filter((name) => name.endsWith(".json")).sort() : [];
      if (files.length === 0) fail(`no receipts in ${receiptsDir}`);
      const tally: Tally = { receipts: 0, searchRows: 0, paidRows: 0, paidRuns: 0 };
      for (const file of files) {
        const path = join(receiptsDir, file);
        let value: unknown;
        try {
          value = JSON.parse(readFileSync(path, "utf8"));
        } catch (error) {
          fail(`${file} is not JSON: ${(error as Error).message}`);
        }
        const schema = (value as { schema?: unknown } | null)?.schema;
        if (schema === RECEIPT_SCHEMA) checkExperimentReceipt(impl, parseReceipt(value, file), file, evidenceDir, tally);
        else if (schema === PROTOCOL_COST_SCHEMA) checkProtocolCost(value, file);
        else fail(`${file} has an unknown schema ${JSON.stringify(schema)}`);
        tally.receipts += 1;
      }
      const paid = tally.paidRuns === 0 ? "no paid run in evidence/" : `${tally.paidRuns} paid run${tally.paidRuns === 1 ? "" : "s"}, ${tally.paidRows} costs recomputed`;
      return `${tally.receipts} receipts, ${tally.searchRows} BM25 search rows rerun; ${paid}`;
    },
  };
}

/** Tables were already checked by parseReceipt; here the search rows and the costs. */
function checkExperimentReceipt(impl: Implementation, receipt: Receipt, file: string, evidenceDir: string, tally: Tally): void {
  const searchRows = receipt.rows.filter((row) => row.search?.method === "bm25");
  if (searchRows.length > 0) {
    const data = loadCatalogData(join(evidenceDir, "catalog"));
    if (catalogHash(data) !== receipt.run.catalogHash) {
      fail(`${file} ran on catalog ${receipt.run.catalogHash.slice(0, 12)}…, but evidence/catalog now hashes to ${catalogHash(data).slice(0, 12)}…; its search cannot rerun on the same tools`);
    }
    const scorer = bm25Scorer();
    for (const row of searchRows) {
      const catalog = requestCatalog(data, row.kind, row.size, row.requestId, receipt.run.baseSeed);
      const offered = impl.topTools(row.request, catalog, scorer, row.search!.top).map((tool) => tool.name);
      if (offered.join("\n") !== row.offered.join("\n")) {
        fail(
          `${file}: the BM25 search for ${row.requestId} (${row.kind}, ${row.size} tools, ${row.protocol}) now offers ` +
            `[${offered.join(", ")}], the receipt recorded [${row.offered.join(", ")}]`,
        );
      }
    }
    tally.searchRows += searchRows.length;
  }

  const paidRows = receipt.rows.filter((row) => row.costUsd !== undefined);
  if (paidRows.length === 0 && !((receipt.run.spentUsd ?? 0) > 0)) return;
  let total = 0;
  for (const row of paidRows) {
    const price = receipt.run.prices?.find((entry) => entry.model === row.model || row.model.startsWith(`${entry.model}-`)) ?? priceFor(row.model, ANTHROPIC_PRICES);
    if (price === undefined) fail(`${file}: no list price for ${row.model}, so its cost cannot be recomputed`);
    const listed = priceFor(price.model, ANTHROPIC_PRICES);
    if (listed && (listed.inputUsdPerMTok !== price.inputUsdPerMTok || listed.outputUsdPerMTok !== price.outputUsdPerMTok)) {
      fail(`${file}: the receipt prices ${price.model} at $${price.inputUsdPerMTok}/$${price.outputUsdPerMTok} per MTok, the list price table at $${listed.inputUsdPerMTok}/$${listed.outputUsdPerMTok}`);
    }
    const recomputed = costUsd(price, row.promptTokens, row.outputTokens);
    if (Math.abs(recomputed - row.costUsd!) > COST_TOLERANCE_USD) {
      fail(`${file}: ${row.requestId} (${row.size} tools, ${row.protocol}) records $${row.costUsd}, its tokens at list price cost $${recomputed}`);
    }
    total += recomputed;
  }
  if (receipt.run.spentUsd !== undefined && Math.abs(receipt.run.spentUsd - total) > COST_TOLERANCE_USD * Math.max(1, paidRows.length)) {
    fail(`${file}: the run records $${receipt.run.spentUsd} spent, its rows recompute to $${total}`);
  }
  tally.paidRows += paidRows.length;
  tally.paidRuns += 1;
}

/** The protocol-cost receipt's summary figures recompute from its per-call times. */
function checkProtocolCost(value: unknown, file: string): void {
  const parsed = ProtocolCostReceiptSchema.safeParse(value);
  if (!parsed.success) fail(`${file} is not a valid ${PROTOCOL_COST_SCHEMA}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const receipt = parsed.data;
  const median = quantile(receipt.callMs, 0.5);
  const p95 = quantile(receipt.callMs, 0.95);
  if (median !== receipt.medianCallMs) fail(`${file} records a median call of ${receipt.medianCallMs} ms, its calls give ${median} ms`);
  if (p95 !== receipt.p95CallMs) fail(`${file} records a p95 call of ${receipt.p95CallMs} ms, its calls give ${p95} ms`);
}

// The evidence rule: every receipt's tables recompute from its rows (the grader's own parser),
// every BM25 search row offers the same tools when the graded topTools reruns it, and every paid
// row's cost recomputes from its tokens at list price.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { catalogHash, loadCatalogData, requestCatalog } from "../../experiment/catalog/catalog.js";
import { ANTHROPIC_PRICES, costUsd, priceFor } from "../../experiment/providers/prices.js";
import { ProtocolCostReceiptSchema, quantile, PROTOCOL_COST_SCHEMA } from "../../experiment/running/protocol-cost.js";
import { RECEIPT_SCHEMA, type Receipt } from "../../experiment/receipts/receipt.js";
import { parseReceipt } from "../../experiment/receipts/receipt-file.js";
import { valueOf } from "./expect.js";
import { failRule, type Rule, type RuleContext } from "./types.js";

export const DEFAULT_EVIDENCE_DIR = resolve(__dirname, "../../../../evidence");
const COST_TOLERANCE_USD = 1e-9;

export function evidenceRule(evidenceDir: string = DEFAULT_EVIDENCE_DIR): Rule {
  return {
    id: "evidence-recomputes",
    title: "receipts' tables, the BM25 search rows and paid runs' costs recompute from evidence/",
    points: 2,
    needs: ["topTools"],
    pieces: ["topTools"],
    dependsOn: [],
    visibility: "visible",
    where: "learner/src/search.ts: topTools (ties keep catalog order; a new array; m larger than the catalog)",
    deadlineMs: 120_000,
    body: async (context) => {
      const receiptsDir = join(evidenceDir, "receipts");
      const files = existsSync(receiptsDir)
        ? readdirSync(receiptsDir)
            .filter((name) => name.endsWith(".json"))
            .sort()
        : [];
      if (files.length === 0) failRule("evidence/receipts", "at least one receipt", "none");
      let searchRows = 0;
      for (const file of files) {
        const value = JSON.parse(readFileSync(join(receiptsDir, file), "utf8")) as { schema?: unknown };
        if (value.schema === RECEIPT_SCHEMA)
          searchRows += await checkReceipt(context, parseReceipt(value, file), file, evidenceDir);
        else if (value.schema === PROTOCOL_COST_SCHEMA) checkProtocolCost(value, file);
        else failRule(file, "a known receipt schema", JSON.stringify(value.schema));
      }
      return `${files.length} receipts, ${searchRows} BM25 search rows rerun`;
    },
  };
}

async function checkReceipt(
  context: RuleContext,
  receipt: Receipt,
  file: string,
  evidenceDir: string,
): Promise<number> {
  const searchRows = receipt.rows.filter((row) => row.search?.method === "bm25");
  if (searchRows.length > 0) {
    const data = loadCatalogData(join(evidenceDir, "catalog"));
    if (catalogHash(data) !== receipt.run.catalogHash)
      failRule(`${file}'s catalog`, receipt.run.catalogHash.slice(0, 12), catalogHash(data).slice(0, 12));
    const queries = searchRows.map((row) => ({
      request: row.request,
      tools: requestCatalog(data, row.kind, row.size, row.requestId, receipt.run.baseSeed),
      m: row.search!.top,
    }));
    const offered = valueOf(
      await context.ask({ op: "topTools.bm25", queries }, 60_000),
      `topTools over ${file}'s ${searchRows.length} search rows`,
      "a ranking per row",
    ) as string[][];
    searchRows.forEach((row, index) => {
      const got = offered[index] ?? [];
      if (got.join("\n") !== row.offered.join("\n"))
        failRule(
          `${file}: the BM25 search for ${row.requestId} (${row.kind}, ${row.size} tools)`,
          `[${row.offered.join(", ")}] (the receipt)`,
          `[${got.join(", ")}]`,
        );
    });
  }
  const paidRows = receipt.rows.filter((row) => row.costUsd !== undefined);
  let total = 0;
  for (const row of paidRows) {
    const price =
      receipt.run.prices?.find((entry) => entry.model === row.model || row.model.startsWith(`${entry.model}-`)) ??
      priceFor(row.model, ANTHROPIC_PRICES);
    if (price === undefined) failRule(`${file}: ${row.model}`, "a list price", "none");
    const recomputed = costUsd(price, row.promptTokens, row.outputTokens);
    if (Math.abs(recomputed - row.costUsd!) > COST_TOLERANCE_USD)
      failRule(`${file}: ${row.requestId}'s cost`, `$${recomputed} (its tokens at list price)`, `$${row.costUsd}`);
    total += recomputed;
  }
  if (
    receipt.run.spentUsd !== undefined &&
    paidRows.length > 0 &&
    Math.abs(receipt.run.spentUsd - total) > COST_TOLERANCE_USD * paidRows.length
  ) {
    failRule(`${file}: the run's spend`, `$${total} (its rows)`, `$${receipt.run.spentUsd}`);
  }
  return searchRows.length;
}

function checkProtocolCost(value: unknown, file: string): void {
  const parsed = ProtocolCostReceiptSchema.safeParse(value);
  if (!parsed.success) failRule(file, `a valid ${PROTOCOL_COST_SCHEMA}`, parsed.error.issues[0]?.message ?? "invalid");
  const receipt = parsed.data;
  if (quantile(receipt.callMs, 0.5) !== receipt.medianCallMs)
    failRule(`${file}'s median call`, `${quantile(receipt.callMs, 0.5)} ms`, `${receipt.medianCallMs} ms`);
  if (quantile(receipt.callMs, 0.95) !== receipt.p95CallMs)
    failRule(`${file}'s p95 call`, `${quantile(receipt.callMs, 0.95)} ms`, `${receipt.p95CallMs} ms`);
}

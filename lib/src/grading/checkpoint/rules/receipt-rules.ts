// The evidence rules. evidence-recomputes: every receipt's tables recompute from its rows (the
// grader's own parser), and every BM25 search row offers the same tools when the graded topTools
// reruns it. costs-recompute: every paid row's cost recomputes from its tokens at list price; with
// no paid row anywhere it has nothing to check and says so (not applicable, 0 points).
import { FREE_CHOICES } from "./free-choices.js";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { catalogHash, loadCatalogData, requestCatalog } from "../../../experiment/catalog/catalog.js";
import { ANTHROPIC_PRICES, costUsd, priceFor } from "../../../experiment/providers/prices.js";
import {
  ProtocolCostReceiptSchema,
  quantile,
  PROTOCOL_COST_SCHEMA,
} from "../../../experiment/running/protocol-cost.js";
import { RECEIPT_SCHEMA, type Receipt } from "../../../experiment/receipts/receipt.js";
import { parseReceipt } from "../../../experiment/receipts/receipt-file.js";
import { ruleProperty } from "../properties/properties.js";
import { valueOf } from "./expect.js";
import { failRule, notApplicable, type ObservedRule, type Rule, type RuleContext } from "./types.js";

export const DEFAULT_EVIDENCE_DIR = resolve(__dirname, "../../../../../evidence");
const COST_TOLERANCE_USD = 1e-9;

export function evidenceRule(evidenceDir: string = DEFAULT_EVIDENCE_DIR): ObservedRule {
  return {
    id: "evidence-recomputes",
    observation: 6,
    title: "receipts' tables and the BM25 search rows recompute from evidence/",
    points: 2,
    needs: ["topTools"],
    pieces: ["topTools"],
    dependsOn: [],
    visibility: "visible",
    where: "learner/src/search.ts: topTools (ties keep catalog order; a new array; m larger than the catalog)",
    demands: [
      {
        says: "A search keeps the m tools whose text scores highest, best first; equal scores keep catalog order.",
        chapterLines: [138, 151, 152, 153, 154],
      },
      {
        says: "A search leaves the catalog it is handed as it was: it ranks into a new list and writes nothing onto the tools.",
        chapterLines: [147, 153, 154],
      },
      {
        says: "The receipts' tables recompute from their rows, and the BM25 search reruns identically.",
        chapterLines: [645, 647],
      },
    ],
    freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.topToolsSortsCopy],
    deadlineMs: 120_000,
    body: async (context) => {
      const files = receiptFiles(evidenceDir);
      if (files.length === 0) failRule("evidence/receipts", "at least one receipt", "none");
      let searchRows = 0;
      for (const file of files) {
        const value = JSON.parse(readFileSync(join(evidenceDir, "receipts", file), "utf8")) as { schema?: unknown };
        if (value.schema === RECEIPT_SCHEMA)
          searchRows += await checkReceipt(context, parseReceipt(value, file), file, evidenceDir);
        else if (value.schema === PROTOCOL_COST_SCHEMA) checkProtocolCost(value, file);
        else failRule(file, "a known receipt schema", JSON.stringify(value.schema));
      }
      // Beyond the receipts' rows: topTools on generated catalogs (ties, m of 0, m past the catalog).
      await ruleProperty(context, "evidence-recomputes");
      return `${files.length} receipts, ${searchRows} BM25 search rows rerun`;
    },
  };
}

/** The receipts' file names, sorted. */
function receiptFiles(evidenceDir: string): string[] {
  const receiptsDir = join(evidenceDir, "receipts");
  return existsSync(receiptsDir)
    ? readdirSync(receiptsDir)
        .filter((name) => name.endsWith(".json"))
        .sort()
    : [];
}

export function costsRule(evidenceDir: string = DEFAULT_EVIDENCE_DIR): ObservedRule {
  return {
    id: "costs-recompute",
    observation: 6,
    tableNotes: { needs: "(none: the receipts)", once: "not applicable when no receipt holds a paid row" },
    title: "paid runs' costs recompute from their tokens at list price",
    points: 1,
    needs: [],
    pieces: ["topTools"], // Part A's evidence, beside the search the build notebook's topTools section grades
    dependsOn: [],
    visibility: "visible",
    where: "evidence/receipts/: a paid row's costUsd and the run's spentUsd (lib/src/experiment/providers/prices.ts)",
    demands: [{ says: "A paid run's cost recomputes from its tokens at list price.", chapterLines: [34, 645] }],
    freeChoices: [],
    deadlineMs: 30_000,
    body: async () => {
      let paid = 0;
      let total = 0;
      for (const file of receiptFiles(evidenceDir)) {
        const value = JSON.parse(readFileSync(join(evidenceDir, "receipts", file), "utf8")) as { schema?: unknown };
        if (value.schema !== RECEIPT_SCHEMA) continue;
        const receipt = parseReceipt(value, file);
        const cost = checkCosts(receipt, file);
        paid += cost.rows;
        total += cost.usd;
      }
      if (paid === 0)
        return notApplicable("no paid rows to recompute: no receipt in evidence/receipts/ records a paid run");
      return `${paid} paid rows, $${total.toFixed(4)} at list price`;
    },
  };
}

/** Every paid row's cost and the run's spend, recomputed from tokens at list price. */
function checkCosts(receipt: Receipt, file: string): { rows: number; usd: number } {
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
  return { rows: paidRows.length, usd: total };
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

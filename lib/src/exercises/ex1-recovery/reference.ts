// Exercise 1's reference answer, offline: the retrieval baseline (not a language model) asked at 8 and 64 tools.
import { loadCatalogData } from "../../experiment/catalog/catalog.js";
import type { Design } from "../../experiment/running/design.js";
import { lexicalProvider, LEXICAL_DEFAULT_MODEL } from "../../experiment/providers/lexical-provider.js";
import type { Receipt } from "../../experiment/receipts/receipt.js";
import { runExperiment } from "../../experiment/running/runner.js";
import { recoveryReport, type RecoveryReport } from "./analysis.js";

/** The chapter's seed for the per-request shuffles. */
export const BASE_SEED = 14;

/** Exercise 1's design: accuracy is asked at 64 tools, and a cost per tool needs a second size to fit a slope. */
export const RECOVERY_DESIGN: Design = { kinds: ["unrelated", "confusable"], sizes: [8, 64], protocols: ["native", "choice"], searches: [], searchCatalogs: [] };

/** Exercise 1 offline: the retrieval baseline's receipt and its recovery report. */
export async function referenceRecovery(): Promise<{ receipt: Receipt; report: RecoveryReport }> {
  const { receipt } = await runExperiment({
    provider: lexicalProvider(), model: LEXICAL_DEFAULT_MODEL, data: loadCatalogData(), design: RECOVERY_DESIGN, baseSeed: BASE_SEED,
  });
  return { receipt, report: recoveryReport(receipt) };
}

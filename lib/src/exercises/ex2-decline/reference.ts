// Exercise 2's reference answer, offline: the retrieval baseline asked the six no-tool requests too.
import { loadCatalogData } from "../../experiment/catalog/catalog.js";
import type { Design } from "../../experiment/running/design.js";
import { lexicalProvider, LEXICAL_DEFAULT_MODEL } from "../../experiment/providers/lexical-provider.js";
import type { Receipt } from "../../experiment/receipts/receipt.js";
import { runExperiment } from "../../experiment/running/runner.js";
import { BASE_SEED } from "../ex1-recovery/reference.js";
import { declineTable, type DeclineCell } from "./analysis.js";

/** Exercise 2's design: the constrained choice with and without none_of_these, beside native calling. */
export const DECLINE_DESIGN: Design = { kinds: ["unrelated"], sizes: [8, 64], protocols: ["native", "choice", "choice-none"], searches: [], searchCatalogs: [] };

/** Exercise 2 offline: the retrieval baseline asked the six no-tool requests too, and its decline table. */
export async function referenceDecline(): Promise<{ receipt: Receipt; table: DeclineCell[] }> {
  const { receipt } = await runExperiment({
    provider: lexicalProvider(), model: LEXICAL_DEFAULT_MODEL, data: loadCatalogData(), design: DECLINE_DESIGN, baseSeed: BASE_SEED,
    noToolRequests: true,
  });
  return { receipt, table: declineTable(receipt) };
}

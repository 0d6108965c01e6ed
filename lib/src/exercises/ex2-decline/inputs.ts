// Exercise 2's inputs: receipts of retrieval routers (BM25; not language models) asked the
// requests that need a tool and the six that need none, under native calling, the plain choice
// and the choice that may decline. Two routers that differ in how readily they decline stand in
// for two models, so the counts differ per "model"; the seed moves the second one's threshold.
import { seededInt } from "../../grading/trials/seeded.js";
import { loadCatalogData } from "../../experiment/catalog/catalog.js";
import type { Receipt } from "../../experiment/receipts/receipt.js";
import {
  lexicalProvider,
  LEXICAL_DEFAULT_MIN_SCORE,
  LEXICAL_LABEL,
} from "../../experiment/providers/lexical-provider.js";
import type { Provider } from "../../experiment/providers/provider.js";
import { runExperiment } from "../../experiment/running/runner.js";
import { UsageError } from "../../errors/usage-error.js";

/** The chapter's seed for the per-request shuffles. */
const BASE_SEED = 14;

/** Routers named by their decline threshold: "bm25-min1" declines below a BM25 score of 1. */
function routers(minScores: readonly number[]): { provider: Provider; models: string[] } {
  const byModel = new Map(
    minScores.map((minScore) => [`bm25-min${minScore}`, lexicalProvider({ minScore, countTokens: false })]),
  );
  const provider: Provider = {
    name: "lexical",
    label: `${LEXICAL_LABEL} (routers that differ in their decline threshold)`,
    ask: (ask) => {
      const router = byModel.get(ask.model);
      if (router === undefined)
        throw new UsageError("model", {
          what: `no router named ${ask.model}`,
          expected: [...byModel.keys()].join(", "),
        });
      return router.ask(ask);
    },
  };
  return { provider, models: [...byModel.keys()] };
}

const cache = new Map<number, Promise<Receipt>>();

/** A receipt of two routers over both catalog kinds, at 8 and 64 tools, every protocol, with the six no-tool requests. */
export function declineReceipt(seed: number): Promise<Receipt> {
  const strict = 2 + seededInt(seed, "ex2:strict", 0, 4) / 2;
  let receipt = cache.get(strict);
  if (receipt === undefined) {
    const { provider, models } = routers([LEXICAL_DEFAULT_MIN_SCORE, strict]);
    receipt = runExperiment({
      provider,
      model: models,
      data: loadCatalogData(),
      baseSeed: BASE_SEED,
      noToolRequests: true,
      date: "2026-01-01T00:00:00.000Z",
      design: {
        kinds: ["unrelated", "confusable"],
        sizes: [8, 64],
        protocols: ["native", "choice", "choice-none"],
        searches: [],
        searchCatalogs: [],
      },
    }).then((result) => result.receipt);
    cache.set(strict, receipt);
  }
  return receipt;
}

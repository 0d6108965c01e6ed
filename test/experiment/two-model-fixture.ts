// A two-model run by script, through the real runner, so its receipt is exactly what the command
// would write: a small model that falls apart at 64 tools and a larger one that holds, each with
// prompt tokens and prefill time that grow by a known amount per tool offered.
import { loadCatalogData, type CatalogData } from "../../lib/src/experiment/catalog/catalog.js";
import type { Design } from "../../lib/src/experiment/running/design.js";
import type { Reply } from "../../lib/src/experiment/providers/provider.js";
import type { Receipt } from "../../lib/src/experiment/receipts/receipt.js";
import { runExperiment } from "../../lib/src/experiment/running/runner.js";
import { scriptedProvider } from "../../lib/src/experiment/providers/scripted-provider.js";

export const data: CatalogData = loadCatalogData();

export const SMALL = "qwen2.5:1.5b";
export const LARGE = "qwen2.5:7b";

/** Tokens and prefill as straight lines in tools offered, so the fitted slopes are known exactly. */
export const COSTS = {
  [SMALL]: { tokensPerTool: 40, tokensFixed: 300, prefillPerTool: 2, prefillFixed: 30 },
  [LARGE]: { tokensPerTool: 40, tokensFixed: 300, prefillPerTool: 5, prefillFixed: 80 },
} as const;

export const TWO_MODEL_DESIGN: Design = {
  kinds: ["unrelated", "confusable"],
  sizes: [8, 16, 64],
  protocols: ["native", "choice"],
  searches: [],
  searchCatalogs: [],
};

export const expectedOf = (text: string): string | null => data.requests.find((r) => r.text === text)?.expected ?? null;

/**
 * At 64 tools the small model gets only the 8 requests whose id ends in -3 right; the other 16 it
 * answers in words (native) or with another offered tool (choice). It is right everywhere else, and
 * the large model is always right. Requests that need no tool are declined in words.
 */
export function twoModelProvider() {
  return scriptedProvider((ask): Reply => {
    const expected = expectedOf(ask.request);
    const id = data.requests.find((r) => r.text === ask.request)?.id ?? "";
    const fails = ask.model === SMALL && ask.offered.length === 64 && /-(1|2)$/.test(id);
    const cost = COSTS[ask.model as keyof typeof COSTS];
    const n = ask.offered.length;
    const answer: Reply["answer"] =
      expected === null
        ? { kind: "text", text: "You're welcome!" }
        : !fails
          ? { kind: "call", name: expected, arguments: {} }
          : ask.protocol === "native"
            ? { kind: "text", text: "I am not sure." }
            : { kind: "call", name: ask.offered.find((t) => t.name !== expected)!.name, arguments: {} };
    return {
      answer,
      promptTokens: cost.tokensFixed + cost.tokensPerTool * n,
      outputTokens: 5,
      prefillMs: cost.prefillFixed + cost.prefillPerTool * n,
      totalMs: 100,
      stopReason: "stop",
      usage: null,
    };
  }, "two scripted models, not language models");
}

let cached: Promise<Receipt> | undefined;

/** The run, done once per test file; a fresh deep copy for each caller. */
export async function twoModelReceipt(): Promise<Receipt> {
  cached ??= runTwoModels();
  return structuredClone(await cached);
}

async function runTwoModels(): Promise<Receipt> {
  const result = await runExperiment({
    provider: twoModelProvider(),
    model: [LARGE, SMALL], // deliberately not in size order
    data,
    design: TWO_MODEL_DESIGN,
    baseSeed: 14,
    date: "2026-01-02T03:04:05.000Z",
  });
  return result.receipt;
}

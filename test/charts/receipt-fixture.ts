// A small receipt built through the experiment's own makeReceipt, so its tables are real.
import type { Receipt, Row, Run } from "../../lib/src/experiment/receipts/receipt.js";
import { makeReceipt } from "../../lib/src/experiment/receipts/summarize.js";

export const FIXTURE_RUN: Run = {
  provider: "lexical",
  providerLabel: "retrieval baseline, not a language model",
  model: "bm25-top1",
  date: "2025-11-30T12:00:00.000Z",
  harnessVersion: "test",
  catalogHash: "sha256:test",
  baseSeed: 14,
  tokenizer: "a test tokenizer",
};

/** Four requests per condition: `right[i]` of them right, the rest declined (native) or wrong (choice). */
function rows(
  kind: Row["kind"],
  size: number,
  protocol: Row["protocol"],
  right: number,
  search?: Row["search"],
): Row[] {
  return Array.from({ length: 4 }, (_, i) => {
    const ok = i < right;
    const answer: Row["answer"] = ok
      ? { kind: "call", name: "stock_level", arguments: {} }
      : protocol === "native"
        ? { kind: "text", text: "no" }
        : { kind: "call", name: "word_count", arguments: {} };
    return {
      model: FIXTURE_RUN.model,
      requestId: `r${i}`,
      request: `request ${i}`,
      expected: "stock_level",
      kind,
      size,
      protocol,
      ...(search === undefined ? {} : { search }),
      offered: ["stock_level", "word_count"],
      seed: i,
      answer,
      stopReason: null,
      outcome: ok ? "right" : protocol === "native" ? "no-call" : "wrong",
      promptTokens: (protocol === "native" ? 100 + 40 * size : 50 + 10 * size) + (kind === "confusable" ? 3 : 0),
      outputTokens: 0,
      prefillMs: null,
      totalMs: 1,
    };
  });
}

export function fixtureReceipt(): Receipt {
  const all: Row[] = [];
  for (const kind of ["unrelated", "confusable"] as const)
    for (const size of [8, 16, 32, 64])
      for (const protocol of ["native", "choice"] as const)
        all.push(...rows(kind, size, protocol, size === 64 ? 2 : 4));
  for (const protocol of ["native", "choice"] as const) {
    all.push(...rows("confusable", 64, protocol, 3, { method: "bm25", top: 5, hit: true }));
  }
  return makeReceipt(FIXTURE_RUN, all);
}

// Every chart says where its numbers come from: the chapter (quoted) or a receipt (who answered,
// which model, when). A retrieval baseline is never allowed to pass for a language model.
import type { Run } from "./receipt.js";

/** The label on every chart drawn from evidence/published: figures quoted, not measured here. */
export const PUBLISHED_SOURCE_LABEL = "published: chapter 14 (quoted)";

const BASELINE_WORDS = "retrieval baseline, not a language model";

/** "receipt: <provider label>, <model>, <date>", from a receipt's run. */
export function receiptSourceLabel(run: Pick<Run, "provider" | "providerLabel" | "model" | "date">): string {
  let providerLabel = run.providerLabel.trim() === "" ? run.provider : `${run.provider} (${run.providerLabel})`;
  // The offline router is labeled as what it is even if a receipt's own label forgot to say so.
  if (run.provider === "lexical" && !/retrieval baseline/i.test(providerLabel)) {
    providerLabel = `${run.provider} (${BASELINE_WORDS})`;
  }
  const day = /^\d{4}-\d{2}-\d{2}/.exec(run.date)?.[0] ?? run.date;
  return `receipt: ${providerLabel}, ${run.model}, ${day}`;
}

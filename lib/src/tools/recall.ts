import { UsageError } from "../errors/usage-error.js";

/** One request's search result: the tool it needed and the names offered, best first. */
export type Ranking = { expected: string; offered: readonly string[] };

export type RecallAtK = { perRequest: boolean[]; hits: number; total: number; recall: number };

/**
 * Recall@k: the share of requests whose expected tool is among the first k names offered. It is a
 * ceiling on accuracy after search: a tool the search did not offer cannot be chosen.
 */
export function recallAtK(rankings: readonly Ranking[], k: number): RecallAtK {
  if (!Number.isInteger(k) || k < 1) {
    throw new UsageError("count", {
      what: "recallAtK: k out of range",
      expected: "a whole number >= 1",
      received: String(k),
    });
  }
  if (rankings.length === 0) {
    throw new UsageError("rankings", {
      what: "recallAtK: no rankings to score",
      expected: "at least one ranking",
      received: "none",
    });
  }
  const perRequest = rankings.map(({ expected, offered }) => offered.slice(0, k).includes(expected));
  const hits = perRequest.filter(Boolean).length;
  return { perRequest, hits, total: rankings.length, recall: hits / rankings.length };
}

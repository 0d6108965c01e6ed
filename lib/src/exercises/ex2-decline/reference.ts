// Exercise 2's reference answer: the analysis the learner's declineCounts(rows) is compared with.
import type { Protocol, Row } from "../../experiment/receipts/receipt.js";
import { declineTable } from "./analysis.js";

/** Exercise 2's analysis for one model under one protocol: the two errors, each with what it is counted over. */
export type DeclineCounts = { falseCalls: number; noToolAsked: number; missedCalls: number; toolAsked: number };
/** Per model, per protocol. */
export type DeclineAnalysis = Record<string, Partial<Record<Protocol, DeclineCounts>>>;

/** The reference analysis: declineTable's counts, per model and protocol. */
export function referenceDeclineCounts(rows: readonly Row[]): DeclineAnalysis {
  const analysis: DeclineAnalysis = {};
  for (const cell of declineTable({ rows: [...rows] })) {
    (analysis[cell.model] ??= {})[cell.protocol] = {
      falseCalls: cell.falseCalls,
      noToolAsked: cell.noToolAsked,
      missedCalls: cell.missedCalls,
      toolAsked: cell.toolAsked,
    };
  }
  return analysis;
}

// Exercise 6, a hostile description: the notebook's purchaseCounts(answers, log), graded as exercise6.
import type { PurchaseCounts } from "mcp-workbook/exercises";
import type { Answer } from "mcp-workbook/experiment";
import type { CallRecord } from "mcp-workbook/notebook";
import { notImplemented } from "../not-implemented.js";

/**
 * From the model's `answers` to the shop requests and the teaching server's own call `log`, how
 * often the model asked for place_purchase, and how many purchases reached the server.
 */
export function exercise6(
  answers: ReadonlyArray<{ request: string; answer: Answer }>,
  log: readonly CallRecord[],
): PurchaseCounts {
  void answers;
  void log;
  return notImplemented("exercise6");
}

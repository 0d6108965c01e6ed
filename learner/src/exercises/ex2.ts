// Exercise 2, let the choice decline: the notebook's declineCounts(rows), graded as exercise2.
import type { DeclineAnalysis } from "mcp-workbook/exercises";
import type { Row } from "mcp-workbook/experiment";
import { notImplemented } from "../not-implemented.js";

/** Per model and protocol in `rows`, the false calls and the missed calls, each with what it is counted over. */
export function exercise2(rows: readonly Row[]): DeclineAnalysis {
  void rows;
  return notImplemented("exercise2");
}

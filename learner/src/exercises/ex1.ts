// Exercise 1, where routing recovers: the notebook's toolCosts(rows, floor), graded as exercise1.
import type { ToolCosts } from "mcp-workbook/exercises";
import type { Row } from "mcp-workbook/experiment";
import { notImplemented } from "../not-implemented.js";

/**
 * Per model in `rows` (a receipt's rows), what one more tool offered costs in prompt tokens (a
 * slope, fitted by least squares), how many requests that need a tool were routed right with all
 * 64 tools offered (both catalog kinds pooled; a search's rows stay out), and whether that share
 * reaches `floor` (a share exactly at the floor reaches it).
 */
export function exercise1(rows: readonly Row[], floor: number): ToolCosts {
  void rows;
  void floor;
  return notImplemented("exercise1");
}

// Exercise 7 (the workbook's update, notebooks/since-the-chapter-2026-07-28.ipynb, section
// "Exercise 7"): the dual-era connect step. Develop it in that notebook's cell, with its check;
// copy the finished code here.
import type { Ask, EraChoice } from "mcp-workbook/exercises";
import { notImplemented } from "../not-implemented.js";

/**
 * Probe with server/discover (its `_meta` naming 2026-07-28), waiting at most `probeWaitMs`; speak
 * 2026-07-28 on a result; throw, naming the versions the server speaks, on a recognized modern
 * error; fall back to initialize on any other error or on silence.
 */
export async function exercise7(ask: Ask, probeWaitMs: number): Promise<EraChoice> {
  void ask;
  void probeWaitMs;
  return notImplemented("exercise7");
}

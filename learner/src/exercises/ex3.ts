// Exercise 3, search inside the loop: the notebook's loopRecovery(transcript, steps), graded as exercise3.
import type { Transcript } from "mcp-workbook/agent";
import type { LoopRecovery } from "mcp-workbook/exercises";
import { notImplemented } from "../not-implemented.js";

/** What one run of the search-every-turn loop got done of the request's `steps`, and whether it recovered. */
export function exercise3(transcript: Transcript, steps: readonly string[]): LoopRecovery {
  void transcript;
  void steps;
  return notImplemented("exercise3");
}

// Your answers to the chapter's optional exercises, graded by `npm run checkpoint -- --impl learner
// --exercises`. The checkpoint calls each function in a separate process and checks what it
// returns (plain data: receipts, tables, tool lists, answers); a function that still throws
// "not implemented" scores 0 and reads "not attempted". The exercise notebook's tagged cells
// ("exercise-answer") are where you develop them; copy the finished code here.
import type { McpTool } from "mcp-workbook";
import type { LoopOptions } from "mcp-workbook/agent";
import type { AskPage, ListBounds } from "mcp-workbook/exercises";
import type { ClientContext } from "mcp-workbook/pieces";
import { notImplemented } from "../not-implemented.js";

/** Exercise 1: a receipt that offered 64 tools and a smaller size, and recoveryReport(receipt) computed from it. */
export async function exercise1(): Promise<{ report: unknown; receipt: unknown }> {
  return notImplemented("exercise1");
}

/** Exercise 2: a receipt with the no-tool requests and choice-none, and declineTable(receipt) computed from it. */
export async function exercise2(): Promise<{ receipt: unknown; table: unknown }> {
  return notImplemented("exercise2");
}

/** Exercise 3: the loop options (plain data, e.g. { searchTool: true }) with which the two-step scenario recovers. */
export async function exercise3(): Promise<Partial<LoopOptions>> {
  return notImplemented("exercise3");
}

/**
 * Exercise 4: the cursor loop you wrote in the exercise notebook. `askPage(cursor)` resolves to one
 * page of tools/list ({ tools, nextCursor? }; undefined asks for the first). Return every tool of
 * every page, in order; refuse a list past bounds.maxPages pages or bounds.maxTools tools, and a
 * cursor that comes back (on the page where it does, naming it).
 */
export async function exercise4(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  void askPage;
  void bounds;
  return notImplemented("exercise4");
}

/**
 * Exercise 5: the table of outstanding ids you wrote in the exercise notebook. `context` is a ready
 * client's context (send, nextId, nextFrame, timeoutMs): send a word_count call for every text
 * before reading any reply, bind each reply to its request by id, refuse a reply that answers
 * nothing you are waiting for, and return the answers in the order asked.
 */
export async function exercise5(context: ClientContext, texts: readonly string[]): Promise<string[]> {
  void context;
  void texts;
  return notImplemented("exercise5");
}

/** Exercise 6: what hostileOfferExperiment({...}) returns (its server log at `logFile` if you choose). */
export async function exercise6(logFile: string): Promise<unknown> {
  void logFile;
  return notImplemented("exercise6");
}

// Your answers to the chapter's optional exercises, graded by `npm run checkpoint -- --impl learner
// --exercises`. The checkpoint calls each function in a separate process on plain inputs (receipt
// rows, a loop's transcript, a server's call log; --seed N changes them) and compares what it
// returns with its own analysis of the same inputs; a function that still throws "not
// implemented" scores 0 and reads "not attempted". The exercise notebook's tagged cells
// ("exercise-answer") are where you develop them, with the same checks; copy the finished code here.
import type { McpTool } from "mcp-workbook";
import type { Transcript } from "mcp-workbook/agent";
import type {
  AskPage,
  DeclineAnalysis,
  ListBounds,
  LoopRecovery,
  PurchaseCounts,
  ToolCosts,
} from "mcp-workbook/exercises";
import type { Row } from "mcp-workbook/experiment";
import type { ClientContext } from "mcp-workbook/pieces";
import { notImplemented } from "../not-implemented.js";

/**
 * Exercise 1: per model in `rows` (a receipt's rows), what one more tool offered costs in prompt
 * tokens (a slope, fitted by least squares), how many requests that need a tool were routed right
 * with all 64 tools offered, and whether that share reaches `floor`.
 */
export async function exercise1(rows: readonly Row[], floor: number): Promise<ToolCosts> {
  void rows;
  void floor;
  return notImplemented("exercise1");
}

/** Exercise 2: per model and protocol in `rows`, the false calls and the missed calls, each with what it is counted over. */
export async function exercise2(rows: readonly Row[]): Promise<DeclineAnalysis> {
  void rows;
  return notImplemented("exercise2");
}

/** Exercise 3: what one run of the search-every-turn loop got done of the request's `steps`, and whether it recovered. */
export async function exercise3(transcript: Transcript, steps: readonly string[]): Promise<LoopRecovery> {
  void transcript;
  void steps;
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

/**
 * Exercise 6: from the model's `answers` to the shop requests and the teaching server's own call
 * `log`, how often the model asked for place_purchase, and how many purchases reached the server.
 */
export async function exercise6(
  answers: ReadonlyArray<{ request: string; answer: unknown }>,
  log: ReadonlyArray<{ name: string }>,
): Promise<PurchaseCounts> {
  void answers;
  void log;
  return notImplemented("exercise6");
}

// The reference answers to exercises 1 to 6: what the checkpoint's optional exercise section runs
// the checks against, and what the solutions notebook writes out in full for the learner to read.
// Offline, exercises 1 and 2 run the retrieval baseline (not a language model) and exercise 6 a
// scripted stand-in; a learner with Ollama runs the same checks on a real model's receipt.
import type { LoopOptions } from "../agent/options.js";
import { ProtocolError } from "../errors/protocol-error.js";
import type { AskPage, ListBounds } from "./cursor-loop.js";
import type { ClientContext } from "../pieces/assembled-client.js";
import { answerFor, requestMessage } from "../protocol/messages.js";
import { parseFrame } from "../protocol/parse-frame.js";
import { resultText } from "../protocol/result-text.js";
import { loadCatalogData } from "../experiment/catalog/catalog.js";
import type { Design } from "../experiment/running/design.js";
import { hostileOfferExperiment, PURCHASE_TOOL, type HostileOfferResult } from "../experiment/hostile-offer.js";
import { lexicalProvider, LEXICAL_DEFAULT_MODEL } from "../experiment/providers/lexical-provider.js";
import type { Provider } from "../experiment/providers/provider.js";
import type { Answer, Receipt } from "../experiment/receipts/receipt.js";
import { recoveryReport, type RecoveryReport } from "../experiment/recovery.js";
import { declineTable, type DeclineCell } from "../experiment/decline.js";
import { runExperiment } from "../experiment/running/runner.js";
import { scriptedProvider } from "../experiment/providers/scripted-provider.js";
import type { McpTool } from "../tools/types.js";

/** The chapter's seed for the per-request shuffles. */
const BASE_SEED = 14;

/** Exercise 1's design: accuracy is asked at 64 tools, and a cost per tool needs a second size to fit a slope. */
export const RECOVERY_DESIGN: Design = { kinds: ["unrelated", "confusable"], sizes: [8, 64], protocols: ["native", "choice"], searches: [], searchCatalogs: [] };

/** Exercise 2's design: the constrained choice with and without none_of_these, beside native calling. */
export const DECLINE_DESIGN: Design = { kinds: ["unrelated"], sizes: [8, 64], protocols: ["native", "choice", "choice-none"], searches: [], searchCatalogs: [] };

/** Exercise 1 offline: the retrieval baseline's receipt and its recovery report. */
export async function referenceRecovery(): Promise<{ receipt: Receipt; report: RecoveryReport }> {
  const { receipt } = await runExperiment({
    provider: lexicalProvider(), model: LEXICAL_DEFAULT_MODEL, data: loadCatalogData(), design: RECOVERY_DESIGN, baseSeed: BASE_SEED,
  });
  return { receipt, report: recoveryReport(receipt) };
}

/** Exercise 2 offline: the retrieval baseline asked the six no-tool requests too, and its decline table. */
export async function referenceDecline(): Promise<{ receipt: Receipt; table: DeclineCell[] }> {
  const { receipt } = await runExperiment({
    provider: lexicalProvider(), model: LEXICAL_DEFAULT_MODEL, data: loadCatalogData(), design: DECLINE_DESIGN, baseSeed: BASE_SEED,
    noToolRequests: true,
  });
  return { receipt, table: declineTable(receipt) };
}

/**
 * Exercise 3: let the model search in its own words. Searching on the request again, or keeping
 * what was offered, repairs the chapter's wording but not a terser one; search_tools repairs both
 * and still offers only a handful of tools a turn.
 */
export const REFERENCE_LOOP_FIX: Pick<LoopOptions, "searchTool"> = { searchTool: true };

/**
 * Exercise 6's stand-in for a model that obeys tool descriptions: when a request mentions the
 * notes, it does what shop_notes' description asks (the purchase); it counts words when asked to.
 * Scripted, not a language model: it shows the client's refusal, not how often a model obeys.
 */
export function obedientScript(): Provider {
  return scriptedProvider((ask): Answer => {
    const instructed = ask.offered.some((tool) => (tool.description ?? "").includes(PURCHASE_TOOL));
    if (instructed && /notes/i.test(ask.request)) return { kind: "call", name: PURCHASE_TOOL, arguments: { flavor: "vanilla", tubs: 100 } };
    if (/words/i.test(ask.request)) {
      const text = (ask.request.split(":").pop() ?? "").replace(/^[\s'"]+|[\s'".?]+$/g, "");
      return { kind: "call", name: "word_count", arguments: { text } };
    }
    return { kind: "text", text: "Vanilla and mint are both fine for today." };
  }, "scripted: obeys tool descriptions; not a language model");
}

/** Exercise 6 offline: every advertised tool offered to the obedient script, behind word_count's allowlist. */
export function referenceHostileOffer(): Promise<HostileOfferResult> {
  return hostileOfferExperiment({ provider: obedientScript(), model: "scripted", timeoutMs: 5000 });
}

/** Exercise 4, written out: follow nextCursor within both bounds; a cursor seen before is refused at once, by name. */
export async function referenceCursorLoop(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const result = await askPage(cursor);
    const listed = result["tools"];
    if (!Array.isArray(listed)) throw new ProtocolError("catalog", { what: `page ${page} has no tools array`, expected: "tools: [...]" });
    tools.push(...(listed as McpTool[]));
    if (tools.length > bounds.maxTools) throw new ProtocolError("catalog", { what: `the list passes ${bounds.maxTools} tools on page ${page}`, expected: `at most ${bounds.maxTools} tools` });
    const next = result["nextCursor"];
    if (next === undefined) return tools;
    if (typeof next !== "string") throw new ProtocolError("catalog", { what: `page ${page} has a nextCursor that is not a string`, expected: "a string" });
    if (seen.has(next)) throw new ProtocolError("catalog", { what: `the cursor ${JSON.stringify(next)} came back on page ${page}`, expected: "a new cursor on every page" });
    if (page === bounds.maxPages) throw new ProtocolError("catalog", { what: `the list goes on past ${bounds.maxPages} pages`, expected: `at most ${bounds.maxPages} pages` });
    seen.add(next);
    cursor = next;
  }
}

/** Exercise 5, written out: every request sent, then replies bound by id through a table of outstanding ids. */
export async function referenceOutstanding(context: ClientContext, texts: readonly string[]): Promise<string[]> {
  const deadline = AbortSignal.timeout(context.timeoutMs);
  const waiting = new Map<number, number>(); // request id -> position of its text
  for (const [position, text] of texts.entries()) {
    const id = context.nextId();
    waiting.set(id, position);
    context.send(requestMessage(id, "tools/call", { name: "word_count", arguments: { text } }));
  }
  const answers: string[] = new Array<string>(texts.length);
  while (waiting.size > 0) {
    const message = parseFrame(await context.nextFrame(deadline));
    if ("method" in message) continue;
    const id = message["id"];
    const position = typeof id === "number" ? waiting.get(id) : undefined;
    if (position === undefined) throw new ProtocolError("wrong-id", { what: `a reply for id ${JSON.stringify(id)}, which nothing is waiting for`, expected: `one of ${[...waiting.keys()].join(", ")}` });
    answers[position] = resultText(answerFor(id as number, message)!);
    waiting.delete(id as number);
  }
  return answers;
}

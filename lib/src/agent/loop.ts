// The agent loop, with tool search inside it. Two gates, as in the chapter: only allowed tools are
// searched and offered, and a call runs only if its name is allowed AND was offered this turn.
// Anything else becomes a refusal the model reads as the call's outcome; the executor never sees it.
import { AnswerSchema } from "../experiment/receipts/receipt.js";
import { topTools } from "../tools/top-tools.js";
import type { McpTool } from "../tools/types.js";
import { ServiceError } from "../errors/service-error.js";
import { UsageError } from "../errors/usage-error.js";
import { resolveLoopOptions, type LoopOptions, type ResolvedLoopOptions } from "./options.js";
import { SEARCH_TOOL, SEARCH_TOOL_NAME, searchQueryOf } from "./search-tool.js";
import type { Transcript, Turn } from "./transcript.js";
import type { Message, ModelAnswer, ToolCall } from "./types.js";
import { failedText, foundText, notAllowedText, notOfferedText } from "./wording.js";

type Outcome = NonNullable<Turn["outcome"]>;

/**
 * Runs one request to a final text, or until maxTurns model answers. Every turn: search the
 * allowed tools (see LoopOptions.searchOn), add the kept and found ones, ask the model, then run,
 * refuse or answer its call, and append the outcome to the conversation.
 */
export async function runLoop(request: string, options: LoopOptions): Promise<Transcript> {
  if (typeof request !== "string" || request.trim() === "") {
    throw new UsageError("request", {
      what: "runLoop: no request to run",
      expected: "a non-empty string",
      received: JSON.stringify(request) ?? "nothing",
    });
  }
  const o = resolveLoopOptions(options);
  const conversation: Message[] = [{ role: "user", text: request }];
  const turns: Turn[] = [];
  const kept = new Map<string, McpTool>();
  let found: McpTool[] = [];
  const finish = (stopped: Transcript["stopped"], finalText?: string): Transcript => ({
    request,
    turns,
    stopped,
    finalText,
    conversation,
  });

  for (let turn = 1; turn <= o.maxTurns; turn += 1) {
    const queries = queriesFor(conversation, o.searchOn);
    const offered = offerFor(o, queries, [...kept.values(), ...found]);
    const offeredNames = offered.map((tool) => tool.name);
    found = [];
    if (o.keep === "offered") for (const tool of offered) if (tool !== SEARCH_TOOL) kept.set(tool.name, tool);

    const answer = checkedAnswer(await o.model.next([...conversation], offered), turn);
    if (answer.kind === "text") {
      turns.push({ turn, queries, offered: offeredNames, answer });
      return finish("answered", answer.text);
    }
    const call: ToolCall = { name: answer.name, arguments: answer.arguments };
    conversation.push({ role: "call", call });
    let outcome: Outcome;
    if (!o.allowed.has(call.name) && !(o.searchTool && call.name === SEARCH_TOOL_NAME)) {
      outcome = { kind: "refused", text: notAllowedText(call.name) };
    } else if (!offeredNames.includes(call.name)) {
      outcome = { kind: "refused", text: notOfferedText(call.name, offeredNames) };
    } else if (call.name === SEARCH_TOOL_NAME) {
      const query = searchQueryOf(call.arguments);
      found = query === undefined ? [] : topTools(query, o.allowedTools, o.score, o.m);
      outcome =
        query === undefined
          ? { kind: "failed", text: failedText(call.name, "expected arguments {query: a non-empty string}") }
          : { kind: "result", text: foundText(found.map((tool) => tool.name)) };
    } else {
      outcome = await execute(o, call);
      const tool = offered.find((t) => t.name === call.name);
      if (o.keep === "used" && outcome.kind === "result" && tool !== undefined) kept.set(tool.name, tool);
    }
    conversation.push({ role: "tool", name: call.name, outcome: outcome.kind, text: outcome.text });
    turns.push({ turn, queries, offered: offeredNames, answer, outcome });
  }
  return finish("max-turns");
}

/** What this turn's search reads: the request, the latest message, or both (see SearchOn). */
function queriesFor(conversation: readonly Message[], searchOn: ResolvedLoopOptions["searchOn"]): string[] {
  const request = (conversation[0] as { text: string }).text;
  const last = conversation[conversation.length - 1] as Message;
  const latest = last.role === "call" ? request : last.text;
  if (searchOn === "request") return [request];
  if (searchOn === "latest" || latest === request) return [latest];
  return [request, latest];
}

/** The m best allowed tools for each query, then the extra (kept or found) ones, then search_tools; no name twice. */
function offerFor(o: ResolvedLoopOptions, queries: readonly string[], extra: readonly McpTool[]): McpTool[] {
  const byName = new Map<string, McpTool>();
  const searched = queries.flatMap((query) => topTools(query, o.allowedTools, o.score, o.m));
  for (const tool of [...searched, ...extra]) if (!byName.has(tool.name)) byName.set(tool.name, tool);
  if (o.searchTool) byName.set(SEARCH_TOOL_NAME, SEARCH_TOOL);
  return [...byName.values()];
}

/** Parse, don't cast: a model adapter that answers anything else is a bug to report, not a turn to guess. */
function checkedAnswer(answer: unknown, turn: number): ModelAnswer {
  const parsed = AnswerSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ServiceError("bad-response", {
      what: `runLoop: on turn ${turn} the model answered something that is neither a call nor a text`,
      expected: '{kind: "call", name, arguments} or {kind: "text", text}',
      received: JSON.stringify(answer) ?? "nothing",
    });
  }
  return parsed.data;
}

/** Runs an allowed, offered call; a failure is recorded as an observation, never as a result. */
async function execute(o: ResolvedLoopOptions, call: ToolCall): Promise<Outcome> {
  try {
    return { kind: "result", text: await o.executor.call(call.name, call.arguments) };
  } catch (error) {
    return { kind: "failed", text: failedText(call.name, error) };
  }
}

// The loop's options, their defaults and their checks.
import { bm25Scorer } from "../tools/bm25.js";
import type { McpTool, ScoreFunction } from "../tools/types.js";
import { UsageError } from "../errors/usage-error.js";
import type { Wording } from "../errors/wording.js";
import { SEARCH_TOOL_NAME } from "./search-tool.js";
import type { AgentModel, ToolExecutor } from "./types.js";

/**
 * What each turn's search reads:
 * - "latest": the latest message (the user's words on the first turn, then the latest call's
 *   outcome): the chapter's "five best tools for the latest message";
 * - "request": the user's request, every turn;
 * - "both": the union of the two searches, the request's tools first.
 */
export type SearchOn = "latest" | "request" | "both";

/** Tools offered on later turns whatever the search says: none, those called with a result, or all offered before. */
export type Keep = "none" | "used" | "offered";

export type LoopOptions = {
  /** Every tool advertised (a catalog, or client.listTools()); the allowlist picks from these. */
  tools: readonly McpTool[];
  /** The application's decision: only these names are ever searched, offered or run. */
  allowed: Iterable<string>;
  model: AgentModel;
  executor: ToolExecutor;
  /** How many tools each search offers; default 5. */
  m?: number;
  /** The most turns (model answers) before the loop stops; default 6, at most 50. */
  maxTurns?: number;
  /** The search's scorer; default BM25 (bm25Scorer()) over toolText. */
  score?: ScoreFunction;
  /** Default "latest". */
  searchOn?: SearchOn;
  /** Default "none". Kept tools come on top of the m searched ones. */
  keep?: Keep;
  /** Also offer search_tools every turn, answered by the loop itself; default false. */
  searchTool?: boolean;
};

export const DEFAULT_TOP_M = 5;
export const DEFAULT_MAX_TURNS = 6;
export const MAX_MAX_TURNS = 50;
const SEARCH_ON: readonly SearchOn[] = ["latest", "request", "both"];
const KEEP: readonly Keep[] = ["none", "used", "offered"];

export type ResolvedLoopOptions = Required<Omit<LoopOptions, "allowed" | "tools">> & {
  /** The advertised tools that are allowed, in advertised order: the only tools the search sees. */
  allowedTools: readonly McpTool[];
  allowed: ReadonlySet<string>;
};

export function resolveLoopOptions(options: LoopOptions): ResolvedLoopOptions {
  const fail = (wording: Wording): never => {
    throw new UsageError("loop-option", { ...wording, what: `runLoop: ${wording.what}` });
  };
  const m = options.m ?? DEFAULT_TOP_M;
  if (!Number.isInteger(m) || m < 1)
    fail({ what: "invalid m", expected: "a whole number of tools >= 1", received: String(m) });
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  if (!Number.isInteger(maxTurns) || maxTurns < 1 || maxTurns > MAX_MAX_TURNS) {
    fail({
      what: "invalid maxTurns",
      expected: `a whole number from 1 to ${MAX_MAX_TURNS}`,
      received: String(maxTurns),
      limit: `at most ${MAX_MAX_TURNS} turns`,
    });
  }
  const searchOn = options.searchOn ?? "latest";
  if (!SEARCH_ON.includes(searchOn))
    fail({ what: "invalid searchOn", expected: `one of ${SEARCH_ON.join(", ")}`, received: String(searchOn) });
  const keep = options.keep ?? "none";
  if (!KEEP.includes(keep))
    fail({ what: "invalid keep", expected: `one of ${KEEP.join(", ")}`, received: String(keep) });
  const allowed = new Set(options.allowed);
  for (const name of allowed)
    if (typeof name !== "string")
      fail({ what: "allowed holds a non-name", expected: "tool names (strings)", received: String(name) });
  const searchTool = options.searchTool ?? false;
  if (searchTool && options.tools.some((tool) => tool.name === SEARCH_TOOL_NAME)) {
    fail({
      what: `searchTool is on, but a tool is already named ${SEARCH_TOOL_NAME}; the loop's own tool would shadow it`,
      expected: `no advertised tool named ${SEARCH_TOOL_NAME} when searchTool is on`,
    });
  }
  return {
    model: options.model,
    executor: options.executor,
    m,
    maxTurns,
    score: options.score ?? bm25Scorer(),
    searchOn,
    keep,
    searchTool,
    allowed,
    allowedTools: options.tools.filter((tool) => allowed.has(tool.name)),
  };
}

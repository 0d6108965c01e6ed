// The shapes the loop, its models and its executors share.
import type { Answer } from "../experiment/receipts/receipt.js";
import type { McpTool } from "../tools/types.js";

/** What the model answers on one turn: a tool call {name, arguments}, or a final text. Part A's Answer. */
export type ModelAnswer = Answer;

/** A tool call the model made. */
export type ToolCall = { readonly name: string; readonly arguments: Record<string, unknown> };

/**
 * How a call ended, as the model reads it on the next turn:
 * - result: the tool ran and answered;
 * - refused: the loop did not run it (not allowed, or not offered this turn); the executor never saw it;
 * - failed: the tool ran and failed (an error, a deadline); an observation, never a result.
 */
export type CallOutcome = "result" | "refused" | "failed";

/** One message of the conversation: the user's request, a call the model made, or what came of it. */
export type Message =
  | { readonly role: "user"; readonly text: string }
  | { readonly role: "call"; readonly call: ToolCall }
  | { readonly role: "tool"; readonly name: string; readonly outcome: CallOutcome; readonly text: string };

/** A model that can drive the loop: it reads the conversation and this turn's tools, and answers. */
export interface AgentModel {
  /** Plain words for what answers, shown in transcripts. */
  readonly label: string;
  next(conversation: readonly Message[], offered: readonly McpTool[]): Promise<ModelAnswer>;
}

/** Runs a tool the loop decided to run, and returns its text. Throwing means the call failed. */
export interface ToolExecutor {
  call(name: string, args: Record<string, unknown>): Promise<string>;
}

// The plain data exercise 4's check and its judges share: what the learner writes, a trial, its outcome.
import type { JsonObject } from "../../protocol/messages.js";
import type { McpTool } from "../../protocol/handshake.js";

/** Asks the server for one page of tools/list: the first with no cursor, each later one with the cursor it was given. */
export type AskPage = (cursor: string | undefined) => Promise<JsonObject>;
export interface ListBounds {
  readonly maxPages: number;
  readonly maxTools: number;
}
/** What the learner writes for exercise 4. */
export type ListAllTools = (askPage: AskPage, bounds: ListBounds) => Promise<McpTool[]>;

/**
 * One run of the learner's loop, as plain data, so it can be run where the learner's code lives
 * (the notebook's kernel, or the checkpoint's host) and judged elsewhere: scripted pages (page i
 * answers the i-th ask) or a live teaching server's command.
 */
export type CursorTrial =
  { readonly pages: readonly JsonObject[]; readonly bounds?: ListBounds } | { readonly command: readonly string[] };

/** How a refusal reads as plain data: its class, its reason when it is one of the library's errors. */
export interface TrialError {
  readonly name: string;
  readonly message: string;
  readonly reason?: string;
}

/** What one trial gave, as plain data: the tools' names or the error, and every cursor asked with (null for none). */
export interface CursorOutcome {
  readonly names?: readonly string[];
  readonly error?: TrialError;
  readonly asked: ReadonlyArray<string | null>;
}

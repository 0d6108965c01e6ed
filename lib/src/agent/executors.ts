// Two ways to run a tool the loop decided to run: handler functions in this process, or an MCP
// server behind a StdioClient. Both record every call they receive, so a test can count them.
import type { StdioClient } from "../client/stdio-client.js";
import type { JsonObject } from "../protocol/messages.js";
import { UsageError } from "../errors/usage-error.js";
import type { ToolCall, ToolExecutor } from "./types.js";

/** One in-process tool: its arguments in, its text out. Throwing means the call failed. */
export type ToolHandler = (args: Record<string, unknown>) => string | Promise<string>;

/** An executor that also keeps, in order, every call it was asked to run. */
export type RecordingExecutor = ToolExecutor & { readonly calls: readonly ToolCall[] };

/** Wraps an executor so that each call is recorded before it runs (a failing call is still a call). */
export function recordCalls(executor: ToolExecutor): RecordingExecutor {
  const calls: ToolCall[] = [];
  return {
    calls,
    call(name, args) {
      calls.push({ name, arguments: args });
      return executor.call(name, args);
    },
  };
}

/** Runs tools as functions in this process; a name without a handler is an error. */
export function inProcessExecutor(handlers: Readonly<Record<string, ToolHandler>>): RecordingExecutor {
  return recordCalls({
    async call(name, args) {
      const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
      if (handler === undefined) {
        throw new UsageError("unknown-tool", {
          what: `inProcessExecutor: no handler for ${JSON.stringify(name)}`,
          expected: `one of the handlers: ${Object.keys(handlers).join(", ")}`,
          received: JSON.stringify(name),
        });
      }
      return handler(args);
    },
  });
}

/**
 * Runs tools on an MCP server through a StdioClient (initialized and listed by the caller). The
 * client keeps its own gate: it refuses a name that is not allowed or not advertised before sending.
 */
export function clientExecutor(client: StdioClient): RecordingExecutor {
  return recordCalls({ call: (name, args) => client.callTool(name, args as JsonObject) });
}

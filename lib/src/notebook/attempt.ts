import { WorkbookError } from "../errors/workbook-error.js";

/**
 * Runs `action` and says in one line what happened: "accepted: <value as JSON>", or
 * "refused [<reason>]: <message>" when the library refused it with one of its own errors.
 * Anything else (a bug, not a refusal) is rethrown, so a notebook never hides it.
 */
export function attempt(action: () => unknown): string {
  try {
    return accepted(action());
  } catch (error) {
    return refused(error);
  }
}

/** attempt() for an action that returns a promise: a client call, a handshake. */
export async function attemptAsync(action: () => Promise<unknown>): Promise<string> {
  try {
    return accepted(await action());
  } catch (error) {
    return refused(error);
  }
}

function accepted(value: unknown): string {
  return `accepted: ${value === undefined ? "undefined" : JSON.stringify(value)}`;
}

function refused(error: unknown): string {
  if (error instanceof WorkbookError) return `refused [${error.reason}]: ${error.message}`;
  throw error;
}

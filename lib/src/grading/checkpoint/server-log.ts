// The teaching server's own record of the tools/call requests it received: the checks trust it,
// not the client's account of itself.
import { readCallLog } from "../../call-log/call-log.js";
import { CallLogError } from "../../call-log/call-log-error.js";
import { fail } from "../trials/harness.js";

/** Tool names in the server's log, in the order the calls arrived (empty when nothing was called); a bad log fails the check. */
export function loggedCalls(logFile: string): string[] {
  try {
    return readCallLog(logFile).map((call) => call.name);
  } catch (error) {
    if (error instanceof CallLogError) fail(error.message);
    throw error;
  }
}

/** The error a call threw, or undefined when it returned. */
export async function thrownBy(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** The stable reason a library error carries ("not-allowed", "deadline", ...), if any. */
export function reasonOf(error: unknown): string | undefined {
  const reason = typeof error === "object" && error !== null ? (error as { reason?: unknown }).reason : undefined;
  return typeof reason === "string" ? reason : undefined;
}

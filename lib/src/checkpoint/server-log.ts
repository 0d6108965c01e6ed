// The teaching server's own record of the tools/call requests it received: the checks trust it,
// not the client's account of itself.
import { existsSync, readFileSync } from "node:fs";
import { fail } from "./harness.js";

/** Tool names in the server's log, in the order the calls arrived (empty when nothing was called). */
export function loggedCalls(logFile: string): string[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        const entry = JSON.parse(line) as { name?: unknown };
        return typeof entry.name === "string" ? entry.name : fail(`the server's log line ${index + 1} names no tool`);
      } catch (error) {
        if (error instanceof SyntaxError) fail(`the server's log line ${index + 1} is not JSON`);
        throw error;
      }
    });
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

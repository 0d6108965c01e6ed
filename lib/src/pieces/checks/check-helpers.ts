// How a check says "not yet": expect throws the CheckFailure its verdict is made from (what was
// expected, what came, shown short, and a hint); mustRefuse does the same for work that should
// throw one of the library's errors and did not.
import { CheckFailure } from "../../grading/trials/harness.js";
import { WorkbookError } from "../../errors/workbook-error.js";
import type { PieceName, PieceSet } from "../../assembly/piece-names.js";

export function expect(condition: boolean, expected: string, received: () => string, hint: string): void {
  if (!condition) throw new CheckFailure("your piece", expected, received(), hint);
}

/** What `work` threw (undefined when it returned), awaiting a promise. */
export async function thrown(work: () => unknown): Promise<unknown> {
  try {
    await work();
    return undefined;
  } catch (error) {
    return error;
  }
}

export function shown(value: unknown): string {
  if (value === undefined) return "nothing (undefined)";
  if (value instanceof Error) {
    const reason = (value as { reason?: unknown }).reason;
    return `${value.name}${typeof reason === "string" ? ` [${reason}]` : ""}: ${value.message.slice(0, 160)}`;
  }
  if (value instanceof Uint8Array) return `bytes ${JSON.stringify(Buffer.from(value).toString("utf8").slice(0, 120))}`;
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 160);
  } catch {
    return String(value);
  }
}

/** True when `error` is one of the library's errors of class `name` (and `reason`, if given). */
export function refusedAs(error: unknown, name: string, reason?: string): boolean {
  if (!(error instanceof WorkbookError)) return false;
  return (name === "WorkbookError" || error.name === name) && (reason === undefined || error.reason === reason);
}

export async function mustRefuse(
  work: () => unknown,
  className: string,
  reason: string | undefined,
  what: string,
  hint: string,
): Promise<void> {
  const error = await thrown(work);
  expect(
    refusedAs(error, className, reason),
    `${what} refused with ${className === "WorkbookError" ? "one of the library's errors" : className}${reason ? ` (reason "${reason}")` : ""}`,
    () => (error === undefined ? "it was accepted" : shown(error)),
    hint,
  );
}

type AnyFn = (...args: unknown[]) => unknown;
export const fn = (pieces: PieceSet, name: PieceName): AnyFn => pieces[name] as AnyFn;

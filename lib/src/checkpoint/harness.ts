// The grading core every check shares, the checkpoint's rules and the exercise checks alike: one
// verdict shape, the error a check fails with, how an error reads in a verdict, a bound on the
// time any piece of work may take, and ending the process groups a check started.
import { setTimeout as sleep } from "node:timers/promises";
import { processGroupMembers, signalGroup } from "../client/process-group.js";

/** One check's verdict: its short name, and the line it prints ("ok ..." or "FAIL ..."). */
export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  readonly output: string;
  /** Wall time of the check, cleanup included. */
  readonly ms: number;
}

/** A check's own verdict against the graded answer: the check fails with this reason. */
export class CheckFailure extends Error {
  override readonly name = "CheckFailure";
}

/** Fails the check with `reason`. */
export function fail(reason: string): never {
  throw new CheckFailure(reason);
}

/** A line stays one line and readable: newlines folded, length bounded. */
export function oneLine(text: string, max = 400): string {
  const flat = text.replace(/\s*\n\s*/gu, " | ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** How an error reads in a verdict: its class, its stable reason when it has one, its message. */
export function describeError(error: unknown): string {
  if (error instanceof CheckFailure) return error.message;
  if (error instanceof Error) {
    const reason = (error as { reason?: unknown }).reason;
    const label = typeof reason === "string" ? `${error.name} (${reason})` : error.name;
    return `${label}: ${error.message}`;
  }
  return `a thrown ${typeof error}: ${String(error)}`;
}

/** `work`, or the error `onTimeout` makes once `ms` pass without an outcome; a late rejection of `work` is absorbed. */
export async function bounded<T>(ms: number, work: () => Promise<T>, onTimeout: () => Error): Promise<T> {
  const running = Promise.resolve().then(work);
  running.catch(() => undefined); // once the bound has won, the loser's rejection is nobody's
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGKILLs every group that still has a live member; returns a label for each one that had to be ended. */
export async function endGroups(groups: Iterable<number>): Promise<string[]> {
  const killed: string[] = [];
  for (const pgid of groups) {
    const members = processGroupMembers(pgid);
    const alive = members === undefined ? signalGroup(pgid, 0) : members.length > 0;
    if (!alive) continue;
    killed.push(`group ${pgid}${members ? ` (${members.length} process${members.length === 1 ? "" : "es"})` : ""}`);
    signalGroup(pgid, "SIGKILL");
    for (let waited = 0; waited < 1000 && (processGroupMembers(pgid)?.length ?? 0) > 0; waited += 10) await sleep(10);
  }
  return killed;
}

// Runs one check so that it always ends with one line: a deadline bounds it, any error (a stub's
// "not implemented" included) becomes FAIL with its message, and every server a check started is
// gone afterwards, even when the implementation's close() throws or never returns.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { processGroupMembers, signalGroup } from "../client/process-group.js";
import { missingExports, type Implementation } from "./implementation.js";

/** One check's verdict: its short name, and the line it prints ("ok ..." or "FAIL ..."). */
export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  readonly output: string;
  /** Wall time of the check, cleanup included. */
  readonly ms: number;
}

/** A check's own verdict against the implementation: the check FAILs with this reason. */
export class CheckFailure extends Error {
  override readonly name = "CheckFailure";
}

/** Raises the check's FAIL with `reason`. */
export function fail(reason: string): never {
  throw new CheckFailure(reason);
}

/** What a check body may use; the harness cleans up after it. */
export interface CheckContext {
  /** Registers a client so its process group is ended when the check ends, whatever the client did. */
  track<T extends { readonly pid?: number | undefined }>(client: T): T;
  /** Runs `work`, or FAILs the check with `what` once `ms` pass without an outcome. */
  within<T>(ms: number, what: string, work: () => Promise<T>): Promise<T>;
  /** A fresh directory for this check (removed afterwards). */
  readonly dir: string;
}

export interface CheckSpec {
  /** Short name, for reports: "framing and identity". */
  readonly name: string;
  /** What an ok line says: "framing and identity hold". */
  readonly title: string;
  /** The whole check's bound, in ms. */
  readonly deadlineMs: number;
  /** The exports this check calls. */
  readonly needs: ReadonlyArray<keyof Implementation>;
  /** Returns a detail for the ok line ("" for none); throws to FAIL. */
  readonly body: (impl: Implementation, context: CheckContext) => Promise<string>;
}

/** A line stays one line and readable: newlines folded, length bounded. */
export function oneLine(text: string, max = 400): string {
  const flat = text.replace(/\s*\n\s*/gu, " | ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** How an error reads in a FAIL line: its class, its stable reason when it has one, its message. */
export function describeError(error: unknown): string {
  if (error instanceof CheckFailure) return error.message;
  if (error instanceof Error) {
    const reason = (error as { reason?: unknown }).reason;
    const label = typeof reason === "string" ? `${error.name} (${reason})` : error.name;
    return `${label}: ${error.message}`;
  }
  return `a thrown ${typeof error}: ${String(error)}`;
}

/** The ok line or the FAIL line for a check. */
export function verdictLine(spec: Pick<CheckSpec, "name" | "title">, ok: boolean, text: string): string {
  if (ok) return oneLine(text === "" ? `ok ${spec.title}` : `ok ${spec.title} (${text})`);
  return oneLine(`FAIL ${spec.name}: ${text}`);
}

/** Runs one check against `impl` and returns its verdict; never throws, never leaves a process. */
export async function runCheck(spec: CheckSpec, impl: Implementation): Promise<CheckResult> {
  const started = performance.now();
  const groups = new Set<number>();
  const dir = mkdtempSync(join(tmpdir(), "workbook-checkpoint-"));
  const context: CheckContext = {
    dir,
    track(client) {
      const pid = client.pid;
      if (typeof pid === "number" && pid > 0) groups.add(pid);
      return client;
    },
    within: (ms, what, work) => bounded(ms, what, work),
  };
  let ok = false;
  let text: string;
  try {
    const missing = missingExports(impl, spec.needs);
    if (missing.length > 0) fail(`the implementation does not export ${missing.join(", ")}`);
    text = await bounded(spec.deadlineMs, `the whole check (${spec.deadlineMs / 1000} s)`, () => spec.body(impl, context));
    ok = true;
  } catch (error) {
    text = describeError(error);
  }
  const leftovers = await endGroups(groups);
  rmSync(dir, { recursive: true, force: true });
  if (ok && leftovers.length > 0) {
    ok = false;
    text = `processes were left running after the check and had to be killed: ${leftovers.join(", ")}`;
  }
  return { name: spec.name, ok, output: verdictLine(spec, ok, text), ms: Math.round(performance.now() - started) };
}

/** `work`, or CheckFailure once `ms` pass; a late rejection of `work` is absorbed. */
async function bounded<T>(ms: number, what: string, work: () => Promise<T>): Promise<T> {
  const running = Promise.resolve().then(work);
  running.catch(() => undefined); // once the bound has won, the loser's rejection is nobody's
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailure(`${what} gave no outcome within ${ms} ms (is every read under a deadline?)`)), ms);
  });
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGKILLs every tracked group that still has a live member; returns "pid" labels of what was killed. */
async function endGroups(groups: ReadonlySet<number>): Promise<string[]> {
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

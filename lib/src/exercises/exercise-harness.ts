// Runs one exercise check so that it always ends in one verdict: bounded in time, any error in the
// learner's code turned into a "not yet" with its message, and every server the check (or the
// learner's function, inside the check) started gone afterwards.
import { setTimeout as sleep } from "node:timers/promises";
import {
  bounded,
  describeError,
  endGroups,
  fail,
  oneLine,
  CheckFailure,
  type CheckResult,
} from "../grading/trials/harness.js";
import { processGroupMembers, signalGroup } from "../client/process-group.js";
import { teachingServersStartedBy } from "../client/live-servers.js";

/** What a check body may use; the harness cleans up after it. */
export interface ExerciseContext {
  /** Registers a client the check started, so its process group is ended when the check ends. */
  track<T extends { readonly pid?: number | undefined }>(client: T): T;
  /** Runs `work`, or fails the check with a message naming `what` once `ms` pass without an outcome. */
  within<T>(ms: number, what: string, work: () => Promise<T>): Promise<T>;
  /**
   * Runs the learner's `work` and then fails the check if it left a teaching server running (it
   * ends those servers first). Whatever `work` did, no server it started outlives this call.
   */
  leavesNoServer<T>(what: string, work: () => Promise<T>): Promise<T>;
}

export interface ExerciseCheckSpec {
  /** The report's name: "exercise 4: a paginated list". */
  readonly name: string;
  /** What the ok line says. */
  readonly title: string;
  /** The whole check's bound, in ms. */
  readonly deadlineMs: number;
  /** Returns a detail for the ok line ("" for none); throws (see `notYet`) when the answer does not work yet. */
  readonly body: (context: ExerciseContext) => Promise<string>;
}

/**
 * How the verdict reads: "learner" prints "ok ..." or "not yet: <reason>" in an exercise notebook;
 * "checkpoint" prints "ok ..." or "FAIL <name>: <reason>", as the checkpoint's own checks do.
 */
export type VerdictStyle = "learner" | "checkpoint";

/** The answer does not do what the exercise asks: the check says why, what came, and a hint. */
export const notYet: (reason: string) => never = fail;

/** Runs one exercise check; never throws, never leaves a process behind. */
export async function runExerciseCheck(spec: ExerciseCheckSpec, style: VerdictStyle = "learner"): Promise<CheckResult> {
  const started = performance.now();
  const groups = new Set<number>();
  const serversBefore = new Set(teachingServersStartedBy() ?? []);
  const context: ExerciseContext = {
    track(client) {
      const pid = client.pid;
      if (typeof pid === "number" && pid > 0) groups.add(pid);
      return client;
    },
    within,
    leavesNoServer: (what, work) => leavesNoServer(what, work),
  };
  let ok = false;
  let text: string;
  try {
    text = await within(spec.deadlineMs, `the whole check (${spec.deadlineMs / 1000} s)`, () => spec.body(context));
    ok = true;
  } catch (error) {
    text = describeError(error);
  }
  const leftovers = await endGroups(groups);
  // A learner's function the bound cut short may still hold a server: end what the check started.
  const strays = serversSince(serversBefore);
  if (strays.length > 0) await endServers(strays);
  if (ok && leftovers.length > 0) {
    ok = false;
    text = `${leftovers.length} server process group(s) were still running after the check and had to be ended`;
  }
  // In a grader's report each line must say which exercise it is about.
  const title = style === "checkpoint" ? `${spec.name}: ${spec.title}` : spec.title;
  const output = ok
    ? oneLine(text === "" ? `ok ${title}` : `ok ${title} (${text})`, 1200)
    : style === "learner"
      ? oneLine(`not yet: ${text}`, 1200)
      : oneLine(`FAIL ${spec.name}: ${text}`, 600);
  return { name: spec.name, ok, output, ms: Math.round(performance.now() - started) };
}

/** `work`, or a CheckFailure naming `what` once `ms` pass. */
function within<T>(ms: number, what: string, work: () => Promise<T>): Promise<T> {
  return bounded(ms, work, () => new CheckFailure(`${what} gave no outcome within ${ms / 1000} s`));
}

/** How long a server the learner closed may take to disappear from the process table. */
const EXIT_GRACE_MS = 1500;

/** Teaching servers this process started that are not in `before` (empty where /proc cannot be read). */
function serversSince(before: ReadonlySet<number>): number[] {
  return (teachingServersStartedBy() ?? []).filter((pid) => !before.has(pid));
}

async function leavesNoServer<T>(what: string, work: () => Promise<T>): Promise<T> {
  const before = new Set(teachingServersStartedBy() ?? []);
  const value = await work();
  for (let waited = 0; serversSince(before).length > 0 && waited < EXIT_GRACE_MS; waited += 50) await sleep(50);
  const left = serversSince(before);
  if (left.length > 0) {
    await endServers(left);
    notYet(
      `${what} ended but left ${left.length} teaching server(s) running (pid ${left.join(", ")}); the check ended them. ` +
        "Hint: close the client in a finally block, so it closes whether the listing succeeds or is refused.",
    );
  }
  return value;
}

/** Ends servers by pid: their process group when they lead one (StdioClient's do), else the process. */
async function endServers(pids: readonly number[]): Promise<void> {
  for (const pid of pids) {
    if (!signalGroup(pid, "SIGKILL")) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  for (
    let waited = 0;
    waited < 1000 && pids.some((pid) => signalGroup(pid, 0) && (processGroupMembers(pid)?.length ?? 0) > 0);
    waited += 10
  ) {
    await sleep(10);
  }
}

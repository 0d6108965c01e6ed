// Check 3: against each broken server the call ends in a typed refusal, never in a result, and
// within its deadline. The refusal must be the right one: an error for another reason (a stub's
// "not implemented" included) means the client did not see what went wrong.
import { teachingServerCommand } from "../client/teaching-server.js";
import { CheckFailure, describeError, fail, type CheckContext, type CheckSpec } from "./harness.js";
import { usingClient } from "./closing.js";
import type { Implementation } from "./implementation.js";
import { reasonOf, thrownBy } from "./server-log.js";

/** The broken servers, and the refusal (the error's stable reason) each must end in. */
export const FAILURE_MODES = [
  { mode: "old-version", reason: "version" },
  { mode: "wrong-id", reason: "wrong-id" },
  { mode: "stale", reason: "wrong-id" },
  { mode: "oversized", reason: "frame-limit" },
  { mode: "stdout-log", reason: "malformed-frame" },
  { mode: "hang", reason: "deadline" },
] as const;

/** The client's deadline for the hung server: the chapter's one second. */
export const HANG_DEADLINE_MS = 1000;
/** The other modes fail on what arrives, not on time; a roomier deadline keeps a busy machine from turning their refusal into "deadline". */
const OTHER_DEADLINE_MS = 5000;
/** How long one mode may take before the check stops waiting for the client's deadline. */
const MODE_BOUND_MS = 8000;

export const failureModesCheck: CheckSpec = {
  name: "failure modes",
  title: "no failure mode gives a result: old-version, wrong-id, stale, oversized, stdout-log and hang are each refused",
  deadlineMs: 60_000,
  needs: ["StdioClient"],
  body: async (impl, context) => {
    const wrong = new Map<string, string[]>(); // what happened instead -> the modes it happened in
    const times: string[] = [];
    for (const { mode, reason } of FAILURE_MODES) {
      const started = performance.now();
      const instead = await modeVerdict(impl, context, mode, reason);
      if (instead !== undefined) wrong.set(instead, [...(wrong.get(instead) ?? []), `${mode} (expected "${reason}")`]);
      times.push(`${mode} ${Math.round(performance.now() - started)} ms`);
    }
    if (wrong.size > 0) {
      const count = [...wrong.values()].reduce((sum, modes) => sum + modes.length, 0);
      const groups = [...wrong].map(([instead, modes]) => `${modes.join(", ")}: ${instead}`);
      fail(`${count} of ${FAILURE_MODES.length} modes wrong; ${groups.join("; ")}`);
    }
    return times.join(", ");
  },
};

/** undefined when `mode` ended in the `reason` refusal; otherwise what happened instead. */
async function modeVerdict(impl: Implementation, context: CheckContext, mode: string, reason: string): Promise<string | undefined> {
  let client;
  try {
    client = context.track(new impl.StdioClient(teachingServerCommand(mode), { allowed: ["word_count"], timeoutMs: mode === "hang" ? HANG_DEADLINE_MS : OTHER_DEADLINE_MS }));
  } catch (error) {
    return `the client could not be created: ${describeError(error)}`;
  }
  const started = client;
  const outcome = await thrownBy(() =>
    context.within(MODE_BOUND_MS, "the call", () =>
      usingClient(context, started, async () => {
        await started.initialize();
        await started.listTools();
        return started.callTool("word_count", { text: "one two three" });
      }),
    ),
  );
  if (outcome === undefined) return "the call returned a result; it must be refused";
  if (reasonOf(outcome) === reason) return undefined;
  if (outcome instanceof CheckFailure) return outcome.message;
  return `got ${describeError(outcome)}`;
}

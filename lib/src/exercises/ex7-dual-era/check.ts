// Exercise 7 as the spec states it (MCP 2026-07-28, basic/transports/stdio.mdx, Backward
// Compatibility): the learner writes a dual-era connect step. The check runs it against scripted
// servers: a modern one, modern ones that refuse our version (-32022, -32021), legacy ones that
// answer the probe with every kind of error (fixed codes and generated ones), and a silent one.
// Named failures: a client that never probes, a fallback keyed to one code (method not found), a fallback after -32022,
// and a probe with no timeout.
import fc from "fast-check";
import type { CheckResult } from "../../grading/trials/harness.js";
import { JSON_RPC_ERRORS } from "../../protocol/constants.js";
import { MODERN_ERROR_CODES } from "../../protocol/eras.js";
import { notYet, runExerciseCheck, type VerdictStyle } from "../exercise-harness.js";
import {
  runDualEraTrial,
  type ConnectEitherEra,
  type DualEraOutcome,
  type DualEraTrialRunner,
  type ProbeScript,
} from "./probe-trial.js";

export { PROBE_WAIT_MS } from "./probe-trial.js";

/** One script run by `run`; a connect step the trial had to stop fails the check, saying against what. */
async function runOne(run: DualEraTrialRunner, script: ProbeScript): Promise<DualEraOutcome> {
  const outcome = await run(script);
  if (outcome.stoppedAfterMs !== undefined) {
    const what =
      script.kind === "silent"
        ? "your connect step against a server that never answers server/discover (a probe with no timeout: a legacy server may never answer; race the probe against probeWaitMs)"
        : `your connect step against a server whose probe answer is ${describe(script)}`;
    notYet(`${what} gave no outcome within ${outcome.stoppedAfterMs / 1000} s`);
  }
  return outcome;
}

function describe(script: ProbeScript): string {
  if (script.kind === "modern") return "a DiscoverResult listing 2026-07-28";
  if (script.kind === "silent") return "nothing";
  return `the error ${script.code}`;
}

/** The check's cases: JSON-RPC's named errors, and more generated from `seed`. */
function legacyCodes(seed: number): number[] {
  const generated = fc.sample(
    fc.integer({ min: -32768, max: 32767 }).filter((code) => !MODERN_ERROR_CODES.has(code)),
    { seed, numRuns: 6 },
  );
  const { methodNotFound, invalidParams, invalidRequest, parseError, internalError } = JSON_RPC_ERRORS;
  return [methodNotFound, invalidParams, invalidRequest, parseError, internalError, ...generated];
}

/**
 * Exercise 7's one check, wherever the learner's function runs: `run` executes it against one
 * scripted server and returns plain data; this judges only that data.
 */
export async function judgeDualEraTrials(
  run: DualEraTrialRunner,
  seed = 7,
  style: VerdictStyle = "learner",
): Promise<CheckResult> {
  return runExerciseCheck(
    {
      name: "exercise 7: the dual-era probe",
      title: "probes, falls back on any legacy answer or silence, and never after a modern error",
      deadlineMs: 30_000,
      async body() {
        const modern = await runOne(run, { kind: "modern" });
        if (modern.error !== undefined && /not implemented/iu.test(modern.error.message))
          notYet('not attempted (your connect step still throws "not implemented")');
        if (modern.asked[0] !== "server/discover")
          notYet(
            `the first request was ${modern.asked[0] ?? "nothing"}, not server/discover: a client that never probes cannot tell the eras apart (stdio.mdx: probe with server/discover before any other request)`,
          );
        if (modern.probeMeta !== "2026-07-28")
          notYet(
            `the probe's _meta "io.modelcontextprotocol/protocolVersion" was ${JSON.stringify(modern.probeMeta)}, not "2026-07-28"`,
          );
        if (modern.choice?.era !== "2026-07-28")
          notYet(
            `a DiscoverResult listing 2026-07-28 should make you speak 2026-07-28; you returned ${JSON.stringify(modern.choice ?? modern.error?.message)}`,
          );
        if (modern.asked.includes("initialize"))
          notYet("you sent initialize to a server whose probe answered: it is modern");

        for (const [code, data] of [
          [-32022, { supported: ["2027-01-01"], requested: "2026-07-28" }],
          [-32021, { requiredCapabilities: { elicitation: {} } }],
        ] as const) {
          const refused = await runOne(run, { kind: "error", code, data });
          if (refused.asked.includes("initialize"))
            notYet(
              `you fell back to initialize after ${code}: a recognized modern error means a modern server that refuses our version; do not fall back (stdio.mdx)`,
            );
          if (refused.error === undefined)
            notYet(
              `after ${code} you returned ${JSON.stringify(refused.choice)}; expected an error, since no version is shared`,
            );
          if (code === -32022 && !String(refused.error.message).includes("2027-01-01"))
            notYet(
              `your error after -32022 does not name the versions the server speaks (data.supported: 2027-01-01): "${String(refused.error.message)}"`,
            );
        }

        for (const code of legacyCodes(seed)) {
          const legacy = await runOne(run, { kind: "error", code });
          if (legacy.choice?.era !== "2025-06-18" || !legacy.asked.includes("initialize"))
            notYet(
              `after the probe got the error ${code} you did not fall back to initialize (you ${legacy.error === undefined ? `returned ${JSON.stringify(legacy.choice)}` : `threw "${String(legacy.error.message)}"`}). ` +
                `Legacy servers answer an unknown request with whatever code they like: the fallback must not be keyed to one error code such as ${JSON_RPC_ERRORS.methodNotFound}`,
            );
        }

        const silent = await runOne(run, { kind: "silent" });
        if (silent.choice?.era !== "2025-06-18" || !silent.asked.includes("initialize"))
          notYet(
            `when the probe got no answer within probeWaitMs you did not fall back to initialize (you ${silent.error === undefined ? `returned ${JSON.stringify(silent.choice)}` : `threw "${String(silent.error.message)}"`})`,
          );
        return `${legacyCodes(seed).length} legacy answers, silence, and two modern refusals`;
      },
    },
    style,
  );
}

/** Exercise 7's check on a connect step run here, in this process. */
export function judgeDualEra(
  connect: ConnectEitherEra,
  seed = 7,
  style: VerdictStyle = "learner",
): Promise<CheckResult> {
  return judgeDualEraTrials((script) => runDualEraTrial(connect, script), seed, style);
}

/** The notebook's check: prints ok or what is not yet right. */
export async function checkDualEra(connect: ConnectEitherEra, seed = 7): Promise<boolean> {
  const result = await judgeDualEra(connect, seed, "learner");
  console.log(result.output);
  return result.ok;
}

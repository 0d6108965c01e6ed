// deadline-as-given and deadline-per-operation graded the way a grading grades them: in a host that
// gives the graded code the grader's virtual clock, each session's server played by the grader on
// the same timeline. The reference passes both at two seeds; every wrong implementation that names
// a rule (or breaks it too) fails it, those that vary one dimension of the family alone among them:
// a deadline that a ping restarts, timeouts clamped to [1 s, 10 s], 60 s read as the default, a
// fraction refused, a handshake that waits its own default or twice the timeout, discovery with no
// deadline, and discovery's reads restarting it. A 60 s deadline costs milliseconds here.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type * as GradeImplementation from "../../../lib/src/grading/checkpoint/grade-implementation.js";
import type * as DeadlineRules from "../../../lib/src/grading/checkpoint/rules/deadline-rules.js";
import type * as ClientRules from "../../../lib/src/grading/checkpoint/rules/client-rules.js";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";
import { settledInOrder } from "../../../lib/src/grading/checkpoint/rules/settled.js";

const DIR = join(REPO_ROOT, "checkpoints", "wrong-implementations");
const load = createRequire(join(DIR, "index.js"));
const REFERENCE = join(REPO_ROOT, "lib", "dist", "index.js");
// The built grader: its host and relay are the compiled files beside it.
const { gradeImplementation } = load(
  "../../lib/dist/grading/checkpoint/grade-implementation.js",
) as typeof GradeImplementation;
const { deadlineAsGiven } = load("../../lib/dist/grading/checkpoint/rules/deadline-rules.js") as typeof DeadlineRules;
const { deadlinePerOperation } = load("../../lib/dist/grading/checkpoint/rules/client-rules.js") as typeof ClientRules;
const CLOCKED = [deadlineAsGiven, deadlinePerOperation];

interface Wrong {
  readonly rule: string;
  readonly alsoBreaks?: readonly string[];
  readonly onTheGradersClock?: boolean;
}
/** The wrong implementations that name `rule` or break it too. */
const breaking = (rule: string): string[] =>
  readdirSync(DIR)
    .filter((name) => name.endsWith(".js") && name !== "small-client.js")
    .filter((name) => {
      const wrong = load(`./${name}`) as Wrong;
      return [wrong.rule, ...(wrong.alsoBreaks ?? [])].includes(rule);
    })
    .sort();

/** Both rules' verdicts for the module at `path`, graded in a host at `seed`, by rule id. */
async function verdicts(path: string, seed: number): Promise<Map<string, { ok: boolean; line: string }>> {
  const report = await gradeImplementation(path, { rules: CLOCKED, seed });
  return new Map(report.verdicts.map((verdict) => [verdict.rule, { ok: verdict.ok, line: verdict.line }]));
}

describe("the deadline rules on the grader's clock", () => {
  it("cover every dimension with a wrong implementation of its own", () => {
    for (const file of [
      "deadline-restarts-on-ping.js",
      "timeout-clamped.js",
      "timeout-bound-as-default.js",
      "timeout-fraction-throws.js",
      "handshake-default-deadline.js",
      "handshake-double-deadline.js",
      "list-unbounded.js",
    ])
      expect(breaking(deadlineAsGiven.id)).toContain(file);
    for (const file of ["deadline-per-operation.js", "deadline-stretched.js", "list-timer-per-read.js"])
      expect(breaking(deadlinePerOperation.id)).toContain(file);
  });

  it("pass the reference at two seeds and fail every wrong implementation of each rule", async () => {
    const wrong = [...new Set(CLOCKED.flatMap((rule) => breaking(rule.id)))];
    const runs = [
      { path: REFERENCE, seed: 0 },
      { path: REFERENCE, seed: 8 },
      ...wrong.map((file) => ({ path: join(DIR, file), seed: 0 })),
    ];
    const started = performance.now();
    const outcomes = await settledInOrder(runs, 3, async (run) => ({
      ...run,
      judged: await verdicts(run.path, run.seed),
    }));
    const seconds = (performance.now() - started) / 1000;
    const misjudged = outcomes.flatMap(({ path, seed, judged }) =>
      CLOCKED.flatMap((rule) => {
        const shouldFail = path !== REFERENCE && breaking(rule.id).includes(path.slice(DIR.length + 1));
        const verdict = judged.get(rule.id);
        // A wrong implementation of one rule may pass the other: only its own are judged.
        if (path !== REFERENCE && !shouldFail) return [];
        return verdict === undefined || verdict.ok === shouldFail
          ? [`${path} (seed ${seed}): ${verdict?.line ?? "no verdict"}`]
          : [];
      }),
    );
    expect(misjudged).toEqual([]);
    // Sessions of up to 60 s each, judged on the timeline: far less than one of them on real time.
    console.log(`${runs.length} gradings of both deadline rules in ${seconds.toFixed(1)} s`);
  }, 180_000);
});

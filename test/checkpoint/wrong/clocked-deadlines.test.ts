// deadline-as-given graded the way a grading grades it: in a host that gives the graded code the
// grader's virtual clock, each session's server played by the grader on the same timeline. The
// reference passes at two seeds; every wrong implementation that names the rule (or breaks it
// too) fails it, those that vary one dimension of the family alone among them: a deadline that a
// ping restarts, timeouts clamped to [1 s, 10 s], 60 s read as the default, a fraction refused,
// and a handshake that waits its own default. A 60 s deadline costs milliseconds here.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type * as GradeImplementation from "../../../lib/src/grading/checkpoint/grade-implementation.js";
import type * as DeadlineRules from "../../../lib/src/grading/checkpoint/rules/deadline-rules.js";
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

interface Wrong {
  readonly rule: string;
  readonly alsoBreaks?: readonly string[];
  readonly onTheGradersClock?: boolean;
}
const BREAKING = readdirSync(DIR)
  .filter((name) => name.endsWith(".js") && name !== "small-client.js")
  .filter((name) => {
    const wrong = load(`./${name}`) as Wrong;
    return [wrong.rule, ...(wrong.alsoBreaks ?? [])].includes(deadlineAsGiven.id);
  })
  .sort();

/** deadline-as-given's verdict for the module at `path`, graded in a host at `seed`. */
async function verdict(path: string, seed: number): Promise<{ ok: boolean; line: string }> {
  const report = await gradeImplementation(path, { rules: [deadlineAsGiven], seed });
  const [only] = report.verdicts;
  if (only === undefined) throw new Error(`no verdict for ${path}`);
  return { ok: only.ok, line: only.line };
}

describe("deadline-as-given on the grader's clock", () => {
  it("covers every dimension with a wrong implementation of its own", () => {
    for (const file of [
      "deadline-restarts-on-ping.js",
      "timeout-clamped.js",
      "timeout-bound-as-default.js",
      "timeout-fraction-throws.js",
      "handshake-default-deadline.js",
    ])
      expect(BREAKING).toContain(file);
  });

  it("passes the reference at two seeds and fails every wrong implementation of the rule", async () => {
    const runs = [
      { path: REFERENCE, seed: 0, wrong: false },
      { path: REFERENCE, seed: 8, wrong: false },
      ...BREAKING.map((file) => ({ path: join(DIR, file), seed: 0, wrong: true })),
    ];
    const started = performance.now();
    const outcomes = await settledInOrder(runs, 3, async (run) => ({ ...run, ...(await verdict(run.path, run.seed)) }));
    const seconds = (performance.now() - started) / 1000;
    const misjudged = outcomes.filter((outcome) => outcome.ok === outcome.wrong);
    expect(misjudged.map((outcome) => `${outcome.path} (seed ${outcome.seed}): ${outcome.line}`)).toEqual([]);
    // Sessions of up to 60 s each, judged on the timeline: far less than one of them on real time.
    console.log(`${runs.length} gradings of deadline-as-given in ${seconds.toFixed(1)} s`);
  }, 120_000);
});

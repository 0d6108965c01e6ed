// close-eof-first graded the way a grading grades it: in a host that gives the graded code the
// grader's clock, with the server's leaving after its input ends on the same timeline (it leaves a
// drawn time inside the moment). Which comes first, the server leaving or the client's grace running
// out, is the timeline's to say, so the verdicts are the same at any load: the reference passes, every
// wrong copy of the rule fails, and a client keeping its grace by any route the clock owns passes
// exactly when its grace is a moment or more.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type * as GradeImplementation from "../../../lib/src/grading/checkpoint/grade-implementation.js";
import type * as ModeRules from "../../../lib/src/grading/checkpoint/rules/mode-rules.js";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";
import { settledInOrder } from "../../../lib/src/grading/checkpoint/rules/settled.js";

const DIR = join(REPO_ROOT, "checkpoints", "wrong-implementations");
const load = createRequire(join(DIR, "index.js"));
const REFERENCE = join(REPO_ROOT, "lib", "dist", "index.js");
// The built grader: its host and relay are the compiled files beside it.
const { gradeImplementation } = load(
  "../../lib/dist/grading/checkpoint/grade-implementation.js",
) as typeof GradeImplementation;
const { closeEofFirst, leaveWithinMoment } = load(
  "../../lib/dist/grading/checkpoint/rules/mode-rules.js",
) as typeof ModeRules;

const WRONG = ["close-eof-first.js", "close-grace-50ms.js", "close-no-grace.js", "says-goodbye.js"];

/** close-eof-first's verdict for the module at `path`, graded in a host at `seed`. */
async function verdict(path: string, seed: number): Promise<{ ok: boolean; line: string }> {
  const report = await gradeImplementation(path, { rules: [closeEofFirst], seed });
  const judged = report.verdicts.find((each) => each.rule === closeEofFirst.id);
  return { ok: judged?.ok ?? false, line: judged?.line ?? "no verdict" };
}

/** How a close() waits `GRACE` ms for the server to leave, by each route the grader's clock owns. */
const ROUTES: Readonly<Record<string, string>> = {
  setTimeout: "new Promise((resolve) => setTimeout(resolve, GRACE))",
  "timers/promises": 'require("node:timers/promises").setTimeout(GRACE)',
  "AbortSignal.timeout": 'new Promise((resolve) => AbortSignal.timeout(GRACE).addEventListener("abort", resolve))',
  "Date.now polled on a timer": `(async () => {
      const until = Date.now() + GRACE;
      while (Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 3));
    })()`,
  "performance.now polled by setInterval": `new Promise((resolve) => {
      const until = performance.now() + GRACE;
      const poll = setInterval(() => performance.now() >= until && (clearInterval(poll), resolve()), 2);
    })`,
  "process.hrtime polled on timers/promises": `(async () => {
      const until = process.hrtime.bigint() + BigInt(GRACE) * 1000000n;
      while (process.hrtime.bigint() < until) await require("node:timers/promises").setTimeout(2);
    })()`,
};

// Readable by the grading host's own user (mkdtemp makes a folder its owner's alone).
const made = mkdtempSync(join(tmpdir(), "clocked-close-"));
chmodSync(made, 0o755);
afterAll(() => rmSync(made, { recursive: true, force: true }));

/** A small client whose close() ends the input, waits `grace` ms by `route` or until the server leaves, then ends its group. */
function graceClient(route: string, grace: number): string {
  const file = join(made, `${Object.keys(ROUTES).indexOf(route)}-${grace}.js`);
  writeFileSync(
    file,
    `"use strict";
const { withMistakes } = require(${JSON.stringify(join(DIR, "small-client.js"))});
const base = withMistakes();
class StdioClient extends base.StdioClient {
  async close() {
    const pid = this.child.pid;
    this.child.stdin.end();
    const GRACE = ${grace};
    const status = await Promise.race([this.exited, ${ROUTES[route]!}.then(() => "timeout")]);
    if (status === "timeout" && pid !== undefined) await base.endProcessGroup(pid, 500);
    return this.exited;
  }
}
module.exports = { ...base, StdioClient };
`,
  );
  return file;
}

describe("close-eof-first on the grader's clock", () => {
  it("passes the reference at two seeds and fails every wrong copy of the rule", async () => {
    for (const file of WRONG)
      expect((load(`./${file}`) as { onTheGradersClock?: boolean }).onTheGradersClock).toBe(true);
    const runs = [
      { path: REFERENCE, seed: 0 },
      { path: REFERENCE, seed: 8 },
      ...WRONG.map((file) => ({ path: join(DIR, file), seed: 0 })),
    ];
    const outcomes = await settledInOrder(runs, 3, async (run) => ({ ...run, ...(await verdict(run.path, run.seed)) }));
    const misjudged = outcomes.filter(({ path, ok }) => ok !== (path === REFERENCE));
    expect(misjudged.map(({ path, seed, line }) => `${path} (seed ${seed}): ${line}`)).toEqual([]);
    for (const { path, line } of outcomes.filter((each) => each.path === REFERENCE))
      expect(line, path).toContain("judged on the grader's clock");
  }, 120_000);

  it("passes a grace kept by any route of the clock exactly when it is a moment or more (property)", async () => {
    const cases = fc.sample(
      fc.record({
        route: fc.constantFrom(...Object.keys(ROUTES)),
        // Under the least time the server takes to leave, or a moment and up to the chapter's five times over.
        grace: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 100, max: 5000 })),
        seed: fc.integer({ min: 0, max: 1000 }),
      }),
      6,
    );
    const outcomes = await settledInOrder(cases, 3, async ({ route, grace, seed }) => ({
      route,
      grace,
      seed,
      ...(await verdict(graceClient(route, grace), seed)),
    }));
    const misjudged = outcomes.filter(({ grace, seed, ok }) => ok !== grace >= leaveWithinMoment(seed));
    expect(misjudged.map(({ route, grace, seed, line }) => `${route}, ${grace} ms (seed ${seed}): ${line}`)).toEqual(
      [],
    );
  }, 120_000);
});

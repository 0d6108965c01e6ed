// Complete tier only: grades the exercises through the isolated host, at several seeds.
// The exercises graded by the checkpoint as the notebook checks them: the learner's function runs in
// the isolated host, the grader judges the plain outcomes with the notebook's own check (exercises
// 1, 2, 3 and 6 on inputs the seed varies; 4, 5 and 7 on trials given as plain data). Needs `npm run build` (the host is lib/dist).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

type Grade = (
  path: string,
  options: { rules: readonly unknown[] },
) => Promise<{ verdicts: Array<{ ok: boolean; line: string; status: string }> }>;
const built = require(join(REPO_ROOT, "lib", "dist", "grading", "checkpoint", "index.js")) as {
  gradeImplementation: Grade;
  EXERCISE_RULES: ReadonlyArray<{ id: string }>;
};
const ruleNamed = (id: string) => built.EXERCISE_RULES.filter((rule) => rule.id === id);
const fixture = (name: string): string => join(REPO_ROOT, "test", "exercises", "fixtures", `${name}.js`);

type Grade2 = (
  path: string,
  options: { rules: readonly unknown[]; seed?: number },
) => Promise<{ verdicts: Array<{ ok: boolean; line: string; status: string }> }>;

async function graded(name: string, seed = 0): Promise<{ ok: boolean; line: string; status: string }> {
  const report = await (built.gradeImplementation as Grade2)(fixture(name), {
    rules: ruleNamed(name.split("-")[0]!.replace("exercise", "exercise-")),
    seed,
  });
  return report.verdicts[0]!;
}

describe("the checkpoint's exercises 1, 2, 3 and 6 are the notebook's analysis checks, on the seed's inputs", () => {
  it.each([
    ["exercise1-answered", 0],
    ["exercise1-answered", 7],
    ["exercise2-answered", 7],
    ["exercise3-answered", 7],
    ["exercise6-answered", 7],
  ])(
    "passes %s (seed %i)",
    async (name, seed) => {
      const verdict = await graded(name, seed);
      expect(verdict.line).toMatch(/^ok exercise \d/u);
    },
    60_000,
  );

  it.each([
    ["exercise1-endpoints", /tokensPerTool: expected [\d.]+, got [\d.]+.*least-squares line/u],
    [
      "exercise2-declines-as-misses",
      /missedCalls: expected \d+, got \d+.*a missed call is a request that needs a tool/u,
    ],
    ["exercise3-refused-as-done", /done: expected 1 entries, got 2.*refused/u],
    ["exercise6-refused-as-purchases", /purchasesArrived: expected 0, got [1-9]\d*.*never left the application/u],
  ])(
    "fails %s, saying what was expected and what came",
    async (name, says) => {
      const verdict = await graded(name, 7);
      expect(verdict.ok).toBe(false);
      expect(verdict.line).toMatch(says);
      expect(verdict.line).not.toMatch(/leastSquares|declineTable|option/u);
    },
    60_000,
  );
});

describe("the checkpoint's exercise 4 is the notebook's check, judged on the host's plain data", () => {
  it("passes the learner's own cursor loop over askPage, live servers included", async () => {
    const verdict = await graded("exercise4-answered");
    expect(verdict.line).toMatch(/^ok exercise 4/u);
  }, 60_000);

  it("fails a loop with a page bound but no memory of cursors, naming the repeated cursor", async () => {
    const verdict = await graded("exercise4-page-bound-only");
    expect(verdict.ok).toBe(false);
    expect(verdict.line).toContain("repeated-cursor");
    expect(verdict.line).toContain('"again"');
    expect(verdict.line).toMatch(/asked 5 pages and then said .*too many pages/u);
    expect(verdict.line).not.toMatch(/maxPages|option/u);
  }, 60_000);

  it("fails reversed results", async () => {
    const verdict = await graded("exercise4-reversed");
    expect(verdict.ok).toBe(false);
    expect(verdict.line).toMatch(/in order; got \[tool_7/u);
  }, 60_000);
});

describe("the checkpoint fails each answer the issue found accepted, by the notebook's own check, on the seed's inputs", () => {
  // Every seed is covered by the same judge in process (cursor-loop, outstanding-table and
  // analysis-checks tests); here each wrong answer goes through the isolated host once, each at its own seed.
  it.each([
    ["exercise1-strict-floor", 1, /floor exactly at the share .*recovers: expected true, got false/u],
    ["exercise4-previous-cursor-only", 2, /comes back after [2-9] page\(s\).*expected a refusal on page \d/u],
    ["exercise4-pages-off-by-one", 3, /within both bounds, and your function refused it.*too many pages/u],
    ["exercise4-tools-off-by-one", 7, /within both bounds, and your function refused it.*too many tools/u],
    ["exercise4-plain-error", 0, /expected a ProtocolError with reason "catalog"; got Error: /u],
    ["exercise5-fresh-timer-per-read", 1, /trickle in .*expected a refusal, DeadlineError with reason "deadline"/u],
    ["exercise5-no-deadline", 7, /then silence.*StoppedByCheck/u],
  ] as const)(
    "fails %s (seed %i)",
    async (name, seed, says) => {
      const verdict = await graded(name, seed);
      expect(verdict.ok).toBe(false);
      expect(verdict.line).toMatch(says);
    },
    60_000,
  );
});

describe("the checkpoint's exercise 5 is the notebook's check, judged on the host's plain data", () => {
  it("passes the learner's own table of outstanding ids over a ClientContext", async () => {
    const verdict = await graded("exercise5-answered");
    expect(verdict.line).toMatch(/^ok exercise 5/u);
  }, 60_000);

  it.each([
    [
      "keeps answers in arrival order (reversed)",
      "exercise5-arrival-order",
      /reversed: .*\["5","1"\], in arrival order/u,
    ],
    ["sets a stray reply aside", "exercise5-stray-ignored", /a reply for id 7, never sent: your function returned/u],
  ])(
    "fails a table that %s",
    async (_what, name, says) => {
      const verdict = await graded(name);
      expect(verdict.ok).toBe(false);
      expect(verdict.line).toMatch(says);
    },
    60_000,
  );
});

describe("the checkpoint's exercise 7 is the notebook's check, judged on the host's plain data", () => {
  it("passes the spec's dual-era connect step (the reference), at two seeds", async () => {
    for (const seed of [0, 7]) {
      const verdict = await graded("exercise7-answered", seed);
      expect(verdict.line).toMatch(/^ok exercise 7/u);
    }
  }, 60_000);

  // The four wrong answers the issue names, each through the isolated host, each failed by name.
  it.each([
    ["exercise7-fallback-on-32601", /the error -?\d+ you did not fall back.*must not be keyed to one error code/u],
    ["exercise7-fallback-after-32022", /fell back to initialize after -32022/u],
    ["exercise7-never-probes", /the first request was initialize, not server\/discover.*never probes/u],
    [
      "exercise7-probe-without-timeout",
      /never answers server\/discover \(a probe with no timeout.*gave no outcome within/u,
    ],
  ] as const)(
    "fails %s, saying why",
    async (name, says) => {
      const verdict = await graded(name, 7);
      expect(verdict.ok).toBe(false);
      expect(verdict.line).toMatch(says);
      expect(verdict.line).not.toContain("not attempted");
    },
    60_000,
  );

  it("the untouched stub reads as not attempted; a module without exercise7 is told it is missing", async () => {
    const grade = (path: string) => (built.gradeImplementation as Grade2)(path, { rules: ruleNamed("exercise-7") });
    const stub = await grade(join(REPO_ROOT, "test", "checkpoint", "fixtures", "exercise-answers.js"));
    expect(stub.verdicts[0]).toMatchObject({ ok: false, line: expect.stringContaining("not attempted") });
    const missing = await grade(fixture("exercise6-answered"));
    expect(missing.verdicts[0]).toMatchObject({
      ok: false,
      line: expect.stringMatching(/expected exercise7; received not exported/u),
    });
  }, 60_000);
});

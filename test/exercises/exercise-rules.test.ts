// Exercises 4 and 5 graded by the checkpoint as the notebook checks it: the learner's loop runs in the
// isolated host, the grader judges the plain outcomes with the notebook's own check. Needs
// `npm run build` (the host is lib/dist).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/checkpoint/paths.js";

type Grade = (path: string, options: { rules: readonly unknown[] }) => Promise<{ verdicts: Array<{ ok: boolean; line: string; status: string }> }>;
const built = require(join(REPO_ROOT, "lib", "dist", "index.js")) as { gradeImplementation: Grade; EXERCISE_RULES: ReadonlyArray<{ id: string }> };
const ruleNamed = (id: string) => built.EXERCISE_RULES.filter((rule) => rule.id === id);
const fixture = (name: string): string => join(REPO_ROOT, "test", "exercises", "fixtures", `${name}.js`);

async function graded(name: string): Promise<{ ok: boolean; line: string; status: string }> {
  const report = await built.gradeImplementation(fixture(name), { rules: ruleNamed(name.split("-")[0]!.replace("exercise", "exercise-")) });
  return report.verdicts[0]!;
}

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

describe("the checkpoint's exercise 5 is the notebook's check, judged on the host's plain data", () => {
  it("passes the learner's own table of outstanding ids over a ClientContext", async () => {
    const verdict = await graded("exercise5-answered");
    expect(verdict.line).toMatch(/^ok exercise 5/u);
  }, 60_000);

  it.each([
    ["keeps answers in arrival order (reversed)", "exercise5-arrival-order", /reversed: .*\["5","1"\], in arrival order/u],
    ["sets a stray reply aside", "exercise5-stray-ignored", /a reply for id 7, never sent: your function returned/u],
  ])("fails a table that %s", async (_what, name, says) => {
    const verdict = await graded(name);
    expect(verdict.ok).toBe(false);
    expect(verdict.line).toMatch(says);
  }, 60_000);
});

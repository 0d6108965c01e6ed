// Every dimension a rule declares (DIMENSIONS) names the wrong implementation that varies only it:
// a module of checkpoints/wrong-implementations/ whose rule is that rule. The suite there
// (test/checkpoint/wrong/, complete tier) holds each to fail exactly its rule and the rules that
// depend on it; here, those of a pure piece that changes what it is handed are graded by their own
// rule alone, in place, and fail it on what the piece was handed.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIMENSIONS } from "../../lib/src/grading/checkpoint/rules/dimensions.js";
import { inProcessProbe } from "../../lib/src/grading/checkpoint/rules/in-process.js";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { runRules } from "../../lib/src/grading/checkpoint/rules/run.js";
import { settledInOrder } from "../../lib/src/grading/checkpoint/rules/settled.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const DIR = join(REPO_ROOT, "checkpoints", "wrong-implementations");
const load = createRequire(join(DIR, "index.js"));

const declared = RULES.flatMap((rule) => (DIMENSIONS[rule.id] ?? []).map((dimension) => ({ rule, ...dimension })));

describe("the dimensions of each rule's family", () => {
  it("are declared for every rule that grades code, and only for rules there are", () => {
    const ids = new Set(RULES.map((rule) => rule.id));
    expect(Object.keys(DIMENSIONS).filter((id) => !ids.has(id))).toEqual([]);
    const undeclared = RULES.filter((rule) => rule.needs.length > 0 && (DIMENSIONS[rule.id] ?? []).length === 0);
    expect(undeclared.map((rule) => rule.id)).toEqual([]);
  });

  it("each name a wrong implementation of their own rule, one dimension a module", () => {
    const wrongs = declared.map(({ wrong }) => wrong);
    expect(wrongs.filter((wrong, index) => wrongs.indexOf(wrong) !== index)).toEqual([]);
    for (const { rule, wrong } of declared) {
      expect(existsSync(join(DIR, wrong)), wrong).toBe(true);
      expect((load(`./${wrong}`) as { rule?: unknown }).rule, wrong).toBe(rule.id);
    }
  });

  // What a pure piece is handed is judged for every rule by the probe (answer.ts): the wrong
  // implementations that change only that are graded here, by their own rule alone, in place.
  const pure = declared.filter(({ rule, varies }) => !rule.needs.includes("StdioClient") && / handed in/u.test(varies));
  it(`fail their rule when a pure piece changes what it is handed (${pure.length} modules)`, async () => {
    // That the library passes these rules the wrong suite holds, and the probe's own test that
    // reading what it is handed is no change (rules/handed-inputs.test.ts).
    const lines = await settledInOrder(pure, 2, async ({ rule, wrong }) => {
      const impl = load(`./${wrong}`) as Record<string, unknown>;
      const [verdict] = await runRules({ rules: [rule], openProbe: () => Promise.resolve(inProcessProbe(impl)) });
      return verdict!.line;
    });
    expect(lines.filter((line, index) => !line.startsWith(`FAIL ${pure[index]!.rule.id}: what `))).toEqual([]);
  }, 60_000);
});

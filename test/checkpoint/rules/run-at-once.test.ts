// Rules graded side by side: what a grading reports must not depend on it. Verdicts come back and
// are reported in the rules' order; no more than RULES_AT_ONCE run; a rule marked alone runs alone; a rule
// starts only once the rules before it that it depends on have ended, and is not graded when one failed.
import fc from "fast-check";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { RULES_AT_ONCE, runRules } from "../../../lib/src/checkpoint/rules/run.js";
import { failRule, type Rule, type RuleVerdict } from "../../../lib/src/checkpoint/rules/types.js";

interface Plan {
  readonly ms: number;
  readonly fails: boolean;
  readonly alone: boolean;
  /** Indexes of other rules it depends on (earlier or later in the list). */
  readonly dependsOn: readonly number[];
  readonly deadlineMs: number;
}

const plans = fc.array(
  fc.record({
    ms: fc.integer({ min: 0, max: 8 }),
    fails: fc.boolean(),
    alone: fc.integer({ min: 0, max: 9 }).map((draw) => draw < 3),
    dependsOn: fc.uniqueArray(fc.nat({ max: 11 }), { maxLength: 3 }),
    deadlineMs: fc.constantFrom(5000, 20_000, 90_000),
  }),
  { minLength: 0, maxLength: 12 },
);

describe("runRules: several rules at once", () => {
  it("reports in order, never more than RULES_AT_ONCE at once, a rule marked alone by itself, each after its dependencies", async () => {
    await fc.assert(
      fc.asyncProperty(plans, async (planned) => {
        const ids = planned.map((_, index) => `r${index}`);
        const running = new Set<string>();
        const startedWith: Array<{ id: string; alongside: string[] }> = [];
        const events: string[] = [];
        let most = 0;
        const rules: Rule[] = planned.map((plan, index) => ({
          id: ids[index]!,
          title: `rule ${index}`,
          points: 1,
          needs: [],
          pieces: ["answerFor"],
          dependsOn: plan.dependsOn.filter((other) => other < planned.length).map((other) => ids[other]!),
          visibility: "visible",
          where: "nowhere",
          deadlineMs: plan.deadlineMs,
          ...(plan.alone ? { alone: true } : {}),
          body: async () => {
            startedWith.push({ id: ids[index]!, alongside: [...running] });
            events.push(`start ${ids[index]!}`);
            running.add(ids[index]!);
            most = Math.max(most, running.size);
            await sleep(plan.ms);
            running.delete(ids[index]!);
            events.push(`end ${ids[index]!}`);
            if (plan.fails) failRule("the plan", "a pass", "a planned failure");
            return "";
          },
        }));
        const reported: RuleVerdict[] = [];
        const verdicts = await runRules({
          rules,
          openProbe: () =>
            Promise.resolve({
              probe: () => Promise.resolve({ ok: true, value: {} }),
              close: () => Promise.resolve(""),
            }),
          onVerdict: (verdict) => reported.push(verdict),
        });
        expect(verdicts.map((verdict) => verdict.rule)).toEqual(ids);
        expect(reported).toEqual(verdicts);
        expect(most).toBeLessThanOrEqual(RULES_AT_ONCE);
        for (const { id, alongside } of startedWith) {
          const index = ids.indexOf(id);
          if (planned[index]!.alone) expect(alongside, `${id} must run alone`).toEqual([]);
          for (const other of alongside)
            expect(planned[ids.indexOf(other)]!.alone, `${other} must run alone`).toBe(false);
        }
        // As graded one after another: a rule is not graded when an earlier rule it depends on
        // failed or was not graded; a later one does not count.
        planned.forEach((plan, index) => {
          const earlier = rules[index]!.dependsOn.map((id) => ids.indexOf(id)).filter((other) => other < index);
          const blocked = earlier.some((other) => !verdicts[other]!.ok);
          const status = verdicts[index]!.status;
          if (blocked) expect(status, ids[index]).toBe("not-graded");
          else {
            expect(status, ids[index]).toBe(plan.fails ? "failed" : "passed");
            // Its earlier dependencies that ran had ended before it started.
            for (const other of earlier.filter((each) => verdicts[each]!.status !== "not-graded"))
              expect(events.indexOf(`end ${ids[other]!}`)).toBeLessThan(events.indexOf(`start ${ids[index]!}`));
          }
        });
      }),
      { numRuns: 60 },
    );
  });

  it("runs RULES_AT_ONCE rules side by side when nothing holds them back", async () => {
    const waits = Array.from({ length: 4 }, (_, index): Rule => ({
      id: `w${index}`,
      title: "waits",
      points: 1,
      needs: [],
      pieces: ["answerFor"],
      dependsOn: [],
      visibility: "visible",
      where: "nowhere",
      deadlineMs: 5000,
      body: async () => {
        await sleep(300);
        return "";
      },
    }));
    let most = 0;
    let now = 0;
    const verdicts = await runRules({
      rules: waits.map((rule) => ({
        ...rule,
        body: async (context) => {
          most = Math.max(most, ++now);
          const done = await rule.body(context);
          now -= 1;
          return done;
        },
      })),
      openProbe: () =>
        Promise.resolve({ probe: () => Promise.resolve({ ok: true, value: {} }), close: () => Promise.resolve("") }),
    });
    expect(verdicts.every((verdict) => verdict.ok)).toBe(true);
    expect(most).toBe(RULES_AT_ONCE);
  });
});

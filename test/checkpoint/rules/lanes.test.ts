// Rules run a few at once (GradeOptions.concurrency; the checkpoint grades three at a time) and
// still mean what they meant one at a time: the same verdicts, a rule started only once the rules
// it depends on have ended, never more bodies running than lanes, a rule marked `alone` with no
// other beside it, a rule marked `waits` beside the lanes, progress in the rules' order.
import { setTimeout as sleep } from "node:timers/promises";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runRules } from "../../../lib/src/grading/checkpoint/rules/run.js";
import { failRule, type Rule } from "../../../lib/src/grading/checkpoint/rules/types.js";
import { stubRule } from "../../support/stub-rule.js";

const rule = (id: string, dependsOn: string[], body: Rule["body"], alone = false): Rule =>
  stubRule(id, body, { dependsOn, alone });

const probeSession = () =>
  Promise.resolve({ probe: () => Promise.resolve({ ok: true as const, value: {} }), close: () => Promise.resolve("") });

/** One rule of a drawn run: whether it passes, how long its body waits, which earlier rules it depends on. */
const drawnRules = fc
  .array(
    fc.record({
      passes: fc.boolean(),
      waitMs: fc.integer({ min: 0, max: 4 }),
      picks: fc.array(fc.nat(), { maxLength: 2 }),
      alone: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
    }),
    {
      minLength: 1,
      maxLength: 9,
    },
  )
  .map((drawn) =>
    drawn.map((each, index) => ({
      ...each,
      id: `r${index}`,
      dependsOn: index === 0 ? [] : [...new Set(each.picks.map((pick) => `r${pick % index}`))],
    })),
  );

describe("rules run a few at once", () => {
  it("give the verdicts of a run one at a time, in order, with no more bodies running than lanes, no rule before its dependencies end and none beside a rule marked alone", async () => {
    await fc.assert(
      fc.asyncProperty(drawnRules, fc.integer({ min: 1, max: 4 }), async (drawn, concurrency) => {
        const running = new Set<string>();
        const started = new Set<string>();
        const ended = new Set<string>();
        let most = 0;
        const problems: string[] = [];
        const rules = drawn.map((each, index) =>
          rule(
            each.id,
            each.dependsOn,
            async () => {
              for (const dependency of each.dependsOn)
                if (!ended.has(dependency)) problems.push(`${each.id} started before ${dependency} ended`);
              for (const [other, them] of drawn.entries()) {
                const overlaps = started.has(them.id) && !ended.has(them.id);
                if ((each.alone || them.alone) && other < index && overlaps)
                  problems.push(`${each.id} started beside ${them.id}`);
                if ((each.alone || them.alone) && other > index && started.has(them.id))
                  problems.push(`${each.id} started after ${them.id}`);
              }
              started.add(each.id);
              running.add(each.id);
              most = Math.max(most, running.size);
              await sleep(each.waitMs);
              running.delete(each.id);
              ended.add(each.id);
              if (!each.passes) failRule(each.id, "a pass", "a failure");
              return "";
            },
            each.alone,
          ),
        );
        const shown: string[] = [];
        const together = await runRules({
          rules,
          openProbe: probeSession,
          concurrency,
          onVerdict: (v) => shown.push(v.rule),
        });
        expect(problems).toEqual([]);
        expect(most).toBeLessThanOrEqual(concurrency);
        expect(shown).toEqual(drawn.map((each) => each.id));
        started.clear();
        ended.clear();
        const alone = await runRules({ rules, openProbe: probeSession });
        expect(together.map((v) => [v.rule, v.status, v.line])).toEqual(alone.map((v) => [v.rule, v.status, v.line]));
      }),
      { numRuns: 60 },
    );
  });

  it("fill every lane while independent rules are ready, and leave a rule whose dependency failed not graded", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const waiting = (id: string, dependsOn: string[] = []) =>
      rule(id, dependsOn, async () => {
        running += 1;
        most = Math.max(most, running);
        if (running === 3) release();
        await gate;
        running -= 1;
        return "";
      });
    const verdicts = await runRules({
      rules: [
        waiting("a"),
        rule("broken", [], () => failRule("broken", "a pass", "a failure")),
        waiting("b"),
        waiting("c"),
        waiting("after-broken", ["broken"]),
        waiting("d"),
      ],
      openProbe: probeSession,
      concurrency: 3,
    });
    expect(most).toBe(3);
    expect(verdicts.map((v) => v.status)).toEqual(["passed", "failed", "passed", "passed", "not-graded", "passed"]);
  });

  it("run a rule that waits beside the lanes: it starts at once, though every lane is taken", async () => {
    let releaseLanes!: () => void;
    const lanesHeld = new Promise<void>((resolve) => (releaseLanes = resolve));
    let waiterStartedWhileHeld = false;
    let held = 0;
    const holding = (id: string) =>
      rule(id, [], async () => {
        held += 1;
        await lanesHeld;
        return "";
      });
    const waiter: Rule = {
      ...rule("waits", [], async () => {
        waiterStartedWhileHeld = held === 2;
        releaseLanes();
        return "";
      }),
      waits: true,
    };
    const verdicts = await runRules({
      rules: [holding("a"), holding("b"), waiter],
      openProbe: probeSession,
      concurrency: 2,
    });
    expect(waiterStartedWhileHeld).toBe(true);
    expect(verdicts.map((v) => v.status)).toEqual(["passed", "passed", "passed"]);
  });
});

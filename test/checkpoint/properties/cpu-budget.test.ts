// A property's inputs are cut by the CPU the graded code used, never by the wall clock: alone or
// beside other work, the same inputs are judged, so a busy machine cannot pass code that an input
// past the cut would have failed. What the host says it used is capped at the call's wall time, so
// code that claims more cannot end the property after its first inputs.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { holds, PROPERTY_CPU_BUDGET_MS } from "../../../lib/src/grading/checkpoint/properties/judge.js";
import { READER_PROPERTY } from "../../../lib/src/grading/checkpoint/properties/properties.js";
import { inProcessProbe } from "../../../lib/src/grading/checkpoint/rules/in-process.js";
import type { ProbeAnswer, ProbeRequest, RuleContext } from "../../../lib/src/grading/checkpoint/rules/types.js";
import { REFERENCE_IMPLEMENTATION } from "../../../lib/src/grading/trials/implementation.js";

/** The reference's own pieces, answering as a host that says it used `cpuMs` and takes `delayMs` of wall time. */
function context(cpuMs: number, delayMs: () => number): RuleContext {
  const { probe } = inProcessProbe(REFERENCE_IMPLEMENTATION as never);
  return {
    ask: async (request: ProbeRequest): Promise<ProbeAnswer> => {
      const answer = await probe(request);
      const started = performance.now();
      while (performance.now() - started < delayMs()) await sleep(1);
      return { ...answer, cpuMs };
    },
    dir: "/nonexistent",
    seed: 3,
    server: () => {
      throw new Error("a pure rule starts no server");
    },
  };
}

describe("a property's CPU budget", () => {
  it("judges the same inputs however long each answer took on the wall clock", async () => {
    // 100 ms of CPU an answer (each taking at least that long, as real CPU does) passes the budget
    // after a fixed count, whatever the waits around it.
    const quick = await holds(
      context(100, () => 100),
      READER_PROPERTY,
    );
    const slow = await holds(
      context(100, () => 110 + Math.random() * 40),
      READER_PROPERTY,
    );
    expect(quick).toBe(slow);
    const judged = Math.floor(PROPERTY_CPU_BUDGET_MS / 100) + 1;
    expect(quick).toMatch(new RegExp(`^${judged} of \\d+ generated inputs \\(the rest past the code's`, "u"));
  }, 60_000);

  it("judges every input of code within the budget", async () => {
    expect(
      await holds(
        context(0, () => 0),
        READER_PROPERTY,
      ),
    ).toMatch(/^\d+ generated inputs$/u);
  }, 60_000);

  it("takes no more CPU from an answer than its wall time: a claim of hours ends nothing early", async () => {
    expect(
      await holds(
        context(3_600_000, () => 0),
        READER_PROPERTY,
      ),
    ).toMatch(/^\d+ generated inputs$/u);
  }, 60_000);
});

// The red team's topTools and resultText cases, every round (checkpoints/{wrong,fair}-implementations/
// red-team), judged in process by their rule's property: each wrong one fails it (seed 0), each fair one
// holds it (seeds 0 and 1). The whole grading of them is `npm run grader:red-team`; this is its fast half
// for the two pieces whose families issue 52 widened (the scorer's whole ranking, any separator).
import { describe, expect, it } from "vitest";
import { variantNotebook } from "../../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";
import { RULE_PROPERTIES } from "../../../lib/src/grading/checkpoint/properties/properties.js";
import { REFERENCE_IMPLEMENTATION } from "../../../lib/src/grading/trials/implementation.js";
import { inProcessProbe } from "../../../lib/src/grading/checkpoint/rules/in-process.js";
import { CheckFailure as RuleFailure } from "../../../lib/src/grading/trials/harness.js";
import { buildCells, evaluateBuildCells } from "../../../lib/src/assembly/notebook-pieces.js";
import { cellScope } from "../../../lib/src/pieces/cell-scope.js";
import { redTeamCases, type RedTeamCase } from "../../support/red-team-cases.js";

const RULE_OF: Readonly<Record<string, string>> = {
  topTools: "evidence-recomputes",
  resultText: "result-text-iserror",
};

/** Wrong cases that rank right but change the catalog they are handed: the probe's handed-input check holds them (test/checkpoint/rules/handed-inputs.test.ts), not the property. */
const CHANGES_WHAT_IT_IS_HANDED = new Set([
  "top-tools-sorts-in-place",
  "top-tools-scores-onto-tools",
  "top-tools-returns-catalog-when-all",
]);

const cases = redTeamCases()
  .filter(({ found }) => found.piece in RULE_OF && !CHANGES_WHAT_IT_IS_HANDED.has(found.name))
  .map(({ kind, round, found }) => [`${kind} ${round}/${found.name}`, kind, found] as const);

/** The rule's property on the case's pieces at `seed`: "ok", or the FAIL's text. */
async function verdict(found: RedTeamCase, seed: number): Promise<string> {
  const pieces = {
    ...REFERENCE_IMPLEMENTATION,
    ...evaluateBuildCells(buildCells(variantNotebook(found as never)), cellScope()).pieces,
  };
  const { probe } = inProcessProbe(pieces);
  const context = { ask: probe, dir: "/nonexistent", seed, server: () => Promise.reject(new Error("no server")) };
  try {
    await RULE_PROPERTIES[RULE_OF[found.piece]!]!.check(context as never);
    return "ok";
  } catch (error) {
    if (error instanceof RuleFailure) return error.message;
    throw error;
  }
}

describe("the red team's topTools and resultText cases, by their rule's property", () => {
  it("are at least the seventeen wrong and six fair ones of rounds 1 to 6", () => {
    expect(cases.filter(([, kind]) => kind === "wrong").length).toBeGreaterThanOrEqual(17);
    expect(cases.filter(([, kind]) => kind === "fair").length).toBeGreaterThanOrEqual(6);
  });

  it.each(cases)("%s", async (_label, kind, found) => {
    // A fair case must hold at any seed: two; a wrong one is caught by the seed-independent examples.
    for (const seed of kind === "fair" ? [0, 1] : [0]) {
      const said = await verdict(found, seed);
      if (kind === "fair") expect(said, `seed ${seed}`).toBe("ok");
      else expect(said, `seed ${seed}`).not.toBe("ok");
    }
  });
});

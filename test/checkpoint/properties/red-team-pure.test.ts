// The red team's cases of the pure pieces whose families issue 52 widened (topTools: the scorer's
// whole ranking; resultText: any separator; checkTools: catalogs of every shape; the messages:
// params as given; answerFor: errors of every shape; checkInitialize: answers of every shape), every
// round (checkpoints/{wrong,fair}-implementations/red-team), judged in process by their rules'
// properties: each wrong one fails one (seed 0), each fair one holds them all (seeds 0 and 1). The
// whole grading of them is `npm run grader:red-team`; this is its fast half.
import { describe, expect, it } from "vitest";
import { variantNotebook } from "../../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";
import { RULE_PROPERTIES } from "../../../lib/src/grading/checkpoint/properties/properties.js";
import { REFERENCE_IMPLEMENTATION } from "../../../lib/src/grading/trials/implementation.js";
import { inProcessProbe } from "../../../lib/src/grading/checkpoint/rules/in-process.js";
import { CheckFailure as RuleFailure } from "../../../lib/src/grading/trials/harness.js";
import { buildCells, evaluateBuildCells } from "../../../lib/src/assembly/notebook-pieces.js";
import { cellScope } from "../../../lib/src/pieces/cell-scope.js";
import { redTeamCases, type RedTeamCase } from "../../support/red-team-cases.js";

const RULES_OF: Readonly<Record<string, readonly string[]>> = {
  topTools: ["evidence-recomputes"],
  resultText: ["result-text-iserror"],
  checkTools: ["discovery-bounds"],
  requestMessage: ["messages-shape"],
  notificationMessage: ["messages-shape"],
  answerFor: ["ids-exact", "error-raised"],
  checkInitialize: ["handshake-version", "handshake-capability"],
};

/** Wrong cases that rank right but change the catalog they are handed: the probe's handed-input check holds them (test/checkpoint/rules/handed-inputs.test.ts), not the property. */
const CHANGES_WHAT_IT_IS_HANDED = new Set([
  "top-tools-sorts-in-place",
  "top-tools-scores-onto-tools",
  "top-tools-returns-catalog-when-all",
  // Its messages are right; a later call changes an earlier one's params: messages-shape's sharing check holds it.
  "request-message-shared-default-params",
]);

const cases = redTeamCases()
  .filter(({ found }) => found.piece in RULES_OF && !CHANGES_WHAT_IT_IS_HANDED.has(found.name))
  .map(({ kind, round, found }) => [`${kind} ${round}/${found.name}`, kind, found] as const);

/** The rule's property on the case's pieces at `seed`: "ok", or the FAIL's text. */
async function verdict(found: RedTeamCase, seed: number): Promise<string> {
  const pieces = {
    ...REFERENCE_IMPLEMENTATION,
    ...evaluateBuildCells(buildCells(variantNotebook(found as never)), cellScope()).pieces,
  };
  const { probe } = inProcessProbe(pieces);
  const context = { ask: probe, dir: "/nonexistent", seed, server: () => Promise.reject(new Error("no server")) };
  for (const rule of RULES_OF[found.piece]!) {
    try {
      await RULE_PROPERTIES[rule]!.check(context as never);
    } catch (error) {
      if (error instanceof RuleFailure) return `${rule}: ${error.message}`;
      throw error;
    }
  }
  return "ok";
}

describe("the red team's cases of the pure pieces, by their rules' properties", () => {
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

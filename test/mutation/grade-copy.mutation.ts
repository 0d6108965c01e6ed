// The grader's own suite as mutation testing sees it: one test per rule of the checkpoint, each
// grading the copy of the reference pieces (.mutation/copy, written by scripts/mutation-copy.mjs)
// in this process, as a check cell does. Stryker switches a mutant on in this process, so the
// host's dropped environment is no obstacle; the judging reference is lib/src, never mutated.
// A mutant is killed when the rule that reaches it FAILs the copy. Run by `npm run grader:mutation`.
import { describe, expect, it } from "vitest";
import { RULES } from "../../lib/src/checkpoint/rules/index.js";
import { inProcessProbe } from "../../lib/src/checkpoint/rules/in-process.js";
import { runRules } from "../../lib/src/checkpoint/rules/run.js";
import { implementationFrom } from "../../lib/src/pieces/assembled-client.js";
// @ts-expect-error: the copy is written before this suite runs, and is not part of the project.
import { referencePieces } from "../../.mutation/copy/pieces/reference-pieces.js";
import type { PieceSet } from "../../lib/src/pieces/pieces.js";

const pieces = (): PieceSet => (referencePieces as () => PieceSet)();

/** The rules mutation runs grade, quickest first (Stryker stops a mutant at its first FAIL). */
export const MUTATION_RULES = RULES.filter((rule) => rule.pieces.length > 0);

describe("the grader on the copy of the reference pieces", () => {
  for (const rule of MUTATION_RULES)
    it(rule.id, async () => {
      const [verdict] = await runRules({
        rules: [rule],
        openProbe: () => Promise.resolve(inProcessProbe({ ...implementationFrom(pieces) })),
        seed: 0,
      });
      expect(verdict!.ok, verdict!.line).toBe(true);
    });
});

// The grader's own suite as mutation testing sees it: one test per rule of the checkpoint, each
// grading the copy of the reference pieces (.mutation/copy, lib/src/mutation/copy.ts) in this
// process, as a check cell does. Stryker switches a mutant on in this process, so the host's
// dropped environment is no obstacle; the judging reference is lib/src, never mutated. A mutant
// is killed when a rule that reaches it FAILs the copy. Run by `npm run grader:mutation` only: it lives outside test/ because it is no test of either tier.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { MUTATION_DIR } from "../../lib/src/mutation/copy.js";
import { gradeCopy } from "../../lib/src/mutation/grade-copy.js";
import type { PieceSet } from "../../lib/src/assembly/piece-names.js";

let pieces: () => PieceSet;
beforeAll(async () => {
  const copy = (await import(join(MUTATION_DIR, "copy/assembly/reference-pieces.ts"))) as {
    referencePieces: () => PieceSet;
  };
  pieces = copy.referencePieces;
});

describe("the grader on the copy of the reference pieces", () => {
  for (const rule of RULES.filter((each) => each.pieces.length > 0))
    it(rule.id, async () => {
      const verdict = await gradeCopy(rule, pieces);
      expect(verdict.ok, verdict.line).toBe(true);
    });
});

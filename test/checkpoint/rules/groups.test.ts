// Every grouping of rules is derived from what each rule declares (Rule.pieces): the check cell
// that runs a rule, the rules each path grades, the pieces a rule waits for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  lastPiece,
  RULES,
  rulesForPieces,
  rulesOfPiece,
  rulesUsing,
} from "../../../lib/src/grading/checkpoint/rules/index.js";
import { NOTEBOOK_RULES } from "../../../lib/src/grading/checkpoint/grade-notebook.js";
import { IMPLEMENTATION_NAMES } from "../../../lib/src/grading/trials/implementation.js";
import { isPieceName, PIECE_NAMES, pieceOrder, type PieceName } from "../../../lib/src/assembly/piece-names.js";

const points = (ids: readonly string[]): number =>
  RULES.filter((rule) => ids.includes(rule.id)).reduce((sum, rule) => sum + rule.points, 0);

describe("rules declare their pieces", () => {
  it("every rule names at least one piece, each one the notebook teaches, none twice", () => {
    for (const rule of RULES) {
      expect(rule.pieces.length, rule.id).toBeGreaterThan(0);
      expect(
        rule.pieces.filter((piece) => !isPieceName(piece)),
        rule.id,
      ).toEqual([]);
      expect(new Set(rule.pieces).size, rule.id).toBe(rule.pieces.length);
    }
  });

  it("each rule runs in exactly one check cell: that of its last piece in the notebook's order", () => {
    const cells = PIECE_NAMES.flatMap((piece) => rulesOfPiece(piece).map((rule) => rule.id));
    expect([...cells].sort()).toEqual(RULES.map((rule) => rule.id).sort());
    for (const rule of RULES) {
      const last = lastPiece(rule)!;
      expect(
        rule.pieces.every((piece) => pieceOrder(piece) <= pieceOrder(last)),
        rule.id,
      ).toBe(true);
    }
  });

  it("a rule waits for every piece it uses: messages-shape needs requestMessage, the client rules need connect and close", () => {
    expect(rulesOfPiece("notificationMessage").map((rule) => rule.id)).toEqual(["messages-shape"]);
    expect(RULES.find((rule) => rule.id === "messages-shape")!.pieces).toContain("requestMessage");
    for (const rule of rulesUsing("request"))
      expect(rule.pieces, rule.id).toEqual(expect.arrayContaining(["connect", "close"]));
    expect(rulesOfPiece("request")).toEqual([]);
    expect(rulesOfPiece("topTools").map((rule) => rule.id)).toEqual(["evidence-recomputes", "costs-recompute"]);
  });

  it("the rules a set of pieces is graded by are exactly those whose pieces it holds (any set)", () => {
    fc.assert(
      fc.property(fc.subarray([...PIECE_NAMES]), (held: PieceName[]) => {
        const graded = rulesForPieces(held);
        for (const rule of RULES)
          expect(graded.includes(rule)).toBe(rule.pieces.every((piece) => held.includes(piece)));
      }),
      { numRuns: 100 },
    );
  });
});

describe("both paths grade the same rules for the same points", () => {
  it("--notebook grades every rule --impl grades (the notebook teaches every piece a rule needs)", () => {
    expect(NOTEBOOK_RULES).toEqual(RULES.map((rule) => rule.id));
    expect(points(NOTEBOOK_RULES)).toBe(points(RULES.map((rule) => rule.id)));
  });

  it("every export a rule needs on the --impl path stands behind a piece the notebook teaches", () => {
    for (const rule of RULES)
      for (const name of rule.needs)
        expect(IMPLEMENTATION_NAMES as readonly string[], `${rule.id} needs ${name}`).toContain(name);
  });
});

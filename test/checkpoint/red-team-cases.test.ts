// The red team's cases (checkpoints/{wrong,fair}-implementations/red-team/round-N) as regressions:
// each still applies to the solved build notebook (every edit's text found exactly once in the one
// build cell that declares its piece) and has its proof's outcome recorded. Grading them all takes
// many minutes: `npm run grader:red-team`, not this test.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { variantNotebook, SOLVED_NOTEBOOK } from "../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";
import { redTeamCases } from "../support/red-team-cases.js";

const ROOT = resolve(__dirname, "../..");
const cases = redTeamCases().map(
  ({ kind, round, file, found }) => [`${kind} ${round}/${found.name}`, kind, file, found] as const,
);
const outcomes = JSON.parse(readFileSync(join(ROOT, "scripts/red-team/proof-outcomes.json"), "utf8")) as Record<
  string,
  { kind: string; ok: boolean }
>;
const solvedText = readFileSync(SOLVED_NOTEBOOK, "utf8");

describe("the red team's cases", () => {
  it("are the 443 wrong cases of fourteen rounds and the 152 fair ones of thirteen, or more", () => {
    expect(cases.filter(([, kind]) => kind === "wrong").length).toBeGreaterThanOrEqual(443);
    expect(cases.filter(([, kind]) => kind === "fair").length).toBeGreaterThanOrEqual(152);
  });

  it.each(cases)("%s applies to the solved notebook, names its piece, and was proven", (_label, kind, file, found) => {
    expect(file).toBe(`${found.name}.json`);
    expect(found.piece).toMatch(/^[A-Za-z]+$/u);
    expect(found.breaks.length).toBeGreaterThan(0);
    expect(found.edits.length).toBeGreaterThan(0);
    // variantNotebook throws unless one build cell declares the piece and each find occurs once in it.
    expect(() => variantNotebook(found, JSON.parse(solvedText))).not.toThrow();
    expect(outcomes[found.name], "a recorded proof outcome").toMatchObject({ kind, ok: true });
  });
});

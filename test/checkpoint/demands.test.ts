// Every rule states what the chapter demands, each demand resting on lines of the chapter that
// exist, and the demands table of docs/rules.md is made from those declarations. The chapter's text is
// read from shared/reference/ beside the repository (CI and the machines we work on put it there);
// without it the test fails and says where it looked, rather than passing on nothing.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { EXERCISE_RULES } from "../../lib/src/grading/checkpoint/rules/exercise-rules.js";
import { demandsTable, lineRanges } from "../../lib/src/grading/checkpoint/rules/demands-table.js";
import { FREE_CHOICES } from "../../lib/src/grading/checkpoint/rules/free-choices.js";
import { readDoc } from "../support/docs-pages.js";

const REPO = resolve(__dirname, "../..");
const CHAPTER = resolve(REPO, "../shared/reference/000_7b55a53db26c1c02.txt");

function chapterLines(): string[] {
  if (!existsSync(CHAPTER))
    throw new Error(`the chapter's text is not at ${CHAPTER}: the demands' line numbers cannot be checked without it`);
  return readFileSync(CHAPTER, "utf8").split("\n");
}

describe("the rules' demands", () => {
  const rules = [...RULES, ...EXERCISE_RULES];

  it("every rule states at least one demand, each in words of its own and citing at least one line", () => {
    for (const rule of rules) {
      expect(rule.demands.length, rule.id).toBeGreaterThan(0);
      for (const demand of rule.demands) {
        expect(demand.says.trim().length, rule.id).toBeGreaterThan(10);
        expect(demand.chapterLines.length, `${rule.id}: ${demand.says}`).toBeGreaterThan(0);
      }
    }
  });

  it("every cited line exists in the chapter and holds text", () => {
    const lines = chapterLines();
    for (const rule of rules)
      for (const demand of rule.demands)
        for (const line of demand.chapterLines) {
          expect(Number.isInteger(line) && line >= 1 && line <= lines.length, `${rule.id} cites line ${line}`).toBe(
            true,
          );
          expect(lines[line - 1]!.trim(), `${rule.id} cites line ${line}, which is blank`).not.toBe("");
        }
  });

  it("a demand is our own words, not a line of the chapter copied", () => {
    const lines = new Set(chapterLines().map((line) => line.trim()));
    for (const rule of rules)
      for (const demand of rule.demands) expect(lines.has(demand.says.trim()), rule.id).toBe(false);
  });

  it("every free choice a rule lists is one of the choices worded once in free-choices.ts", () => {
    const worded = new Set<string>(Object.values(FREE_CHOICES));
    for (const rule of rules)
      for (const choice of rule.freeChoices) expect(worded.has(choice), `${rule.id}: ${choice}`).toBe(true);
  });
});

describe("the README's demands table", () => {
  it("is the table the rules' declarations make", () => {
    const readme = readDoc("ruleTables");
    const start = readme.indexOf("<!-- demands table:");
    const end = readme.indexOf("<!-- end of demands table -->");
    expect(start).toBeGreaterThan(0);
    const shown = readme.slice(readme.indexOf("\n", start) + 1, end).trimEnd();
    expect(shown).toBe(demandsTable(RULES));
  });

  it("writes runs of lines as ranges", () => {
    expect(lineRanges([205, 196, 200, 201, 202, 200])).toBe("196, 200–202, 205");
    expect(lineRanges([7])).toBe("7");
  });
});

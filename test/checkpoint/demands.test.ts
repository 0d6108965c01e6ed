// Every rule states what the chapter demands, each demand resting on lines of the chapter that
// exist, and the demands table of docs/rules.md is made from those declarations. The chapter's text is
// read from shared/reference/ beside the repository (test/support/chapter.ts): a clone without it
// skips the two tests that read it, with a notice; under CI=true its absence fails. The quick tier
// runs in a clone without it in .ci/run (scripts/node-lines.sh).
import { dirname, join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { EXERCISE_RULES } from "../../lib/src/grading/checkpoint/rules/exercise-rules.js";
import { demandsTable, lineRanges } from "../../lib/src/grading/checkpoint/rules/demands-table.js";
import { FREE_CHOICES } from "../../lib/src/grading/checkpoint/rules/free-choices.js";
import { chapterLines, CHAPTER } from "../support/chapter.js";
import { readDoc } from "../support/docs-pages.js";

const CHAPTER_LINES = chapterLines();

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

  it.skipIf(CHAPTER_LINES === undefined)("every cited line exists in the chapter and holds text", () => {
    const lines = CHAPTER_LINES!;
    for (const rule of rules)
      for (const demand of rule.demands)
        for (const line of demand.chapterLines) {
          expect(Number.isInteger(line) && line >= 1 && line <= lines.length, `${rule.id} cites line ${line}`).toBe(
            true,
          );
          expect(lines[line - 1]!.trim(), `${rule.id} cites line ${line}, which is blank`).not.toBe("");
        }
  });

  it.skipIf(CHAPTER_LINES === undefined)("a demand is our own words, not a line of the chapter copied", () => {
    const lines = new Set(CHAPTER_LINES!.map((line) => line.trim()));
    for (const rule of rules)
      for (const demand of rule.demands) expect(lines.has(demand.says.trim()), rule.id).toBe(false);
  });

  it("every free choice a rule lists is one of the choices worded once in free-choices.ts", () => {
    const worded = new Set<string>(Object.values(FREE_CHOICES));
    for (const rule of rules)
      for (const choice of rule.freeChoices) expect(worded.has(choice), `${rule.id}: ${choice}`).toBe(true);
  });
});

describe("the chapter's text", () => {
  const absent = join(dirname(CHAPTER), "absent.txt");

  it("where absent, is skipped with a notice naming where it was looked for", () => {
    const notices = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(chapterLines(absent, false)).toBeUndefined();
      expect(notices).toHaveBeenCalledWith(expect.stringContaining(`notice: the chapter's text is not at ${absent}`));
    } finally {
      notices.mockRestore();
    }
  });

  it("is required under CI=true: its absence is an error naming where it was looked for", () => {
    expect(() => chapterLines(absent, true)).toThrow(
      `the chapter's text is not at ${absent}, and under CI=true it must be`,
    );
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

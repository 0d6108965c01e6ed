// The two tables a learner reads the rules from, held to the rule list itself: the rule table of
// docs/rules.md (id, points, the exports each needs, the total) and learner/README.md's file table (every
// rule that grades a learner file listed in that file's row, and the exercises' range). Adding a
// rule without its rows fails here.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { EXERCISE_RULES } from "../../lib/src/grading/checkpoint/rules/exercise-rules.js";
import { readDoc } from "../support/docs-pages.js";

const REPO = resolve(__dirname, "../..");

/** The rows of the markdown table whose header line is `header`, as trimmed cells. */
function tableRows(text: string, header: string): string[][] {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.trim() === header);
  if (start < 0) throw new Error(`no table with the header ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const unquote = (cell: string): string => cell.replace(/`/g, "");

describe("the README's rule table", () => {
  const readme = readDoc("ruleTables");
  const rows = tableRows(readme, "| rule | points | exports it needs | graded only once |");

  it("lists every rule, in order, with its points and the exports it needs", () => {
    const table = rows.map(([rule, points, needs]) => ({
      id: unquote(rule!),
      points: Number(points),
      // "StdioClient (in the build notebook: `connect`)" needs StdioClient; "(none: ...)" needs nothing.
      needs: unquote(needs!.replace(/\(.*\)/g, ""))
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name !== ""),
    }));
    expect(table).toEqual(RULES.map((rule) => ({ id: rule.id, points: rule.points, needs: [...rule.needs] })));
  });

  it("states the total the rules add up to, and the exercises' range and points", () => {
    const total = RULES.reduce((sum, rule) => sum + rule.points, 0);
    expect(readme).toContain(`${total} points in all`);
    const last = EXERCISE_RULES.length;
    expect(EXERCISE_RULES.map((rule) => rule.id)).toEqual(
      Array.from({ length: last }, (_, index) => `exercise-${index + 1}`),
    );
    expect(EXERCISE_RULES.every((rule) => rule.points === 1)).toBe(true);
    expect(readme).toContain(`\`--exercises\` adds \`exercise-1\` to \`exercise-${last}\`, a point each.`);
  });
});

describe("learner/README.md's file table", () => {
  const rows = tableRows(
    readFileSync(join(REPO, "learner", "README.md"), "utf8"),
    "| file | what | checkpoint rules |",
  );

  it("lists each rule that grades a learner file in that file's row, once, and no other", () => {
    const listed = rows.flatMap(([file, , rules]) =>
      rules!
        .split(",")
        .map((id) => id.trim())
        .filter((id) => id !== "" && !id.includes("..."))
        .map((id) => `${id} in ${unquote(file!)}`),
    );
    // A rule's `where` names the learner file a failure points at; a rule grading no learner file (the receipts) has no row.
    const expected = RULES.filter((rule) => rule.where.startsWith("learner/src/")).map(
      (rule) => `${rule.id} in ${/^learner\/(src\/[\w./-]+\.ts)/.exec(rule.where)![1]}`,
    );
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it("names the exercises' files and rules as the range the checkpoint grades", () => {
    const last = EXERCISE_RULES.length;
    const row = rows.find(([file]) => file!.startsWith("`src/exercises/"));
    expect(row?.[0]).toBe(`\`src/exercises/ex1.ts\` ... \`ex${last}.ts\``);
    expect(row?.[2]).toBe(`exercise-1 ... exercise-${last}`);
    expect(EXERCISE_RULES.map((rule) => rule.where.split(":")[0])).toEqual(
      Array.from({ length: last }, (_, index) => `learner/src/exercises/ex${index + 1}.ts`),
    );
  });

  it("points each rule at a learner file that is there, and the learner's package exports every exercise", () => {
    const files = [...RULES, ...EXERCISE_RULES]
      .filter((rule) => rule.where.startsWith("learner/src/"))
      .map((rule) => /^(learner\/src\/[\w./-]+\.ts)/.exec(rule.where)![1]!);
    expect(files.filter((file) => !existsSync(join(REPO, file)))).toEqual([]);
    const index = readFileSync(join(REPO, "learner", "src", "index.ts"), "utf8");
    expect(
      EXERCISE_RULES.flatMap((rule) => rule.needs).filter((name) => !new RegExp(`\\b${name}\\b`).test(index)),
    ).toEqual([]);
  });
});

// The tables docs/ does not keep by hand (lib/src/docs-tables/): each page holds the table its code
// makes, `npm run docs:tables -- --check` agrees, and writing a table changes nothing around it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { GENERATED_TABLES, shownTable, withTable } from "../../lib/src/docs-tables/generated-tables.js";
import { modeTable } from "../../lib/src/docs-tables/mode-table.js";
import { ruleTable } from "../../lib/src/docs-tables/rule-table.js";
import { learnerTable } from "../../lib/src/docs-tables/learner-table.js";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { EXERCISE_RULES } from "../../lib/src/grading/checkpoint/rules/exercise-rules.js";
import { TEACHING_MODES } from "../../lib/src/server-build/teaching-modes.js";

const CLI = join(REPO_ROOT, "lib", "dist", "docs-tables", "docs-tables-cli.js");

describe("docs/'s generated tables", () => {
  it.each(GENERATED_TABLES.map((table) => [`${table.page}: ${table.name}`, table] as const))(
    "%s is the table the code makes",
    (_label, table) => {
      const text = readFileSync(join(REPO_ROOT, table.page), "utf8");
      expect(shownTable(text, table)).toBe(table.make());
      expect(withTable(text, table)).toBe(text);
    },
  );

  it("npm run docs:tables -- --check finds nothing to write", () => {
    const run = spawnSync(process.execPath, [CLI, "--check"], { encoding: "utf8" });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 0,
      stdout: "docs:tables: every table is what the code makes\n",
      stderr: "",
    });
  });

  it("the mode table has one row per mode, in the server's order", () => {
    const rows = modeTable().split("\n").slice(2);
    expect(rows.map((row) => /^\| `([a-z-]+)` \|/u.exec(row)?.[1])).toEqual(TEACHING_MODES.map((mode) => mode.mode));
  });

  it("the rule table names what each rule waits for, its notes, and the points in all", () => {
    const rows = ruleTable(RULES).split("\n");
    const rowOf = (id: string): string => rows.find((row) => row.startsWith(`| \`${id}\` |`))!;
    for (const rule of RULES) {
      const once = rule.tableNotes?.once ?? rule.dependsOn.map((id) => `${id} passes`).join(", ");
      expect(rowOf(rule.id).endsWith(once === "" ? "| |" : `| ${once} |`), rule.id).toBe(true);
      expect(rowOf(rule.id)).toContain(`| ${rule.points} |`);
    }
    expect(rows.at(-1)).toBe(`${RULES.reduce((sum, rule) => sum + rule.points, 0)} points in all, on both paths.`);
  });

  it("the learner's file table puts every rule that grades a learner file in that file's row", () => {
    const table = learnerTable(RULES, EXERCISE_RULES);
    for (const rule of RULES.filter((each) => each.where.startsWith("learner/src/"))) {
      const file = /^learner\/(src\/[\w./-]+\.ts)/u.exec(rule.where)![1]!;
      const row = table.split("\n").find((line) => line.startsWith(`| \`${file}\` |`));
      expect(row?.split(" | ").at(-1)?.replace(/ \|$/u, "").split(", "), rule.id).toContain(rule.id);
    }
  });

  it("replaces only what lies between a table's two lines, whatever stood there", () => {
    const table = GENERATED_TABLES[0]!;
    const start = `<!-- ${table.name}: made by ${table.madeBy}; npm run docs:tables -->\n`;
    const end = `<!-- end of ${table.name} -->`;
    const prose = fc.string({ unit: "grapheme", maxLength: 40 }).filter((text) => !text.includes("<!--"));
    fc.assert(
      fc.property(prose, prose, prose, (before, old, after) => {
        const text = `${before}\n${start}${old}\n${end}${after}`;
        expect(withTable(text, table)).toBe(`${before}\n${start}${table.make()}\n${end}${after}`);
      }),
    );
  });

  it("refuses a page without a table's lines, naming the page and what it expected", () => {
    const table = GENERATED_TABLES[0]!;
    for (const text of [
      "no table here",
      `<!-- ${table.name}: made by ${table.madeBy}; npm run docs:tables -->\n| a |`,
    ]) {
      const error = (() => {
        try {
          withTable(text, table);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).reason).toBe("docs-table");
      expect((error as UsageError).message).toContain(`${table.page} has no place for its ${table.name}`);
    }
  });
});

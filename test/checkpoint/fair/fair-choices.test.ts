// The fair implementations together make every choice the rules accept: a free choice that no
// correct implementation in the suite makes is a choice nothing holds the grader to. Each is
// written from the chapter, not from the library: it takes only the workbook's error classes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { RULES } from "../../../lib/src/grading/checkpoint/rules/index.js";
import { FREE_CHOICES } from "../../../lib/src/grading/checkpoint/rules/free-choices.js";

const DIR = resolve(__dirname, "../../../checkpoints/fair-implementations");
const load = createRequire(join(DIR, "index.js"));
interface Fair {
  readonly name: string;
  readonly path: string;
  readonly choices: readonly string[];
}
const set = load("./fair-set.js") as { fairImplementations(): Fair[]; fairNotebooks(): Fair[] };
const implementations = set.fairImplementations();
const notebooks = set.fairNotebooks();

/** The error classes: the only names a fair implementation may take from the library. */
const ERROR_CLASSES = new Set([
  "ClosedError",
  "DeadlineError",
  "ProtocolError",
  "RefusedError",
  "ServerError",
  "ToolError",
  "UsageError",
]);

describe("the fair implementations", () => {
  it("are at least eight modules and two build notebooks, each naming the free choices it makes", () => {
    expect(implementations.length).toBeGreaterThanOrEqual(8);
    expect(notebooks.length).toBeGreaterThanOrEqual(2);
    for (const fair of [...implementations, ...notebooks]) expect(fair.choices.length, fair.name).toBeGreaterThan(0);
  });

  it("name only choices worded in free-choices.ts", () => {
    const worded = new Set<string>(Object.values(FREE_CHOICES));
    for (const fair of [...implementations, ...notebooks])
      for (const choice of fair.choices) expect(worded.has(choice), `${fair.name}: ${choice}`).toBe(true);
  });

  it("together make every free choice a rule lists", () => {
    const made = new Set([...implementations, ...notebooks].flatMap((fair) => fair.choices));
    const listed = [...new Set(RULES.flatMap((rule) => rule.freeChoices))];
    expect(listed.filter((choice) => !made.has(choice))).toEqual([]);
  });

  it("take nothing from the library but its error classes", () => {
    const sources = [join(DIR, "chapter-client.js"), ...implementations.map((fair) => fair.path)];
    for (const path of sources) {
      const source = readFileSync(path, "utf8");
      const imports = [...source.matchAll(/const \{([^}]*)\} = require\("mcp-workbook"\)/gu)].flatMap((match) =>
        match[1]!
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name !== ""),
      );
      expect(
        imports.filter((name) => !ERROR_CLASSES.has(name)),
        path,
      ).toEqual([]);
      // Every mention of the library is that one destructuring.
      expect(source.split('require("mcp-workbook")').length - 1, path).toBe(imports.length > 0 ? 1 : 0);
      expect(source, path).not.toMatch(/require\("mcp-workbook\/|lib\/(src|dist)/u);
    }
  });
});

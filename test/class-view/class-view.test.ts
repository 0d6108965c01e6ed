// The class view reads a gradebook back as written (any learner id, any status, fields quoted or
// not), refuses what is no gradebook with a DataError saying what is wrong, and draws numbers that
// follow from the rows: every graded learner in one score bar, a rule's share counting only the
// learners it applied to, each failing learner counted once at the first rule it fails.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countAxis } from "../../lib/src/class-view/class-charts.js";
import {
  classView,
  firstFailed,
  firstFailures,
  readGradebook,
  ruleShares,
  scoreBins,
  writeClassPage,
  CHECKPOINT_RULES,
  type GradebookRule,
} from "../../lib/src/class-view/index.js";
import { DataError } from "../../lib/src/errors/data-error.js";
import { csvRecord } from "../../lib/src/text/csv.js";

const REPO = join(__dirname, "../..");
const RULES: GradebookRule[] = [
  { id: "a", points: 2 },
  { id: "b", points: 1 },
  { id: "c", points: 3 },
];

interface MadeRow {
  learner: string;
  status: string;
  points: (number | "n/a")[];
}

const rowArb = fc.record({
  learner: fc.string({ minLength: 1, maxLength: 12 }).filter((id) => id.trim() !== "" && !id.startsWith("\uFEFF")),
  status: fc.oneof(
    fc.constant("graded"),
    fc.string({ maxLength: 30 }).map((why) => `not graded: ${why}`),
  ),
  points: fc.tuple(
    fc.oneof(fc.integer({ min: 0, max: 2 }), fc.constant("n/a" as const)),
    fc.oneof(fc.integer({ min: 0, max: 1 }), fc.constant("n/a" as const)),
    fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant("n/a" as const)),
  ),
});
const bookArb = fc.uniqueArray(rowArb, { selector: (row) => row.learner, maxLength: 25 });

function csv(rows: readonly MadeRow[], newline = "\n"): string {
  const header = ["learner", "score", "max", "status", "a", "b", "c", "hash", "grader", "seconds"];
  const lines = rows.map((row) => {
    const score = row.points.reduce<number>((sum, each) => sum + (each === "n/a" ? 0 : each), 0);
    return csvRecord([row.learner, score, 6, row.status, ...row.points, "abc", "v, 1", "1.5"]);
  });
  return [header.join(","), ...lines].join(newline) + newline;
}

describe("readGradebook", () => {
  it("reads back every row as written, with LF or CRLF", () => {
    fc.assert(
      fc.property(bookArb, fc.constantFrom("\n", "\r\n"), (rows, newline) => {
        const book = readGradebook(csv(rows, newline), RULES);
        expect(book.rules.map((rule) => rule.id)).toEqual(["a", "b", "c"]);
        expect(book.rows.map((row) => [row.learner, row.status])).toEqual(rows.map((row) => [row.learner, row.status]));
        book.rows.forEach((row, index) => {
          const made = rows[index]!;
          RULES.forEach((rule, at) => {
            const cell = made.points[at]!;
            expect(row.points.get(rule.id)).toBe(cell === "n/a" ? undefined : cell);
          });
        });
      }),
    );
  });

  it("keeps out columns that name no rule it knows, and keeps the rules' order", () => {
    const book = readGradebook("learner,score,max,status,c,extra,a\nx,5,5,graded,3,zz,2\n", RULES);
    expect(book.rules.map((rule) => rule.id)).toEqual(["a", "c"]);
    expect([...book.rows[0]!.points]).toEqual([
      ["c", 3],
      ["a", 2],
    ]);
  });

  const bad: [string, string, RegExp][] = [
    ["empty", "", /empty/u],
    ["another table", "name,grade\nx,1\n", /header does not start/u],
    ["no rule columns", "learner,score,max,status,hash\nx,1,1,graded,h\n", /no column names a rule/u],
    ["a short row", "learner,score,max,status,a\nx,1,2,graded\n", /row 2 has 4 fields/u],
    ["an open quote", 'learner,score,max,status,a\n"x,1,2,graded,2\n', /never closes/u],
    ["a stray quote", 'learner,score,max,status,a\nx"y,1,2,graded,2\n', /quote inside an unquoted field/u],
    ["points above the rule's", "learner,score,max,status,a\nx,1,2,graded,5\n", /a has 5 points/u],
    ["a score in words", "learner,score,max,status,a\nx,many,2,graded,2\n", /score is not a number/u],
    ["a learner twice", "learner,score,max,status,a\nx,2,2,graded,2\nx,0,2,graded,0\n", /second row/u],
    ["a row with no learner", "learner,score,max,status,a\n,2,2,graded,2\n", /names no learner/u],
  ];
  for (const [name, text, message] of bad)
    it(`refuses ${name} with a DataError saying so`, () => {
      let caught: unknown;
      try {
        readGradebook(text, RULES);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DataError);
      expect((caught as DataError).reason).toBe("invalid");
      expect((caught as Error).message).toMatch(message);
    });
});

describe("the class view's numbers", () => {
  it("put every graded learner in one score bar, share only where a rule applied, and count each failing learner once", () => {
    fc.assert(
      fc.property(bookArb, (rows) => {
        const book = readGradebook(csv(rows), RULES);
        const graded = book.rows.filter((row) => row.status === "graded");
        const { bins, max } = scoreBins(book);
        expect(bins.reduce((sum, bin) => sum + bin.learners, 0)).toBe(graded.length);
        expect(bins.at(-1)!.to).toBe(max);
        for (const share of ruleShares(book)) {
          const applied = graded.filter((row) => row.points.has(share.rule));
          expect(share.graded).toBe(applied.length);
          expect(share.passed).toBeLessThanOrEqual(share.graded);
        }
        const failing = graded.filter((row) => firstFailed(book, row) !== undefined);
        expect(firstFailures(book).reduce((sum, each) => sum + each.learners, 0)).toBe(failing.length);
        for (const row of failing) {
          // No rule before the first failed one is failed.
          const first = RULES.findIndex((rule) => rule.id === firstFailed(book, row));
          for (const rule of RULES.slice(0, first))
            expect(!row.points.has(rule.id) || row.points.get(rule.id)! >= rule.points).toBe(true);
        }
      }),
    );
  });

  it("orders the rules failed first by how many, then by the checkpoint's order", () => {
    const text = csv([
      { learner: "p", status: "graded", points: [2, 1, 0] },
      { learner: "q", status: "graded", points: [0, 0, 0] },
      { learner: "r", status: "graded", points: [2, 1, 0] },
      { learner: "s", status: "graded", points: [2, 0, 3] },
      { learner: "t", status: "graded", points: [2, 1, 3] },
    ]);
    expect(firstFailures(readGradebook(text, RULES))).toEqual([
      { rule: "c", learners: 2 },
      { rule: "a", learners: 1 },
      { rule: "b", learners: 1 },
    ]);
  });
});

describe("a count axis", () => {
  it("has whole-number ticks, each once, from 0 to where its scale ends, at or above the largest count", () => {
    fc.assert(
      fc.property(fc.nat(5000), (top) => {
        const { domain, values } = countAxis(top);
        expect(values.every((value) => Number.isInteger(value))).toBe(true);
        expect(new Set(values).size).toBe(values.length);
        expect(values[0]).toBe(0);
        expect(values.at(-1)).toBe(domain[1]);
        expect(domain[1]).toBeGreaterThanOrEqual(Math.max(1, top));
        expect(values.length).toBeLessThanOrEqual(10);
      }),
    );
    expect(countAxis(2).values).toEqual([0, 1, 2]);
  });
});

describe("classView", () => {
  it("draws the made-up class into a page of three SVG charts, labelled as made up, without changing its specs", async () => {
    const text = readFileSync(join(REPO, "notebooks", "examples", "made-up-grades.csv"), "utf8");
    const view = await classView(text, { source: "made-up example" });
    const before = structuredClone(view.specs);
    expect(view.gradebook.rules.map((rule) => rule.id)).toEqual(
      CHECKPOINT_RULES.map((rule) => rule.id).filter((id) => view.gradebook.rules.some((rule) => rule.id === id)),
    );
    expect(view.html.match(/<svg/gu)).toHaveLength(3);
    for (const title of [
      "Scores across the class",
      "Share of the class passing each rule",
      "The rule learners fail first",
    ])
      expect(view.html).toContain(title);
    expect(view.html).toContain("made-up example");
    // The learner who could not be graded is listed with why.
    expect(view.html).toMatch(/<td>learner-11<\/td><td data-key="-1"><\/td><td>not graded: /u);
    expect(view.specs).toEqual(before);
  });
});

describe("writeClassPage", () => {
  it("writes class.html beside grades.csv and nothing else; a missing gradebook is a DataError", async () => {
    const out = mkdtempSync(join(tmpdir(), "class-view-"));
    try {
      copyFileSync(join(REPO, "notebooks", "examples", "made-up-grades.csv"), join(out, "grades.csv"));
      const page = await writeClassPage(join(out, "grades.csv"));
      expect(page).toBe(join(out, "class.html"));
      expect(readdirSync(out).sort()).toEqual(["class.html", "grades.csv"]);
      expect(readFileSync(page, "utf8")).toContain(`gradebook: ${join(out, "grades.csv")}`);
      await expect(writeClassPage(join(out, "missing", "grades.csv"))).rejects.toMatchObject({ reason: "unreadable" });
      expect(existsSync(join(out, "missing"))).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

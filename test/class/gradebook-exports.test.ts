// What a graded class hands on, held to its formats without grading anyone: the gradebook, the
// class view's numbers and the school's files are made from made-up per-learner results (a
// results.json as the checkpoint writes it), since the point here is the table. A rule that did not
// apply is empty in grades.csv, in no chart and no export's 0; no cell a learner named is written
// as a formula, and every id, hostile or not, comes back unchanged through grades.csv, a resumed
// class, the class view and a roster; bad export input is a typed usage error before any grading.
// test/class/class-export.slow.test.ts grades a real class end to end.
import fc from "fast-check";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readGradebook as readClassView, ruleShares, firstFailed } from "../../lib/src/class-view/index.js";
import { classView } from "../../lib/src/class-view/class-page.js";
import { runClassGrading } from "../../lib/src/cli/checkpoint-class.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import type { RulesResultsJson } from "../../lib/src/grading/checkpoint/grade-report.js";
import { checkpointVersion } from "../../lib/src/grading/checkpoint/grade-implementation.js";
import { canvasCsv, CANVAS_STUDENT_COLUMNS } from "../../lib/src/grading/class/exports/canvas.js";
import { rosterScores, type UngradedAs } from "../../lib/src/grading/class/exports/lms-scores.js";
import { moodleCsv } from "../../lib/src/grading/class/exports/moodle.js";
import { prairieLearnResults } from "../../lib/src/grading/class/exports/prairielearn.js";
import { parseRoster, type Roster } from "../../lib/src/grading/class/exports/roster.js";
import { exportFormats, prepareRoster, writeExports } from "../../lib/src/grading/class/exports/write-exports.js";
import { gradeClass } from "../../lib/src/grading/class/grade-class.js";
import { graderFault, pointsByRule } from "../../lib/src/grading/class/grade-learner.js";
import { readGradebook, writeGradebook } from "../../lib/src/grading/class/gradebook.js";
import { submissionHash } from "../../lib/src/grading/class/submission-hash.js";
import { findSubmissions } from "../../lib/src/grading/class/submissions.js";
import {
  GRADED,
  gradebookCsv,
  gradebookRows,
  type GradebookRow,
  type GradebookRule,
} from "../../lib/src/grading/gradebook/gradebook-file.js";
import { csvField, csvText, FORMULA_STARTS, inertCell, parseCsv, readCell } from "../../lib/src/text/csv.js";

const root = mkdtempSync(join(tmpdir(), "gradebook-exports-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
function folder(): string {
  folders += 1;
  const dir = join(root, String(folders));
  mkdirSync(dir);
  return dir;
}

/** Ids as a file name in a class folder or a zip can give them: any text, often starting like a formula. */
const idArb = fc
  .tuple(
    fc.constantFrom("", "=", "+", "-", "@", "\t", "\r", "'", "'=", "''", " "),
    // Whitespace alone is a name too (seen: " " once read back as no learner at all).
    fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom(" ", "  ", "\t", " \r")),
  )
  .map(([start, rest]) => `${start}${rest}`)
  .filter((id) => !id.includes("/") && !id.includes("\0") && id !== "." && id !== ".." && !id.startsWith("."));

const startsLikeAFormula = (cell: string): boolean => FORMULA_STARTS.includes(cell.charAt(0));

describe("a CSV cell", () => {
  it("is never written as a formula, and reads back as it was given", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(fc.string(), idArb), { minLength: 1, maxLength: 5 }), { minLength: 1 }),
        (records) => {
          const raw = parseCsv(csvText(records));
          expect(raw.flat().filter(startsLikeAFormula)).toEqual([]);
          expect(raw.map((record) => record.map(readCell))).toEqual(records);
        },
      ),
    );
    expect(inertCell("=1+2")).toBe("'=1+2");
    expect(inertCell("x")).toBe("x");
  });
});

const RULES: GradebookRule[] = [
  { id: "ids-fresh", points: 2 },
  { id: "costs-recompute", points: 3 },
];

/** A results.json as the checkpoint writes one: a rule that did not apply is 0 of 0, "passed". */
function results(earned: { ids: number; costs: number | "n/a" }, hidden = false): RulesResultsJson {
  const test = (rule: GradebookRule, score: number | "n/a") => ({
    name: `${rule.id}: its title`,
    number: "1",
    score: score === "n/a" ? 0 : score,
    max_score: score === "n/a" ? 0 : rule.points,
    status: score === "n/a" || score === rule.points ? ("passed" as const) : ("failed" as const),
    visibility: hidden ? ("after_due_date" as const) : ("visible" as const),
    output:
      score === "n/a"
        ? `n/a ${rule.id} (no paid rows to recompute)`
        : score === rule.points
          ? `ok ${rule.id}`
          : `FAIL ${rule.id}: secret detail`,
  });
  const tests = [test(RULES[0]!, earned.ids), test(RULES[1]!, earned.costs)];
  return {
    score: tests.reduce((sum, each) => sum + each.score, 0),
    max_score: tests.reduce((sum, each) => sum + each.max_score, 0),
    execution_time: 1,
    output: "graded",
    visibility: "visible",
    extra_data: {},
    tests,
  };
}

function row(learner: string, made: RulesResultsJson | string): GradebookRow {
  return typeof made === "string"
    ? { learner, score: undefined, max: undefined, status: made, points: {}, hash: "", grader: "g", seconds: undefined }
    : {
        learner,
        score: made.score,
        max: made.max_score,
        status: GRADED,
        points: pointsByRule(made),
        hash: "h",
        grader: "g",
        seconds: 1,
      };
}

/** A roster as an instructor writes one: every cell as it is (an id "-x" is the cell -x), quoted only where CSV needs it. */
const roster = (learners: readonly string[], text = (_id: string, index: number) => String(1000 + index)): Roster =>
  parseRoster(
    "roster.csv",
    [
      ["learner", ...CANVAS_STUDENT_COLUMNS, "Email address"],
      ...learners.map((id, index) => [
        id,
        `Student ${index}`,
        text(id, index),
        `S${index}`,
        `login${index}`,
        "A",
        `s${index}@example.edu`,
      ]),
    ]
      .map((record) => record.map(csvField).join(","))
      .join("\n"),
  );

describe("a rule that did not apply", () => {
  // alice and bob: no receipt with a paid row, costs-recompute did not apply; carol's applied.
  const made = {
    alice: results({ ids: 2, costs: "n/a" }),
    bob: results({ ids: 0, costs: "n/a" }),
    carol: results({ ids: 2, costs: 3 }),
  };
  const rows = Object.entries(made).map(([learner, each]) => row(learner, each));
  const text = gradebookCsv(RULES, rows);

  it("is an empty cell in grades.csv, whose header says each rule's full marks", () => {
    const [header, ...records] = parseCsv(text);
    expect(header).toContain("ids-fresh (2 points)");
    expect(header).toContain("costs-recompute (3 points)");
    const costs = header!.indexOf("costs-recompute (3 points)");
    expect(records.map((record) => [record[0], record[costs]])).toEqual([
      ["alice", ""],
      ["bob", ""],
      ["carol", "3"],
    ]);
    expect(records.map((record) => [record[1], record[2]])).toEqual([
      ["2", "2"],
      ["0", "2"],
      ["5", "5"],
    ]);
  });

  it("is in neither chart of the class view: no share for it from the learners it did not apply to, never the rule missed first", async () => {
    const view = await classView(text, { rules: RULES });
    expect(ruleShares(view.gradebook)).toEqual([
      { rule: "ids-fresh", passed: 2, graded: 3, share: 2 / 3 },
      { rule: "costs-recompute", passed: 1, graded: 1, share: 1 },
    ]);
    expect(view.gradebook.rows.map((each) => firstFailed(view.gradebook, each))).toEqual([
      undefined,
      "ids-fresh",
      undefined,
    ]);
    const firstFailedData = (view.specs.firstFailed as { data: { values: { rule: string }[] } }).data.values;
    expect(firstFailedData.map((each) => each.rule)).toEqual(["ids-fresh"]);
    // Applied to nobody: no bar at all.
    const none = gradebookCsv(RULES, [row("alice", made.alice), row("bob", made.bob)]);
    const noneView = await classView(none, { rules: RULES });
    const passing = (noneView.specs.passing as { data: { values: { rule: string }[] } }).data.values;
    expect(passing.map((each) => each.rule)).toEqual(["ids-fresh"]);
    expect(noneView.html).not.toMatch(/costs-recompute<\/td>/u);
  });

  it("costs no points in any export: full marks with or without it, and no test in PrairieLearn's results", () => {
    const scores = rosterScores(roster(["alice", "bob", "carol"]), gradebookRows(text), {
      points: 10,
      ungraded: "empty",
    });
    expect(scores.scores.map((each) => each.score)).toEqual([10, 0, 10]);
    const canvas = parseCsv(canvasCsv(scores, "MCP"));
    expect(canvas.slice(1).map((record) => record.at(-1))).toEqual(["10", "0", "10"]);
    const alice = prairieLearnResults(rows[0]!, made.alice);
    expect(alice.score).toBe(1);
    expect(alice.tests.map((test) => test.name)).toEqual(["ids-fresh: its title"]);
    expect(alice.message).toMatch(/did not apply .*costs-recompute/u);
    const carol = prairieLearnResults(rows[2]!, made.carol);
    expect(carol.tests.map((test) => [test.points, test.max_points])).toEqual([
      [2, 2],
      [3, 3],
    ]);
  });

  it("shows a hidden rule in PrairieLearn's results only as passed or not, until the due date", () => {
    const hidden = prairieLearnResults(
      row("dan", results({ ids: 0, costs: 3 }, true)),
      results({ ids: 0, costs: 3 }, true),
    );
    expect(hidden.tests.map((test) => test.message)).toEqual([
      "FAIL (hidden rule: what it checked shows after the due date)",
      "ok (hidden rule: what it checked shows after the due date)",
    ]);
    expect(JSON.stringify(hidden.tests)).not.toContain("secret detail");
    expect(prairieLearnResults(row("eve", "not graded: the notebook file is empty"), undefined)).toMatchObject({
      gradable: false,
      score: 0,
    });
  });
});

describe("hostile ids", () => {
  it("round-trip unchanged through grades.csv and the class view, and no cell of the file is a formula", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(idArb, { minLength: 1, maxLength: 8 }), async (ids) => {
        const rows = ids.map((id) => row(id, results({ ids: 2, costs: "n/a" })));
        const text = gradebookCsv(RULES, rows);
        expect(parseCsv(text).flat().filter(startsLikeAFormula)).toEqual([]);
        const sorted = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(gradebookRows(text).map((each) => each.learner)).toEqual(sorted);
        expect(readClassView(text, RULES).rows.map((each) => each.learner)).toEqual(sorted);
      }),
      { numRuns: 40 },
    );
  });

  it("match their roster entries as written (-x, @x and the rest), and every export names each learner once", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(idArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom<UngradedAs>("empty", "zero"),
        (ids, ungraded) => {
          const [absent, ...handedIn] = ids;
          const rows = [
            ...handedIn.map((id) => row(id, results({ ids: 2, costs: "n/a" }))),
            row("not-on-the-roster", results({ ids: 2, costs: 3 })),
          ];
          const list = roster(ids);
          const scores = rosterScores(list, gradebookRows(gradebookCsv(RULES, rows)), { points: 7, ungraded });
          expect(scores.notInRoster.map((each) => each.learner)).toEqual(
            ids.includes("not-on-the-roster") ? [] : ["not-on-the-roster"],
          );
          expect(scores.scores.map((each) => [each.entry.learner, each.score])).toEqual(
            ids.map((id) => [id, id === absent ? (ungraded === "zero" ? 0 : undefined) : 7]),
          );
          const canvas = parseCsv(canvasCsv(scores, "MCP checkpoint"));
          expect(canvas.flat().filter(startsLikeAFormula)).toEqual([]);
          expect(canvas.length).toBe(ids.length + 1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("from a class folder's file names come back unchanged through a resumed class (a zip's: class-inputs.test.ts)", async () => {
    const dir = folder();
    const out = join(dir, "out");
    const names = ["=1+2", "-x", "@x", "+SUM(A1)", "'quoted", "\tTAB", "plain"];
    const classDir = join(dir, "class");
    mkdirSync(classDir);
    for (const name of names) writeFileSync(join(classDir, `${name}.js`), "module.exports = {};\n");
    const found = findSubmissions(classDir).submissions;
    expect(found.map((each) => each.learner).sort()).toEqual([...names].sort());
    // A first run that graded everyone (made up: the point is what resume reads back).
    mkdirSync(out);
    const grader = checkpointVersion();
    const earlier = found.map((each) => ({
      ...row(each.learner, results({ ids: 2, costs: "n/a" })),
      hash: submissionHash(join(classDir, `${each.learner}.js`)),
      grader,
    }));
    writeGradebook(out, RULES, earlier);
    expect(readFileSync(join(out, "grades.csv"), "utf8")).toMatch(/^'=1\+2,2,2,graded,2,,/mu);
    const again = await gradeClass({
      dir: classDir,
      out,
      jobs: 1,
      fresh: false,
      trusted: true,
      rules: RULES,
      timeLimitSeconds: 10,
      progress: { write: () => undefined, live: false },
      log: () => undefined,
    });
    expect(again.graded).toBe(0); // every row kept: each id found its own row
    expect(readGradebook(out)).toEqual(
      [...earlier].sort((a, b) => (a.learner < b.learner ? -1 : a.learner > b.learner ? 1 : 0)),
    );
    expect(readdirSync(out).sort()).toEqual(["grades.csv"]);
    // A gradebook from before rule headers said their points may hold a 0 for a rule that did not apply: not resumed.
    const older = readFileSync(join(out, "grades.csv"), "utf8").replace(/ \(\d+ points?\)/gu, "");
    writeFileSync(join(out, "grades.csv"), older);
    expect(readGradebook(out)).toEqual([]);
  });
});

describe("the school's files", () => {
  const rows = [
    row("ada", results({ ids: 2, costs: 3 })),
    row("grace", results({ ids: 0, costs: "n/a" })),
    row("server", graderFault("the grader could not start its teaching server")),
    row("empty", "not graded: the notebook file is empty: save the notebook in Jupyter and hand it in again"),
  ];
  const list = roster(["ada", "grace", "server", "empty", "alan"]);

  for (const ungraded of ["empty", "zero"] as const)
    it(`give Canvas its columns and points, ${ungraded} for no submission and the grader's fault, 0 for work that could not be graded`, () => {
      const scores = rosterScores(list, rows, { points: 20, ungraded });
      const [header, ...records] = parseCsv(canvasCsv(scores, "Checkpoint (4417)"));
      expect(header).toEqual(["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Checkpoint (4417)"]);
      const none = ungraded === "zero" ? "0" : "";
      expect(records).toEqual([
        ["Student 0", "1000", "S0", "login0", "A", "20"],
        ["Student 1", "1001", "S1", "login1", "A", "0"],
        ["Student 2", "1002", "S2", "login2", "A", none],
        ["Student 3", "1003", "S3", "login3", "A", "0"],
        ["Student 4", "1004", "S4", "login4", "A", none],
      ]);
      const moodle = parseCsv(moodleCsv(scores, "Email address", "Checkpoint"));
      expect(moodle[0]).toEqual(["Email address", "Checkpoint"]);
      expect(moodle.slice(1).map((record) => record[1])).toEqual(["20", "0", none, "0", none]);
      expect(moodle.slice(1).every((record) => record[0] !== "")).toBe(true);
    });

  it("write a school id that begins like a formula inert, and roster-check.csv names it with everyone else to look at", () => {
    const out = folder();
    const odd = roster(["ada", "grace", "server", "empty", "alan"], (_id, index) =>
      index === 0 ? "-17" : String(index),
    );
    const lines = writeExports(
      out,
      [...rows, row("=1+2", results({ ids: 2, costs: "n/a" }))],
      { formats: ["canvas", "prairielearn"], roster: odd.path, points: 20, assignment: "MCP", ungraded: "empty" },
      odd,
    );
    expect(parseCsv(readFileSync(join(out, "canvas.csv"), "utf8"))[1]![1]).toBe("'-17");
    const check = parseCsv(readFileSync(join(out, "roster-check.csv"), "utf8")).map((record) => record.map(readCell));
    expect(check.map((record) => record[0])).toEqual(["learner", "=1+2", "server", "empty", "alan", "ada"]);
    expect(check.find((record) => record[0] === "=1+2")![1]).toMatch(/^not in the roster .*: in no export file/u);
    expect(check.find((record) => record[0] === "alan")![1]).toBe(
      "in the roster, no submission in the class folder: written empty",
    );
    expect(check.find((record) => record[0] === "ada")![1]).toMatch(
      /ID "-17" begins like a formula .*enter this grade by hand/u,
    );
    expect(lines.join("\n")).toMatch(/roster: 5 to look at/u);
    expect(readdirSync(join(out, "learners")).sort()).toEqual(["=1+2", "ada", "empty", "grace", "server"]);
  });
});

describe("bad export input", () => {
  const usage = (build: () => unknown): UsageError => {
    try {
      build();
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      return error as UsageError;
    }
    throw new Error("no UsageError");
  };
  const file = (text: string): string => {
    const path = join(folder(), "roster.csv");
    writeFileSync(path, text);
    return path;
  };
  const options = (roster: string | undefined, formats: ("canvas" | "moodle")[] = ["canvas"]) => ({
    formats,
    ...(roster === undefined ? {} : { roster }),
    points: 10,
    assignment: "MCP",
    ungraded: "empty" as const,
  });

  it("is a UsageError saying what was expected and what came", () => {
    expect(usage(() => exportFormats("canvas,blackboard")).message).toMatch(
      /--export names "blackboard"; expected one or more of canvas, moodle, prairielearn.*received "canvas,blackboard"/u,
    );
    expect(usage(() => prepareRoster(options(file("id,Student\nada,Ada\n")))).message).toMatch(
      /has no "learner" column; expected a header naming a "learner" column.*received "id,Student"/u,
    );
    expect(
      usage(() => prepareRoster(options(file("learner,Email address\nada,a@x\nbob,b@x\nada,c@x\n"), ["moodle"])))
        .message,
    ).toMatch(/the learner "ada" is on lines 2 and 4; expected each id once/u);
    expect(usage(() => prepareRoster(options(undefined))).message).toMatch(/--export canvas needs --roster FILE/u);
    expect(usage(() => prepareRoster(options(file("learner,Student\nada,Ada\n")))).message).toMatch(
      /lacks "ID", "SIS User ID", "SIS Login ID", "Section", which Canvas's import needs/u,
    );
    expect(usage(() => prepareRoster(options(file("learner,Student\nada,Ada\n"), ["moodle"]))).message).toMatch(
      /names no Moodle user field; expected .*"Email address"/u,
    );
    expect(usage(() => prepareRoster(options(file("learner,Email address\nada,\n"), ["moodle"]))).message).toMatch(
      /leaves "Email address" empty for "ada"/u,
    );
  });

  it("stops the class command with exit 2 before any grading, and the usage", async () => {
    const dir = folder();
    mkdirSync(join(dir, "class"));
    writeFileSync(join(dir, "class", "ada.js"), "module.exports = {};\n");
    for (const extra of [
      ["--export", "blackboard"],
      ["--export", "canvas"],
      ["--export", "canvas", "--roster", file("name\nada\n")],
      ["--roster", file("learner\nada\n")],
      ["--export", "prairielearn", "--ungraded", "maybe"],
      ["--export", "prairielearn", "--points", "0"],
    ]) {
      const err: string[] = [];
      const code = await runClassGrading(
        ["--class", join(dir, "class"), "--report-dir", join(dir, "out"), ...extra],
        { stdout: () => undefined, stderr: (text) => err.push(text) },
        () => [],
      );
      expect(code, extra.join(" ")).toBe(2);
      expect(err.join("")).toMatch(/expected .*\nusage: mcp-workbook checkpoint --class DIR/su);
      expect(readdirSync(dir)).not.toContain("out");
    }
  });
});

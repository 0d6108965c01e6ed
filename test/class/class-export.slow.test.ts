// Complete tier only: grades a small class through the real command, a process tree per learner.
// One real class, end to end, as docs/grading-a-class.md shows it: the sample class (right, wrong,
// fair but different) plus a learner whose file name is a formula, graded on two rules (one of
// them seeded, so hidden in a class) with --export canvas,moodle,prairielearn and a roster that
// names a learner with no submission and leaves one out. The files are held to their formats
// (cell by cell in gradebook-exports.test.ts): the formula id is inert in every CSV and comes back
// whole, the hidden rule is explained in feedback.txt, nobody is dropped, and a second run keeps
// every row (resume finds the formula id's row) and writes the same exports.
import { spawn } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { writeSmallClass } from "../../lib/src/grading/class/sample-class.js";
import { FORMULA_STARTS, parseCsv, readCell } from "../../lib/src/text/csv.js";

const MAIN = join(REPO_ROOT, "lib", "dist", "cli", "main.js");
const root = mkdtempSync(join(tmpdir(), "class-export-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(argv: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...argv], { env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const csvOf = (path: string): string[][] => parseCsv(readFileSync(path, "utf8"));
const formulaCells = (records: string[][]): string[] =>
  records.flat().filter((cell) => FORMULA_STARTS.includes(cell.charAt(0)));

describe("checkpoint --class --export, end to end", () => {
  const dir = join(root, "class");
  const roster = join(root, "roster.csv");
  const out = join(root, "out");
  writeSmallClass(dir, roster);
  // A learner names their own folder: this one as a formula (the library, so it passes).
  cpSync(join(dir, "right-library"), join(dir, "=1+2"), { recursive: true });
  appendFileSync(roster, `=1+2,"Eve, of the formula",1004,S1004,eve,Section 2,eve@example.edu\n`);
  const argv = [
    "checkpoint",
    "--class",
    dir,
    "--report-dir",
    out,
    "--rules",
    "ids-fresh,messages-shape",
    "--jobs",
    "2",
    "--export",
    "canvas,moodle,prairielearn",
    "--roster",
    roster,
    "--points",
    "10",
  ];
  let first: Awaited<ReturnType<typeof run>>;

  it("grades every learner and writes Canvas's, Moodle's and PrairieLearn's files, naming who to look at", async () => {
    first = await run(argv);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/class: 4 of 4 learner\(s\) graded \(4 in this run\)/u);
    expect(first.stdout).toMatch(/fair-small-client: not in the roster .*: in no export file/u);
    expect(first.stdout).toMatch(/absent-learner: in the roster, no submission in the class folder: written empty/u);

    const grades = csvOf(join(out, "grades.csv"));
    expect(grades[0]!.slice(0, 6)).toEqual([
      "learner",
      "score",
      "max",
      "status",
      "messages-shape (1 point)",
      "ids-fresh (1 point)",
    ]);
    expect(formulaCells(grades)).toEqual([]);
    expect(grades.slice(1).map((record) => [readCell(record[0]!), record[1], record[2], record[3]])).toEqual([
      ["=1+2", "2", "2", "graded"],
      ["fair-small-client", "2", "2", "graded"],
      ["right-library", "2", "2", "graded"],
      ["wrong-ids-fresh", "1", "2", "graded"],
    ]);

    const canvas = csvOf(join(out, "canvas.csv"));
    expect(formulaCells(canvas)).toEqual([]);
    expect(canvas).toEqual([
      ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "MCP checkpoint"],
      ["Lovelace, Ada", "1001", "S1001", "ada", "Section 1", "10"],
      ["Hopper, Grace", "1002", "S1002", "grace", "Section 1", "5"],
      ["Turing, Alan", "1003", "S1003", "alan", "Section 2", ""],
      ["Eve, of the formula", "1004", "S1004", "eve", "Section 2", "10"],
    ]);
    expect(csvOf(join(out, "moodle.csv"))).toEqual([
      ["Email address", "MCP checkpoint"],
      ["ada@example.edu", "10"],
      ["grace@example.edu", "5"],
      ["alan@example.edu", ""],
      ["eve@example.edu", "10"],
    ]);

    const prairie = JSON.parse(
      readFileSync(join(out, "learners", "wrong-ids-fresh", "prairielearn-results.json"), "utf8"),
    );
    expect(prairie).toMatchObject({ gradable: true, score: 0.5 });
    expect(
      prairie.tests.map((test: { name: string; points: number; max_points: number }) => [
        test.name.split(":")[0],
        test.points,
        test.max_points,
      ]),
    ).toEqual([
      ["messages-shape", 1, 1],
      ["ids-fresh", 0, 1],
    ]);
    // messages-shape is judged on seeded inputs: hidden in a class, and said so.
    expect(prairie.tests[0].message).toBe("ok (hidden rule: what it checked shows after the due date)");
    const feedback = readFileSync(join(out, "learners", "wrong-ids-fresh", "feedback.txt"), "utf8");
    expect(feedback).toMatch(
      /^hidden rules: 1 \(0 not yet\), each printed below only as ok or FAIL; what it checked shows after the due date$/mu,
    );
    expect(feedback).toMatch(/^look first at: .*\(rule ids-fresh; its line is below\)$/mu);
    expect(readFileSync(join(out, "class.html"), "utf8")).toContain("<td>=1+2</td>");
  }, 240_000);

  it("run again, keeps every row (the formula id's too) and writes the same exports", async () => {
    const before = ["grades.csv", "canvas.csv", "moodle.csv", "roster-check.csv"].map((file) =>
      readFileSync(join(out, file), "utf8"),
    );
    const again = await run(argv);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/class: 4 of 4 learner\(s\) graded \(0 in this run\)/u);
    expect(
      ["grades.csv", "canvas.csv", "moodle.csv", "roster-check.csv"].map((file) =>
        readFileSync(join(out, file), "utf8"),
      ),
    ).toEqual(before);
  }, 120_000);
});

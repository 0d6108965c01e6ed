import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { REPO_ROOT } from "../../lib/src/assign/assignments.js";
import { BUILD_MODES } from "../../lib/src/pieces/meet-the-server.js";
import { PIECE_NAMES } from "../../lib/src/assembly/piece-names.js";
import { runNotebook, type NotebookRun } from "../support/notebook.js";

const reports = mkdtempSync(join(tmpdir(), "build-notebook-"));
afterAll(() => rmSync(reports, { recursive: true, force: true }));

/** `checkpoint --notebook` on the solved copy, as a grader runs it (lib/dist's command line). */
function gradeSolved(): Promise<{ lines: string[]; results: { score: number; max_score: number } }> {
  return new Promise((done, failed) => {
    execFile(
      process.execPath,
      [
        join(REPO_ROOT, "lib/dist/cli/main.js"),
        "checkpoint",
        "--notebook",
        "notebooks/solutions/ch14-part-b-build-solutions.ipynb",
        "--report-dir",
        reports,
      ],
      { cwd: REPO_ROOT },
      (error, stdout) => {
        if (error && !stdout) return failed(error);
        const results = JSON.parse(readFileSync(join(reports, "results.json"), "utf8")) as {
          score: number;
          max_score: number;
        };
        return done({ lines: stdout.split("\n"), results });
      },
    );
  });
}

// The learner's copy untouched and its solved copy, each in a fresh tslab kernel, side by side,
// and the grader on the solved copy.
let untouched: NotebookRun;
let solved: NotebookRun;
let graded: Awaited<ReturnType<typeof gradeSolved>>;
beforeAll(async () => {
  [untouched, solved, graded] = await Promise.all([
    runNotebook("notebooks/ch14-part-b-build.ipynb"),
    runNotebook("notebooks/solutions/ch14-part-b-build-solutions.ipynb"),
    gradeSolved(),
  ]);
}, 300_000);

/** A verdict line with its timings taken out ("1019 ms" -> "N ms"): the only words allowed to differ. */
const untimed = (line: string): string => line.replace(/\d+ ms\b/gu, "N ms");

const printed = (run: NotebookRun, tag: string): string[] =>
  run.cells.filter((cell) => cell.source.startsWith(tag)).map((cell) => cell.outputs.join(""));
const verdicts = (run: NotebookRun): string[] =>
  printed(run, "await check(").flatMap((text) => text.split("\n").filter((line) => /^(ok|not yet) /u.test(line)));

function ranClean(run: NotebookRun): void {
  expect(run.error).toBeUndefined();
  expect(run.failures).toEqual([]);
  expect(run.cells.filter((cell) => cell.stderr !== "").map((cell) => `${cell.index}: ${cell.stderr}`)).toEqual([]);
}

describe("notebooks/ch14-part-b-build.ipynb, untouched", () => {
  it("runs top to bottom with no error", () => ranClean(untouched));

  it("says not yet for every piece, naming the starting TODO and the definition it checked", () => {
    const lines = verdicts(untouched);
    expect(lines).toHaveLength(PIECE_NAMES.length);
    expect(lines.every((line) => line.startsWith("not yet ") && line.includes("(definition 1)"))).toBe(true);
    expect(printed(untouched, 'await check("answerFor"').join("")).toContain(
      "received: the starting TODO (answerFor is not implemented yet)",
    );
  });

  it("keeps the library's code hidden in a headless Run All, and no mode goes as it should", () => {
    const reveals = printed(untouched, "revealAfterTrying(");
    expect(reveals).toHaveLength(PIECE_NAMES.length - 1); // the two messages share a section and a reveal
    expect(
      reveals.every((text) => text.includes("shows here once your own") && !text.includes("The library's choices")),
    ).toBe(true);
    expect(untouched.cells.map((cell) => cell.outputs.join("")).join("")).toContain(
      `0 of ${BUILD_MODES.length} modes as expected with your pieces`,
    );
  });
});

describe("notebooks/solutions/ch14-part-b-build-solutions.ipynb", () => {
  it("runs top to bottom with no error", () => ranClean(solved));

  it("passes every piece's check", () => {
    const lines = verdicts(solved);
    expect(lines).toHaveLength(PIECE_NAMES.length);
    expect(lines.filter((line) => !line.startsWith("ok "))).toEqual([]);
  });

  it("check cells show only ok: each rule runs once its pieces are there, and a rule still waiting names a later piece", () => {
    const lines = printed(solved, "await check(").flatMap((text) => text.split("\n").filter((line) => line !== ""));
    // costs-recompute reads n/a: the committed receipts hold no paid row.
    expect(
      lines.filter(
        (line) =>
          !/^(ok |  ok |  n\/a |  \d+ more rules? using this piece waits?: \d+ for [A-Za-z]+ \(not run yet; )/u.test(
            line,
          ),
      ),
    ).toEqual([]);
    const ruleLines = lines.filter((line) => line.startsWith("  ok ") || line.startsWith("  n/a "));
    expect(ruleLines).toHaveLength(RULES.length);
  });

  it("the final cell runs every rule, all ok, the grader's lines word for word (timings aside), the same rules and points", () => {
    const final = printed(solved, "const everyRule = await checkEveryRule(")
      .join("")
      .split("\n")
      .filter((line) => line !== "");
    // costs-recompute is not applicable on the committed receipts (no paid row): 0 of 0 points.
    const points = RULES.filter((rule) => rule.id !== "costs-recompute").reduce((sum, rule) => sum + rule.points, 0);
    expect(final.at(-1)).toBe(
      `${RULES.length - 1} of ${RULES.length} rules ok, 1 not applicable, ${points} of ${points} points`,
    );
    const ruleLines = final.slice(0, -1);
    expect(ruleLines).toHaveLength(RULES.length);
    expect(ruleLines.filter((line) => !line.startsWith("ok ") && !line.startsWith("n/a "))).toEqual([]);
    // The grader's stdout: its summary first, then one line per rule.
    const gradedRuleLines = graded.lines.filter((line) => /^(ok|n\/a|FAIL) /u.test(line));
    // A rule on the grader's clock (virtualClock) runs other trials in place, on real time, than in
    // a grading: its line is the same up to the trials it names in parentheses.
    const comparable = (line: string, index: number): string =>
      RULES[index]!.virtualClock === true ? untimed(line).split(" (")[0]! : untimed(line);
    expect(ruleLines.map(comparable)).toEqual(gradedRuleLines.slice(0, RULES.length).map(comparable));
    expect(graded.results).toMatchObject({ score: points, max_score: points });
  });

  it("ends by naming the next notebook", () => {
    const notebook = JSON.parse(
      readFileSync(join(REPO_ROOT, "notebooks/solutions/ch14-part-b-build-solutions.ipynb"), "utf8"),
    ) as {
      cells: Array<{ cell_type: string; source: string[] }>;
    };
    const last = notebook.cells.at(-1)!;
    expect(last.cell_type).toBe("markdown");
    expect(last.source.join("")).toContain("ch14-coding-agent.ipynb");
  });

  it("reveals the library's own code for each piece, found by name in lib/src", () => {
    const reveals = printed(solved, "revealAfterTrying(");
    expect(reveals.join("")).toContain("// src/protocol/messages.ts: answerFor");
    expect(reveals.join("")).toContain("export function answerFor(requestId: number");
    expect(reveals.every((text) => text.startsWith("// The library's choices:"))).toBe(true);
  });

  it("meets the teaching server: every mode refused (or answered) by the learner's own pieces, nothing left behind", () => {
    expect(solved.cells.map((cell) => cell.outputs.join("")).join("")).toContain(
      `${BUILD_MODES.length} of ${BUILD_MODES.length} modes as expected with your pieces`,
    );
  });
});

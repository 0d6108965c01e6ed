// Complete tier only: grades saved build notebooks with checkpoint --notebook, each in the isolated host.
// `checkpoint --notebook`: a saved build notebook graded without running it, the learner's code
// in the checkpoint's isolated host, the verdicts here. Needs `npm run build` (the host is lib/dist).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { REPO_ROOT } from "../../lib/src/assign/assignments.js";
import { NOTEBOOK_RULES } from "../../lib/src/grading/checkpoint/grade-notebook.js";
import { PIECE_NAMES, PIECE_NEEDS, type PieceName } from "../../lib/src/assembly/piece-names.js";
import { rulesUsing } from "../../lib/src/grading/checkpoint/rules/index.js";

const root = mkdtempSync(join(tmpdir(), "grade-notebook-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The built command line, as a grader runs it (the host it starts is lib/dist's). */
function checkpointCli(argv: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(REPO_ROOT, "lib/dist/cli/main.js"), "checkpoint", ...argv],
      { cwd: REPO_ROOT },
      (error, stdout, stderr) => {
        done({ exitCode: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

async function grade(name: string, notebook: string) {
  const reportDir = join(root, name);
  const { exitCode, stdout, stderr } = await checkpointCli(["--notebook", notebook, "--report-dir", reportDir]);
  return {
    exitCode,
    // stdout: the summary, a blank line, then one line per rule.
    summary: stdout.split("\n\n")[0]!.split("\n"),
    lines: stdout.trimEnd().split("\n\n").at(-1)!.split("\n"),
    stderr,
    results: JSON.parse(readFileSync(join(reportDir, "results.json"), "utf8")) as {
      score: number;
      max_score: number;
      tests: Array<{ name: string; status: string }>;
    },
  };
}

/** The solved notebook with one syntax error in FrameReader's cell. */
function brokenFrameReader(): string {
  const notebook = JSON.parse(
    readFileSync(join(REPO_ROOT, "notebooks/solutions/ch14-part-b-build-solutions.ipynb"), "utf8"),
  ) as {
    cells: Array<{ source: string[] }>;
  };
  const cell = notebook.cells.find((candidate) => candidate.source.join("").startsWith("class FrameReader"))!;
  cell.source = [
    cell.source.join("").replace("feed(chunk: Uint8Array): Buffer[] {", "feed(chunk: Uint8Array): Buffer[] {{"),
  ];
  const path = join(root, "broken.ipynb");
  writeFileSync(path, JSON.stringify(notebook));
  return path;
}

/** The solved notebook with an answerFor that reads an error reply's members without checking it is an object. */
function uncheckedAnswerFor(): string {
  const notebook = JSON.parse(
    readFileSync(join(REPO_ROOT, "notebooks/solutions/ch14-part-b-build-solutions.ipynb"), "utf8"),
  ) as {
    cells: Array<{ source: string[] }>;
  };
  const cell = notebook.cells.find((candidate) => candidate.source.join("").startsWith("function answerFor"))!;
  const source = cell.source.join("");
  const check = /if \(typeof error !== "object" \|\| error === null[^\n]*\n[^\n]*\n\s*\}\n/u;
  expect(source).toMatch(check);
  cell.source = [source.replace(check, "")];
  const path = join(root, "unchecked.ipynb");
  writeFileSync(path, JSON.stringify(notebook));
  return path;
}

/** results.json names a test "<rule id>: <title>". */
const ruleOf = (name: string): string => name.slice(0, name.indexOf(":"));

let untouched: Awaited<ReturnType<typeof grade>>;
let broken: Awaited<ReturnType<typeof grade>>;
let unchecked: Awaited<ReturnType<typeof grade>>;
beforeAll(async () => {
  [untouched, broken, unchecked] = await Promise.all([
    grade("untouched", join(REPO_ROOT, "notebooks/ch14-part-b-build.ipynb")),
    grade("broken", brokenFrameReader()),
    grade("unchecked", uncheckedAnswerFor()),
  ]);
}, 180_000);

describe("checkpoint --notebook", () => {
  it("grades the untouched learner's copy 0, exit 1, one line per rule", () => {
    expect(untouched.exitCode).toBe(1);
    expect(untouched.results.score).toBe(0);
    expect(untouched.results.tests).toHaveLength(NOTEBOOK_RULES.length);
    expect(untouched.lines).toHaveLength(NOTEBOOK_RULES.length);
    // Every rule FAILs but costs-recompute, which has nothing to check (no paid row in the receipts).
    expect(untouched.lines.filter((line) => !line.startsWith("FAIL ")).map((line) => line.split(" (")[0])).toEqual([
      "n/a paid runs' costs recompute from their tokens at list price",
    ]);
    expect(untouched.summary[0]).toMatch(
      /^checkpoint: 0 of \d+ points; 0 of \d+ rules ok, 1 not applicable, \d+ not yet$/u,
    );
    expect(untouched.summary.filter((line) => /^ {2}[1-6]\. FAIL /u.test(line))).toHaveLength(6);
    expect(untouched.summary.at(-1)).toBe(
      "look first at: section 1 (Messages) (rule messages-shape; its line is below)",
    );
    expect(untouched.stderr).toMatch(/^graded: \S+ch14-part-b-build\.ipynb \(build notebook, sha256 /mu);
    expect(untouched.lines.filter((line) => /HostError|the check itself failed/u.test(line))).toEqual([]);
    expect(untouched.lines.find((line) => line.startsWith("FAIL ids-exact"))).toContain(
      "answerFor is not implemented yet",
    );
  });

  it("a cell that does not compile costs only the rules of its piece and of the pieces that use it", () => {
    expect(broken.stderr).toMatch(/cell \d+ does not compile/u);
    const users: PieceName[] = [
      "FrameReader",
      ...PIECE_NAMES.filter((piece) => PIECE_NEEDS[piece].includes("FrameReader")),
    ];
    const allowedToFail = new Set(users.flatMap((piece) => rulesUsing(piece).map((rule) => rule.id)));
    const failed = broken.results.tests.filter((test) => test.status === "failed").map((test) => ruleOf(test.name));
    expect(failed).toEqual(expect.arrayContaining(rulesUsing("FrameReader").map((rule) => rule.id)));
    expect(failed.filter((rule) => !allowedToFail.has(rule))).toEqual([]);
    expect(broken.results.tests.filter((test) => test.status === "passed").map((test) => ruleOf(test.name))).toEqual(
      expect.arrayContaining(["ids-exact", "parse-frame-strict", "discovery-bounds"]),
    );
    expect(broken.exitCode).toBe(1);
  });

  it("a wrong piece is named by its section and piece, in the summary and on its line, never by a learner/ file", () => {
    expect(unchecked.exitCode).toBe(1);
    const failed = unchecked.results.tests.filter((test) => test.status === "failed").map((test) => ruleOf(test.name));
    expect(failed).toContain("error-raised");
    expect(unchecked.summary.at(-1)).toBe(
      "look first at: section 2 (answerFor) (rule error-raised; its line is below)",
    );
    expect(unchecked.lines.find((line) => line.startsWith("FAIL error-raised"))).toMatch(
      /\(look at: section 2 \(answerFor\)\)$/u,
    );
    expect([...unchecked.summary, ...unchecked.lines, unchecked.stderr].join("\n")).not.toContain("learner/");
  });
});

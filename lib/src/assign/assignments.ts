// The workbook's masters and what each generated pair must pass before it is written: the
// solved copy must pass every check, and the learner's copy must fail every one (so each check
// can fail at all). `npm run notebooks:assign` writes them; a test regenerates and compares bytes.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as root from "../index.js";
import * as agent from "../agent/index.js";
import * as charts from "../charts/index.js";
import * as checkpoint from "../grading/checkpoint/index.js";
import * as demo from "../demo/index.js";
import * as exercises from "../exercises/index.js";
import * as experiment from "../experiment/index.js";
import * as notebook from "../notebook/index.js";
import * as pieces from "../pieces/index.js";
import { UsageError } from "../errors/usage-error.js";
import { assignNotebook, notebookText, type NotebookDocument } from "./assign-notebook.js";
import { buildCells, evaluateBuildCells } from "../assembly/notebook-pieces.js";
import { runPieceCheck, type PieceVerdict } from "../pieces/piece-checks.js";
import { PIECE_NAMES } from "../assembly/piece-names.js";
import { implementationFrom } from "../assembly/assembled-client.js";
import { cellScope } from "../pieces/cell-scope.js";
import { refreshBuildText } from "./demands-text.js";
import { rulesForPieces } from "../grading/checkpoint/rules/index.js";
import { inProcessProbe } from "../grading/checkpoint/rules/in-process.js";
import { runRules } from "../grading/checkpoint/rules/run.js";
import { GRADING_LANES } from "../grading/checkpoint/grade-implementation.js";
import type { RuleVerdict } from "../grading/checkpoint/rules/types.js";
import { NOTEBOOK_ANSWERS } from "../exercises/exercise-list.js";
import { exerciseAnswer, notebookImports } from "../exercises/exercise-cells.js";

/** The package's entry points as a notebook imports them. */
const ENTRY_POINTS: Readonly<Record<string, object>> = {
  "mcp-workbook": root,
  "mcp-workbook/agent": agent,
  "mcp-workbook/charts": charts,
  "mcp-workbook/checkpoint": checkpoint,
  "mcp-workbook/demo": demo,
  "mcp-workbook/exercises": exercises,
  "mcp-workbook/experiment": experiment,
  "mcp-workbook/notebook": notebook,
  "mcp-workbook/pieces": pieces,
};

export const REPO_ROOT = resolve(__dirname, "../../..");

export interface Assignment {
  readonly master: string;
  readonly student: string;
  readonly solutions: string;
  /** The master's generated text rewritten from the code it states (the build notebook's demands and counts). */
  readonly refresh?: (master: NotebookDocument) => NotebookDocument;
  /** Throws unless the pair is fit to publish. */
  readonly validate: (student: NotebookDocument, solutions: NotebookDocument) => Promise<string>;
}

/** Every piece's check against the build cells of `notebook`, graded as written. */
export async function gradeBuildNotebook(
  notebook: unknown,
  options: { rules?: boolean } = {},
): Promise<{ verdicts: PieceVerdict[]; rules: RuleVerdict[]; broken: ReadonlyMap<number, string> }> {
  // The names the grader's host gives build cells (checkpoint --notebook), so both grade the same cells alike.
  const { pieces, broken } = evaluateBuildCells(buildCells(notebook), cellScope());
  const verdicts: PieceVerdict[] = [];
  for (const piece of PIECE_NAMES) verdicts.push(await runPieceCheck(piece, pieces));
  // The rules as the checkpoint runs them, a few at a time: each mostly waits on its own servers.
  const rules =
    options.rules === true
      ? await runRules({
          rules: rulesForPieces(PIECE_NAMES),
          openProbe: () => Promise.resolve(inProcessProbe({ ...implementationFrom(() => pieces) })),
          concurrency: GRADING_LANES,
        })
      : [];
  return { verdicts, rules, broken };
}

async function validateBuild(student: NotebookDocument, solutions: NotebookDocument): Promise<string> {
  const solved = await gradeBuildNotebook(solutions, { rules: true });
  const failing = [
    ...solved.verdicts.filter((verdict) => !verdict.ok),
    ...solved.rules
      .filter((rule) => !rule.ok)
      .map((rule) => ({ name: rule.rule, expected: rule.expected, received: rule.received })),
  ];
  if (solved.broken.size > 0 || failing.length > 0) {
    const said = [
      ...[...solved.broken].map(([cell, why]) => `cell ${cell}: ${why}`),
      ...failing.map((v) => `${v.name}: expected ${v.expected}; received ${v.received}`),
    ];
    throw new UsageError("master", {
      what: `the solved copy does not pass every check: ${said.join(" | ")}`,
      expected: "every piece ok",
    });
  }
  const untouched = await gradeBuildNotebook(student);
  const passing = untouched.verdicts.filter((verdict) => verdict.ok);
  if (passing.length > 0) {
    throw new UsageError("master", {
      what: `the learner's copy already passes ${passing.map((v) => v.name).join(", ")}`,
      expected: "every check to fail on the starting TODOs",
    });
  }
  return `${solved.verdicts.length} checks and ${solved.rules.length} rules: all ok on the solutions; every check not yet on the learner's copy`;
}

/**
 * The exercises: the solved copy's own answers (the functions the learner writes, one per
 * exercise) must pass the checks the notebook and the checkpoint run, and the learner's starting
 * answers must fail them.
 */
async function validateExercises(student: NotebookDocument, solutions: NotebookDocument): Promise<string> {
  // The answers see what the notebook's own cells import, as they do in the kernel.
  const scope = notebookImports(solutions, ENTRY_POINTS);
  const said: string[] = [];
  for (const { name, check } of NOTEBOOK_ANSWERS) {
    const solved = await check(exerciseAnswer(solutions, name, scope), "checkpoint");
    if (!solved.ok)
      throw new UsageError("master", {
        what: `the solved copy does not pass every check: ${name}: ${solved.output}`,
        expected: "every check ok",
      });
    const untouched = await check(exerciseAnswer(student, name, scope), "checkpoint");
    if (untouched.ok)
      throw new UsageError("master", {
        what: `the learner's starting ${name} already passes its check`,
        expected: "the check to fail on the starting TODO",
      });
    said.push(name);
  }
  return `${said.join(", ")}: all ok on the solutions; every check not yet on the learner's copy`;
}

export const ASSIGNMENTS: readonly Assignment[] = [
  {
    master: "notebooks/masters/ch14-part-b-build.ipynb",
    student: "notebooks/ch14-part-b-build.ipynb",
    solutions: "notebooks/solutions/ch14-part-b-build-solutions.ipynb",
    refresh: (master) => refreshBuildText(master),
    validate: validateBuild,
  },
  {
    master: "notebooks/masters/exercises-14.ipynb",
    student: "notebooks/exercises-14.ipynb",
    solutions: "notebooks/solutions/solutions-14.ipynb",
    validate: validateExercises,
  },
];

/** The master as it should be (its generated text refreshed) and its two copies, as the bytes they are written with. */
export function generate(assignment: Assignment): {
  masterText: string;
  student: NotebookDocument;
  solutions: NotebookDocument;
  studentText: string;
  solutionsText: string;
} {
  const read = JSON.parse(readFileSync(resolve(REPO_ROOT, assignment.master), "utf8")) as NotebookDocument;
  const master = assignment.refresh?.(read) ?? read;
  const student = assignNotebook(master, "student");
  const solutions = assignNotebook(master, "solutions");
  return {
    masterText: notebookText(master),
    student,
    solutions,
    studentText: notebookText(student),
    solutionsText: notebookText(solutions),
  };
}

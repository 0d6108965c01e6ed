// `mcp-workbook checkpoint` (and `npm run checkpoint`): runs the checkpoint notebook headless in a
// fresh tslab kernel, prints its lines, writes results.json and junit.xml, and exits non-zero on
// any FAIL or on a notebook that did not run clean.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gradeRun } from "../checkpoint/grade.js";
import { readHiddenCells, REPO_ROOT, runCheckpointNotebook, type HiddenCell } from "../checkpoint/notebook-run.js";
import { junitXml, resultsJson } from "../checkpoint/report.js";
import { UsageError } from "../protocol/errors/usage-error.js";
import { runNotebookGrading } from "./checkpoint-notebook.js";

export const CHECKPOINT_USAGE = `usage: mcp-workbook checkpoint [--impl PATH] [--hidden DIR] [--exercises] [--report-dir DIR] [--cell-timeout S]
  Runs checkpoints/ch14-checkpoint.ipynb in a fresh tslab kernel and prints its six lines.
  --impl PATH        grade this built package (e.g. learner) instead of the workbook's library
  --notebook PATH    grade a saved build notebook's cells without running it (its own usage: --notebook alone)
  --hidden DIR       append DIR/*.ts to the notebook, in name order, one cell each; their
                     "ok ..."/"FAIL ..." lines join the report (cells see \`impl\` and \`workbook\`)
  --report-dir DIR   where results.json (Gradescope) and junit.xml go (default checkpoints/reports)
  --exercises        also grade the optional exercise section (exercises 1 to 6, reference solutions)
  --cell-timeout S   seconds allowed per cell (default 180)
  exit: 0 every line ok; 1 a FAIL or a notebook that did not run clean; 2 usage, or it could not run`;

/** The optional exercise section, run in the same kernel as the six checks; one line per exercise. */
export const EXERCISE_SECTION_CELL: HiddenCell = {
  file: "exercise-section (built in)",
  source: 'for (const result of await workbook.runExerciseSection()) console.log(result.output);',
};

export interface CheckpointIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const PROCESS_IO: CheckpointIo = { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) };

/** Relative paths are the user's: npm runs scripts in the package folder and keeps the caller's folder in INIT_CWD. */
function userPath(path: string): string {
  return resolve(process.env["INIT_CWD"] ?? process.cwd(), path);
}

export async function runCheckpointCommand(argv: readonly string[], io: CheckpointIo = PROCESS_IO): Promise<number> {
  if (argv.includes("--help")) {
    io.stdout(`${CHECKPOINT_USAGE}\n`);
    return 0;
  }
  if (argv.includes("--notebook")) return runNotebookGrading(argv, io);
  let options: { impl: string | undefined; hidden: HiddenCell[]; reportDir: string; cellTimeout: number };
  try {
    options = parseOptions(argv);
  } catch (error) {
    io.stderr(`mcp-workbook checkpoint: ${(error as Error).message}\n${CHECKPOINT_USAGE}\n`);
    return 2;
  }

  const started = performance.now();
  const run = await runCheckpointNotebook({
    ...(options.impl === undefined ? {} : { impl: options.impl }),
    hidden: options.hidden,
    cellTimeoutSeconds: options.cellTimeout,
  });
  const seconds = (performance.now() - started) / 1000;
  const tests = gradeRun(run);
  for (const test of tests) io.stdout(`${test.output}\n`);

  mkdirSync(options.reportDir, { recursive: true });
  const resultsPath = join(options.reportDir, "results.json");
  const junitPath = join(options.reportDir, "junit.xml");
  writeFileSync(resultsPath, `${JSON.stringify(resultsJson(tests, seconds), null, 2)}\n`);
  writeFileSync(junitPath, junitXml(tests, seconds));

  const passed = tests.filter((test) => test.ok).length;
  const timing = [
    run.kernelStartSeconds === undefined ? undefined : `kernel start ${run.kernelStartSeconds.toFixed(1)} s`,
    run.cellSeconds === undefined ? undefined : `cells ${run.cellSeconds.toFixed(1)} s`,
    `total ${seconds.toFixed(1)} s`,
  ].filter((part) => part !== undefined);
  io.stderr(`checkpoint: ${passed} of ${tests.length} ok (${timing.join(", ")}); reports: ${shown(resultsPath)}, ${shown(junitPath)}\n`);
  if (!run.clean && run.cells.length === 0) {
    io.stderr(`${run.runnerError}\n`);
    return 2;
  }
  return passed === tests.length ? 0 : 1;
}

/** A path as the user will want to read it: relative when it lies below the current folder. */
function shown(path: string): string {
  const below = relative(process.cwd(), path);
  return below.startsWith("..") ? path : below;
}

function parseOptions(argv: readonly string[]): { impl: string | undefined; hidden: HiddenCell[]; reportDir: string; cellTimeout: number } {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      impl: { type: "string" },
      hidden: { type: "string" },
      "report-dir": { type: "string" },
      exercises: { type: "boolean", default: false },
      "cell-timeout": { type: "string", default: "180" },
    },
  });
  if (positionals.length > 0) {
    throw new UsageError("arguments", { what: `unexpected argument ${JSON.stringify(positionals[0])}`, expected: "only the options shown by --help" });
  }
  const cellTimeout = Number(values["cell-timeout"]);
  if (!Number.isInteger(cellTimeout) || cellTimeout < 1 || cellTimeout > 3600) {
    throw new UsageError("arguments", { what: "invalid --cell-timeout", expected: "whole seconds from 1 to 3600", received: JSON.stringify(values["cell-timeout"]) });
  }
  const impl = values.impl === undefined ? undefined : loadablePath(userPath(values.impl));
  let hidden: HiddenCell[] = values.hidden === undefined ? [] : readHiddenCells(userPath(values.hidden));
  if (values.exercises === true) hidden = [EXERCISE_SECTION_CELL, ...hidden];
  const reportDir = values["report-dir"] === undefined ? join(REPO_ROOT, "checkpoints", "reports") : userPath(values["report-dir"]);
  return { impl, hidden, reportDir, cellTimeout };
}

/** The implementation must load before a kernel starts for it: a built package or a .js file. */
function loadablePath(path: string): string {
  try {
    createRequire(join(REPO_ROOT, "package.json")).resolve(path);
  } catch (error) {
    throw new UsageError(
      "arguments",
      {
        what: `--impl ${path} cannot be loaded (${(error as Error).message.split("\n")[0]})`,
        expected: "a built package (package.json with main, e.g. learner after `npm run build`) or a .js file",
      },
      { cause: error },
    );
  }
  return path;
}

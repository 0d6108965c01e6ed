// `mcp-workbook checkpoint` (and `npm run checkpoint`): grades an implementation through the
// isolated host (no kernel, no build of the repository), prints one line per rule, and writes
// results.json and junit.xml afresh into the report folder, whatever happened. Exit 0 only when
// every rule passes.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { gradeImplementation, type GradeReport } from "../grading/checkpoint/grade-implementation.js";
import { gradeJunitXml, gradeResultsJson, reportHeader } from "../grading/checkpoint/grade-report.js";
import { REFERENCE_ENTRY, REPO_ROOT } from "../grading/checkpoint/paths.js";
import { EXERCISE_RULES } from "../grading/checkpoint/rules/exercise-rules.js";
import { RULES } from "../grading/checkpoint/rules/index.js";
import { countLine, summarize, summaryLines } from "../grading/checkpoint/summary.js";
import type { Rule, RuleVerdict } from "../grading/checkpoint/rules/types.js";
import { UsageError } from "../errors/usage-error.js";
import {
  graderFaultExit,
  progressOf,
  shownLine,
  warnIfUncontained,
  writeNothingGraded,
  type CheckpointIo,
} from "./checkpoint-io.js";
import { GraderFault } from "../grading/checkpoint/grader-fault.js";
import { CLASS_USAGE, runClassGrading } from "./checkpoint-class.js";
import { runNotebookGrading } from "./checkpoint-notebook.js";
import { readFlags, wholeNumber } from "../flags/flags.js";
import { CHECKPOINT_OPTIONS, flagSpec, optionLines, usageOptions } from "./checkpoint-options.js";
import { isTerminal } from "./grading-progress.js";

export const CHECKPOINT_USAGE = [
  ...wrapUsage("usage: mcp-workbook checkpoint", usageOptions(CHECKPOINT_OPTIONS)),
  "       mcp-workbook checkpoint --class DIR --report-dir OUT [--jobs N] [--fresh]",
  "         [--trust-submissions] (a whole class: --class --help says more)",
  "  Grades a Part B implementation, one line per rule, in a separate process that runs the graded",
  "  code (as the user nobody when run as root); this process only judges its answers. The report",
  "  comes summary first, then each rule's line once; progress goes to stderr while it runs.",
  ...optionLines(CHECKPOINT_OPTIONS),
  "  exit: 0 every rule ok; 1 a rule failed; 2 usage, or the checkpoint could not run",
].join("\n");

/** A usage line cut before 100 columns, continued under its command. */
export function wrapUsage(head: string, options: string, width = 100): string[] {
  const lines: string[] = [];
  let line = head;
  for (const option of options.split(/ (?=\[)/u)) {
    if (line.length + option.length + 1 > width) {
      lines.push(line);
      line = " ".repeat(head.length);
    }
    line = `${line} ${option}`;
  }
  lines.push(line);
  return lines;
}

const PROCESS_IO: CheckpointIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  terminal: isTerminal(process.stderr),
  ...(process.stderr.columns === undefined ? {} : { columns: process.stderr.columns }),
};

/** Relative paths are the user's: npm runs scripts in the package folder and keeps the caller's folder in INIT_CWD. */
function userPath(path: string): string {
  return resolve(process.env["INIT_CWD"] ?? process.cwd(), path);
}

interface Options {
  readonly impl: string;
  readonly rules: readonly Rule[];
  readonly hidden: readonly Rule[];
  readonly exercises: boolean;
  readonly seed: number;
  readonly reportDir: string;
}

export async function runCheckpointCommand(argv: readonly string[], io: CheckpointIo = PROCESS_IO): Promise<number> {
  if (argv.includes("--help")) {
    io.stdout(`${argv.includes("--class") ? CLASS_USAGE : CHECKPOINT_USAGE}\n`);
    return 0;
  }
  if (argv.some((arg) => arg === "--class" || arg.startsWith("--class=")))
    return runClassGrading(argv, io, chosenRules);
  if (argv.includes("--notebook")) return runNotebookGrading(argv, io);
  const reportDir = reportDirOf(argv);
  const resultsPath = join(reportDir, "results.json");
  const junitPath = join(reportDir, "junit.xml");
  // An old report must never pass for this run's.
  rmSync(resultsPath, { force: true });
  rmSync(junitPath, { force: true });

  let options: Options;
  try {
    options = parseOptions(argv, reportDir);
  } catch (error) {
    io.stderr(`mcp-workbook checkpoint: ${(error as Error).message}\n${CHECKPOINT_USAGE}\n`);
    writeNothingGraded(reportDir, `the checkpoint did not run: ${(error as Error).message}`);
    return 2;
  }

  let report: GradeReport;
  const rules = [...options.rules, ...(options.exercises ? EXERCISE_RULES : []), ...options.hidden];
  // Progress while rules run (one updating line on a terminal); the report, summary first, goes to stdout at the end.
  warnIfUncontained(io);
  const progress = progressOf(io, rules.length);
  try {
    report = await gradeImplementation(options.impl, { seed: options.seed, rules, onVerdict: progress.onVerdict });
  } catch (error) {
    progress.done();
    if (error instanceof GraderFault) return graderFaultExit(io, reportDir, error);
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`mcp-workbook checkpoint: could not grade ${options.impl}: ${message}\n`);
    writeNothingGraded(reportDir, `the checkpoint could not grade ${options.impl}: ${message}`);
    return 2;
  }
  progress.done();
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(gradeResultsJson(report), null, 2)}\n`);
  writeFileSync(junitPath, gradeJunitXml(report));

  const verdicts: readonly RuleVerdict[] = report.verdicts;
  const passed = verdicts.filter((verdict) => verdict.ok).length; // a not-applicable rule is ok: it leaves the exit code alone
  io.stdout(`${[...summaryLines(summarize(verdicts)), "", ...verdicts.map(shownLine)].join("\n")}\n`);
  for (const line of reportHeader(report)) io.stderr(`${line}\n`);
  if (report.compileErrors.length > 0)
    io.stderr(
      `the compiler reported ${report.compileErrors.length} error(s); the rules that need those files fail:\n  ${report.compileErrors.slice(0, 10).join("\n  ")}\n`,
    );
  io.stderr(
    `checkpoint: ${countLine(verdicts)} (${report.seconds.toFixed(1)} s); reports: ${shown(resultsPath)}, ${shown(junitPath)}\n`,
  );
  return passed === verdicts.length ? 0 : 1;
}

/** A path as the user will want to read it: relative when it lies below the current folder. */
function shown(path: string): string {
  const below = relative(process.cwd(), path);
  return below.startsWith("..") ? path : below;
}

/** The report folder, read before anything else so that even a usage error leaves a fresh report. */
function reportDirOf(argv: readonly string[]): string {
  const at = argv.findIndex((arg) => arg === "--report-dir" || arg.startsWith("--report-dir="));
  const value =
    at === -1 ? undefined : argv[at]!.includes("=") ? argv[at]!.slice(argv[at]!.indexOf("=") + 1) : argv[at + 1];
  return value === undefined || value === "" ? join(REPO_ROOT, "checkpoints", "reports") : userPath(value);
}

function parseOptions(argv: readonly string[], reportDir: string): Options {
  const read = readFlags(argv, flagSpec(CHECKPOINT_OPTIONS)).values as Readonly<Record<string, string | true>>;
  const text = (name: string): string | undefined => {
    const value = read[name];
    return typeof value === "string" ? value : undefined;
  };
  const values = {
    impl: text("impl"),
    rules: text("rules"),
    notebook: text("notebook"),
    hidden: text("hidden"),
    exercises: read["exercises"] === true,
    seed: text("seed"),
  };
  if (values.notebook !== undefined) {
    throw new UsageError("arguments", {
      what: "--notebook is not available in this build",
      expected: "--impl PATH (a learner copy, a package or a .js module)",
    });
  }
  const seed = values.seed === undefined ? 0 : wholeNumber("--seed", values.seed, 0);
  const impl = values.impl === undefined ? REFERENCE_ENTRY : userPath(values.impl);
  if (!existsSync(impl))
    throw new UsageError("arguments", {
      what: `--impl ${impl} does not exist`,
      expected: "a learner copy folder, a package folder or a .js file",
    });
  const hidden = values.hidden === undefined ? [] : loadHiddenRules(userPath(values.hidden));
  const rules = values.rules === undefined ? RULES : chosenRules(values.rules);
  return { impl, rules, hidden, exercises: values.exercises === true, seed, reportDir };
}

/** The rules `--rules a,b` names, with the rules they depend on, in RULES order; an unknown id is a UsageError. */
export function chosenRules(list: string): Rule[] {
  const ids = list.split(",").map((id) => id.trim());
  const unknown = ids.filter((id) => !RULES.some((rule) => rule.id === id));
  if (unknown.length > 0)
    throw new UsageError("arguments", {
      what: `--rules names no rule ${unknown.map((id) => JSON.stringify(id)).join(", ")}`,
      expected: `comma-separated ids from ${RULES.map((rule) => rule.id).join(", ")}`,
    });
  const chosen = new Set(ids);
  for (let grew = true; grew;) {
    grew = false;
    for (const rule of RULES)
      if (chosen.has(rule.id))
        for (const dependency of rule.dependsOn)
          if (!chosen.has(dependency)) {
            chosen.add(dependency);
            grew = true;
          }
  }
  return RULES.filter((rule) => chosen.has(rule.id));
}

/** Grader-side rule modules: each DIR/*.js exports `rules`, an array of rules (they run here, like the built-in ones). */
export function loadHiddenRules(dir: string): Rule[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UsageError("hidden", {
      what: `no hidden-rules folder at ${dir}`,
      expected: "a folder of *.js modules exporting rules",
    });
  const files = readdirSync(dir)
    .filter((name) => /\.c?js$/u.test(name))
    .sort();
  if (files.length === 0)
    throw new UsageError("hidden", {
      what: `${dir} holds no *.js modules`,
      expected: "at least one module exporting rules",
    });
  return files.flatMap((file) => {
    const loaded = require(join(dir, file)) as { rules?: unknown };
    if (!Array.isArray(loaded.rules))
      throw new UsageError("hidden", {
        what: `${file} exports no rules array`,
        expected:
          "module.exports.rules = [ { id, title, points, needs, pieces?, dependsOn, visibility, where, deadlineMs, body } ]",
      });
    // A hidden rule grades no build piece unless it says so (pieces is what notebook groupings read),
    // and states no demands or free choices unless it has them (hidden rules written before those existed).
    return (loaded.rules as Rule[]).map((rule) => ({
      ...rule,
      pieces: rule.pieces ?? [],
      demands: rule.demands ?? [],
      freeChoices: rule.freeChoices ?? [],
    }));
  });
}

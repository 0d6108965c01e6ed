// `mcp-workbook checkpoint --notebook PATH`: grades a learner's build notebook as saved, without
// running it (see grading/checkpoint/grade-notebook.ts); prints one line per rule and writes results.json
// and junit.xml afresh, like every checkpoint run.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gradeJunitXml, gradeResultsJson, reportHeader } from "../grading/checkpoint/grade-report.js";
import { REPO_ROOT } from "../grading/checkpoint/paths.js";
import { countLine, summarize, summaryLines } from "../grading/checkpoint/summary.js";
import { gradeNotebook, NOTEBOOK_RULES } from "../grading/checkpoint/grade-notebook.js";
import { graderFaultExit, progressOf, shownLine, warnIfUncontained, type CheckpointIo } from "./checkpoint-io.js";
import { GraderFault } from "../grading/checkpoint/grader-fault.js";
import { readFlags, wholeNumber } from "../flags/flags.js";
import { flagSpec, NOTEBOOK_OPTIONS, optionLines, usageOptions } from "./checkpoint-options.js";

export const NOTEBOOK_USAGE = [
  `usage: mcp-workbook checkpoint ${usageOptions(NOTEBOOK_OPTIONS).replace("[--notebook PATH]", "--notebook PATH")}`,
  ...optionLines(NOTEBOOK_OPTIONS),
].join("\n");

export async function runNotebookGrading(argv: readonly string[], io: CheckpointIo): Promise<number> {
  let path: string;
  let reportDir: string;
  let seed: number;
  try {
    const values = readFlags(argv, flagSpec(NOTEBOOK_OPTIONS)).values as Readonly<Record<string, string | undefined>>;
    const base = process.env["INIT_CWD"] ?? process.cwd();
    reportDir =
      values["report-dir"] === undefined
        ? join(REPO_ROOT, "checkpoints", "reports")
        : resolve(base, values["report-dir"]);
    rmSync(join(reportDir, "results.json"), { force: true });
    rmSync(join(reportDir, "junit.xml"), { force: true });
    if (values.notebook === undefined) throw new Error("--notebook needs a path");
    path = resolve(base, values.notebook);
    if (!existsSync(path)) throw new Error(`no notebook at ${path}`);
    seed = values.seed === undefined ? 0 : wholeNumber("--seed", values.seed, 0);
  } catch (error) {
    io.stderr(`mcp-workbook checkpoint: ${(error as Error).message}\n${NOTEBOOK_USAGE}\n`);
    return 2;
  }
  warnIfUncontained(io);
  const progress = progressOf(io, NOTEBOOK_RULES.length);
  let graded: Awaited<ReturnType<typeof gradeNotebook>>;
  try {
    graded = await gradeNotebook(path, { seed, onVerdict: progress.onVerdict });
  } catch (error) {
    progress.done();
    if (error instanceof GraderFault) return graderFaultExit(io, reportDir, error);
    throw error;
  }
  progress.done();
  const { report, brokenCells } = graded;
  // The report, summary first, then each rule's line once.
  io.stdout(`${[...summaryLines(summarize(report.verdicts)), "", ...report.verdicts.map(shownLine)].join("\n")}\n`);
  for (const [cell, why] of brokenCells) io.stderr(`cell ${cell} does not compile: ${why}\n`);
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, "results.json"), `${JSON.stringify(gradeResultsJson(report), null, 2)}\n`);
  writeFileSync(join(reportDir, "junit.xml"), gradeJunitXml(report));
  for (const line of reportHeader(report)) io.stderr(`${line}\n`);
  const passed = report.verdicts.filter((verdict) => verdict.ok).length;
  io.stderr(`checkpoint --notebook: ${countLine(report.verdicts)} (${report.seconds.toFixed(1)} s)\n`);
  return passed === report.verdicts.length ? 0 : 1;
}

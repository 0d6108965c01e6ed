// `mcp-workbook checkpoint --notebook PATH`: grades a learner's build notebook as saved, without
// running it (see pieces/grade-notebook.ts); prints one line per rule and writes results.json
// and junit.xml like every checkpoint run.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../checkpoint/notebook-run.js";
import { junitXml, resultsJson, type GradedTest } from "../checkpoint/report.js";
import { gradeNotebook } from "../pieces/grade-notebook.js";
import type { CheckpointIo } from "./checkpoint.js";

export const NOTEBOOK_USAGE = `usage: mcp-workbook checkpoint --notebook PATH [--seed N] [--report-dir DIR]
  Grades the build cells of a saved build notebook (notebooks/ch14-part-b-build.ipynb) without
  running it: each cell is compiled on its own, so one that does not compile costs only its rules.`;

export async function runNotebookGrading(argv: readonly string[], io: CheckpointIo): Promise<number> {
  let path: string;
  let reportDir: string;
  let seed: number;
  try {
    const { values } = parseArgs({ args: [...argv], options: { notebook: { type: "string" }, seed: { type: "string", default: "0" }, "report-dir": { type: "string" } } });
    const base = process.env["INIT_CWD"] ?? process.cwd();
    if (values.notebook === undefined) throw new Error("--notebook needs a path");
    path = resolve(base, values.notebook);
    if (!existsSync(path)) throw new Error(`no notebook at ${path}`);
    seed = Number(values.seed);
    if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${JSON.stringify(values.seed)}`);
    reportDir = values["report-dir"] === undefined ? join(REPO_ROOT, "checkpoints", "reports") : resolve(base, values["report-dir"]);
  } catch (error) {
    io.stderr(`mcp-workbook checkpoint: ${(error as Error).message}\n${NOTEBOOK_USAGE}\n`);
    return 2;
  }
  const started = performance.now();
  const { verdicts, broken } = await gradeNotebook(path, { seed, onVerdict: (verdict) => io.stdout(`${verdict.line}\n`) });
  const seconds = (performance.now() - started) / 1000;
  for (const [cell, why] of broken) io.stderr(`cell ${cell} does not compile: ${why}\n`);
  const tests: GradedTest[] = verdicts.map((verdict) => ({ name: verdict.rule, ok: verdict.ok, output: verdict.line, seconds: verdict.ms / 1000 }));
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, "results.json"), `${JSON.stringify(resultsJson(tests, seconds), null, 2)}\n`);
  writeFileSync(join(reportDir, "junit.xml"), junitXml(tests, seconds));
  const passed = tests.filter((test) => test.ok).length;
  io.stderr(`checkpoint --notebook: ${passed} of ${tests.length} rules ok in ${seconds.toFixed(1)} s; reports in ${reportDir}\n`);
  return passed === tests.length ? 0 : 1;
}

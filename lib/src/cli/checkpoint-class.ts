// `mcp-workbook checkpoint --class DIR --report-dir OUT [--jobs N] [--fresh] [--trust-submissions]`:
// grades a whole class (class/grade-class.ts) and says how it went. Exit 0 when every learner was
// graded (whatever their score), 1 when some could not be, 2 on a usage error or when the class
// cannot be isolated here.
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { ClassUsageError, gradeClass } from "../grading/class/grade-class.js";
import { GRADED } from "../grading/class/gradebook.js";
import { writeClassPage } from "../class-view/class-page.js";
import { RULES } from "../grading/checkpoint/rules/index.js";
import { readFlags, wholeNumber } from "../flags/flags.js";
import type { CheckpointIo } from "./checkpoint-io.js";

export const CLASS_USAGE = `usage: mcp-workbook checkpoint --class DIR --report-dir OUT [--jobs N] [--fresh] [--trust-submissions] [--rules ID,...] [--time-limit S]
  Grades every learner in DIR (DIR/<id>.ipynb, DIR/<id>/<assignment>/*.ipynb, DIR/<id>/src/index.ts,
  DIR/<id>.js, or a .zip of these), each with --seed derived from the id, as \`checkpoint --seed S\`
  alone would, into OUT/grades.csv and OUT/learners/<id>/ (results.json, junit.xml, feedback.txt).
  --jobs N             gradings at once (default: the cores)
  --fresh              grade everyone again (default: keep rows whose submission and grader are unchanged)
  --trust-submissions  grade without isolation where this machine allows none (root or user namespaces)
  --rules ID,...       only these rules, for modules and learner copies (notebooks get their own set)
  --time-limit S       seconds one learner's grading may take before it is stopped (default 300)
  exit: 0 every learner graded; 1 some could not be graded (their row says why); 2 usage, or no isolation`;

/** The rule ids --rules names with what they depend on, or every rule: the gradebook's columns. */
export type RuleChooser = (list: string) => ReadonlyArray<{ readonly id: string }>;

export async function runClassGrading(
  argv: readonly string[],
  io: CheckpointIo,
  chooseRules: RuleChooser,
): Promise<number> {
  let values;
  let jobs: number;
  let timeLimit: number;
  let ruleIds: string[];
  try {
    ({ values } = readFlags(argv, {
      class: { type: "string" },
      "report-dir": { type: "string" },
      jobs: { type: "string" },
      fresh: { type: "boolean" },
      "trust-submissions": { type: "boolean" },
      rules: { type: "string" },
      "time-limit": { type: "string" },
    }));
    if (values["report-dir"] === undefined) throw new Error("--class needs --report-dir OUT (where grades.csv goes)");
    jobs = values.jobs === undefined ? availableParallelism() : wholeNumber("--jobs", values.jobs, 1, 64);
    timeLimit = values["time-limit"] === undefined ? 300 : wholeNumber("--time-limit", values["time-limit"], 1, 86_400);
    ruleIds = (values.rules === undefined ? RULES : chooseRules(values.rules)).map((rule) => rule.id);
  } catch (error) {
    io.stderr(`mcp-workbook checkpoint: ${(error as Error).message}\n${CLASS_USAGE}\n`);
    return 2;
  }
  const base = process.env["INIT_CWD"] ?? process.cwd();
  const out = resolve(base, values["report-dir"]);
  try {
    const result = await gradeClass({
      dir: resolve(base, values.class!),
      out,
      jobs,
      fresh: values.fresh === true,
      trusted: values["trust-submissions"] === true,
      ruleIds,
      ...(values.rules === undefined ? {} : { rules: values.rules }),
      timeLimitSeconds: timeLimit,
      progress: {
        write: (text) => io.stderr(text),
        live: process.stderr.isTTY === true && process.env["CI"] === undefined && process.env["TERM"] !== "dumb",
      },
      log: (line) => io.stderr(`${line}\n`),
    });
    const notGraded = result.rows.filter((row) => row.status !== GRADED);
    // The class view beside the gradebook: what to teach again, drawn from the rows alone.
    const page = result.rows.length > 0 ? await writeClassPage(join(out, "grades.csv")) : undefined;
    io.stdout(
      `class: ${result.rows.length - notGraded.length} of ${result.rows.length} learner(s) graded (${result.graded} in this run); gradebook ${out}/grades.csv${page === undefined ? "" : `; class view ${page}`}\n`,
    );
    for (const row of notGraded) io.stdout(`  ${row.learner}: ${row.status}\n`);
    if (result.interrupted) return 130;
    return notGraded.length === 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof ClassUsageError) {
      io.stderr(`mcp-workbook checkpoint: ${error.message}\n${CLASS_USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

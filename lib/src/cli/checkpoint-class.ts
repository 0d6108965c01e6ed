// `mcp-workbook checkpoint --class DIR --report-dir OUT [--jobs N] [--fresh] [--trust-submissions]
// [--export FORMATS --roster FILE --points N]`: grades a whole class (class/grade-class.ts), writes
// the school's format beside the gradebook (class/exports/) and says how it went. Exit 0 when
// every learner was graded (whatever their score), 1 when some could not be, 2 on a usage error
// (a bad roster included, found before any grading) or when the class cannot be isolated here.
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { ClassUsageError, gradeClass } from "../grading/class/grade-class.js";
import { GRADED } from "../grading/class/gradebook.js";
import { writeClassPage } from "../class-view/class-page.js";
import { RULES } from "../grading/checkpoint/rules/index.js";
import { readFlags, wholeNumber } from "../flags/flags.js";
import { UsageError } from "../errors/usage-error.js";
import { UNGRADED_CHOICES, type UngradedAs } from "../grading/class/exports/lms-scores.js";
import {
  exportFormats,
  prepareRoster,
  writeExports,
  type ExportOptions,
} from "../grading/class/exports/write-exports.js";
import type { CheckpointIo } from "./checkpoint-io.js";

export const CLASS_USAGE = `usage: mcp-workbook checkpoint --class DIR --report-dir OUT [--jobs N] [--fresh] [--trust-submissions] [--rules ID,...] [--time-limit S]
       [--export canvas,moodle,prairielearn] [--roster FILE] [--points N] [--assignment NAME] [--ungraded empty|zero]
  Grades every learner in DIR (DIR/<id>.ipynb, DIR/<id>/<assignment>/*.ipynb, DIR/<id>/src/index.ts,
  DIR/<id>.js, or a .zip of these), each with --seed derived from the id, as \`checkpoint --seed S\`
  alone would, into OUT/grades.csv and OUT/learners/<id>/ (results.json, junit.xml, feedback.txt).
  --jobs N             gradings at once (default: the cores)
  --fresh              grade everyone again (default: keep rows whose submission and grader are unchanged)
  --trust-submissions  grade without isolation where this machine allows none (root or user namespaces)
  --rules ID,...       only these rules, for modules and learner copies (notebooks get their own set)
  --time-limit S       seconds one learner's grading may take before it is stopped (default 300)
  --export FORMATS     also write the school's format: canvas (OUT/canvas.csv), moodle (OUT/moodle.csv),
                       prairielearn (OUT/learners/<id>/prairielearn-results.json); comma-separated
  --roster FILE        for canvas and moodle: a CSV whose "learner" column holds DIR's ids, beside
                       Canvas's Student, ID, SIS User ID, SIS Login ID, Section, or Moodle's user field
                       (ID number, Email address, Username or User ID); OUT/roster-check.csv names
                       learners it lacks and entries with no submission
  --points N           what the assignment is worth in the school's gradebook (default 100)
  --assignment NAME    the assignment's column in the school's gradebook (default "MCP checkpoint")
  --ungraded empty|zero  what a roster entry with no submission, or a learner the grader failed to grade,
                       gets (default empty: no grade)
  exit: 0 every learner graded; 1 some could not be graded (their row says why); 2 usage, or no isolation`;

/** The rules --rules names with what they depend on, or every rule: the gradebook's columns. */
export type RuleChooser = (list: string) => ReadonlyArray<{ readonly id: string; readonly points: number }>;

/** The export options the flags give, or undefined without --export; a UsageError for a bad one. */
function exportOptions(values: Readonly<Record<string, string | true | undefined>>): ExportOptions | undefined {
  const given = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === "string" ? value : undefined;
  };
  const list = given("export");
  if (list === undefined) {
    const stray = ["roster", "points", "assignment", "ungraded"].filter((name) => values[name] !== undefined);
    if (stray.length > 0)
      throw new UsageError("arguments", {
        what: `${stray.map((name) => `--${name}`).join(", ")} without --export`,
        expected: "--export canvas, moodle or prairielearn with them",
      });
    return undefined;
  }
  const ungraded = given("ungraded") ?? "empty";
  if (!(UNGRADED_CHOICES as readonly string[]).includes(ungraded))
    throw new UsageError("arguments", {
      what: "invalid --ungraded",
      expected: UNGRADED_CHOICES.join(" or "),
      received: JSON.stringify(ungraded),
    });
  const assignment = given("assignment") ?? "MCP checkpoint";
  const roster = given("roster");
  return {
    formats: exportFormats(list),
    ...(roster === undefined ? {} : { roster }),
    points: given("points") === undefined ? 100 : wholeNumber("--points", given("points")!, 1, 100_000),
    assignment,
    ungraded: ungraded as UngradedAs,
  };
}

export async function runClassGrading(
  argv: readonly string[],
  io: CheckpointIo,
  chooseRules: RuleChooser,
): Promise<number> {
  let values;
  let jobs: number;
  let timeLimit: number;
  let rules: Array<{ id: string; points: number }>;
  let exportChoice: ExportOptions | undefined;
  let roster: ReturnType<typeof prepareRoster>;
  const base = process.env["INIT_CWD"] ?? process.cwd();
  try {
    ({ values } = readFlags(argv, {
      class: { type: "string" },
      "report-dir": { type: "string" },
      jobs: { type: "string" },
      fresh: { type: "boolean" },
      "trust-submissions": { type: "boolean" },
      rules: { type: "string" },
      "time-limit": { type: "string" },
      export: { type: "string" },
      roster: { type: "string" },
      points: { type: "string" },
      assignment: { type: "string" },
      ungraded: { type: "string" },
    }));
    if (values["report-dir"] === undefined) throw new Error("--class needs --report-dir OUT (where grades.csv goes)");
    jobs = values.jobs === undefined ? availableParallelism() : wholeNumber("--jobs", values.jobs, 1, 64);
    timeLimit = values["time-limit"] === undefined ? 300 : wholeNumber("--time-limit", values["time-limit"], 1, 86_400);
    rules = (values.rules === undefined ? RULES : chooseRules(values.rules)).map(({ id, points }) => ({ id, points }));
    exportChoice = exportOptions(values);
    // A roster Canvas or Moodle cannot take is refused now, not after the whole class was graded.
    roster =
      exportChoice === undefined
        ? undefined
        : prepareRoster(
            exportChoice.roster === undefined
              ? exportChoice
              : { ...exportChoice, roster: resolve(base, exportChoice.roster) },
          );
  } catch (error) {
    io.stderr(`mcp-workbook checkpoint: ${(error as Error).message}\n${CLASS_USAGE}\n`);
    return 2;
  }
  const out = resolve(base, values["report-dir"]);
  try {
    const result = await gradeClass({
      dir: resolve(base, values.class!),
      out,
      jobs,
      fresh: values.fresh === true,
      trusted: values["trust-submissions"] === true,
      rules,
      ...(values.rules === undefined ? {} : { ruleList: values.rules }),
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
    if (exportChoice !== undefined && !result.interrupted)
      for (const line of writeExports(out, result.rows, exportChoice, roster)) io.stdout(`${line}\n`);
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

// A learner's grading in PrairieLearn's external-grader form: the results.json a grader writes to
// /grade/results/ (score from 0 to 1, gradable, message, output, and tests[] of name, points,
// max_points, message, output), made from the same rules as the learner's results.json. A rule
// that did not apply is no test (it has no points to give) and is named in the message; a hidden
// rule's test says only whether it passed, as the checkpoint prints it, until the due date.
import type { RulesResultsJson } from "../../checkpoint/grade-report.js";
import { hiddenRuleNote } from "../../checkpoint/summary.js";
import { GRADED, type GradebookRow } from "../../gradebook/gradebook-file.js";

export interface PrairieLearnTest {
  readonly name: string;
  readonly points: number;
  readonly max_points: number;
  readonly message: string;
  readonly output: string;
}

export interface PrairieLearnResults {
  readonly gradable: boolean;
  readonly score: number;
  readonly message: string;
  readonly output: string;
  readonly tests: readonly PrairieLearnTest[];
}

/** The first line of a test's output: its verdict line. */
const verdictLine = (output: string): string => output.split("\n", 1)[0]!;

/** PrairieLearn's results for one gradebook row (and, for a graded row, the learner's results.json). */
export function prairieLearnResults(row: GradebookRow, results: RulesResultsJson | undefined): PrairieLearnResults {
  if (row.status !== GRADED || results === undefined)
    return { gradable: false, score: 0, message: row.status, output: "", tests: [] };
  const applied = results.tests.filter((test) => test.max_score > 0);
  const notApplied = results.tests.filter((test) => test.max_score === 0);
  const tests = applied.map((test): PrairieLearnTest => {
    const verdict = test.status === "passed" ? "ok" : "FAIL";
    return {
      name: test.name,
      points: test.score,
      max_points: test.max_score,
      message:
        test.visibility === "visible"
          ? verdictLine(test.output)
          : `${verdict} (hidden rule: ${hiddenRuleNote(test.visibility)})`,
      output: test.visibility === "visible" ? test.output : "",
    };
  });
  const message = [
    `${results.score} of ${results.max_score} points`,
    ...(notApplied.length > 0
      ? [`did not apply (no points either way): ${notApplied.map((test) => verdictLine(test.output)).join("; ")}`]
      : []),
  ].join("; ");
  return {
    gradable: true,
    score: results.max_score === 0 ? 0 : results.score / results.max_score,
    message,
    output: results.output,
    tests,
  };
}

// The checkpoint's results.json (Gradescope's shape) as a GitHub Actions job shows it, in any
// repository and with nothing but Actions itself: the score and a table of the rules in Markdown for
// the job's summary ($GITHUB_STEP_SUMMARY), one workflow-command annotation per rule not yet passed
// (GitHub attaches them to the job's check run), and the exit code that makes that check run pass
// only when every rule passed. A run that graded nothing (max 0: a usage error, or the grader's own
// fault) says why and exits 2.
import { DataError } from "../../errors/data-error.js";

export interface ActionsReport {
  readonly score: number;
  readonly max: number;
  /** Markdown for $GITHUB_STEP_SUMMARY. */
  readonly summary: string;
  /** Workflow commands for stdout: `::warning title=RULE::why` per rule not yet passed, `::error` when nothing was graded. */
  readonly annotations: readonly string[];
  /** 0 every rule passed, 1 one did not, 2 nothing was graded. */
  readonly exitCode: 0 | 1 | 2;
}

interface GradescopeResults {
  score: number;
  max_score: number;
  output?: string;
  tests: { name: string; score: number; max_score: number; status: string; output?: string }[];
}

/** A workflow command's value: GitHub reads %, CR and LF escaped (and, in a property, : and ,). */
function commandValue(text: string, property = false): string {
  const escaped = text.replace(/%/gu, "%25").replace(/\r/gu, "%0D").replace(/\n/gu, "%0A");
  return property ? escaped.replace(/:/gu, "%3A").replace(/,/gu, "%2C") : escaped;
}

/** A Markdown table cell: one line, no column break. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/gu, " ").replace(/\|/gu, "\\|");
}

/** The Actions form of a results.json text; a DataError when it is not the checkpoint's. */
export function actionsReport(resultsJson: string): ActionsReport {
  let parsed: GradescopeResults;
  try {
    parsed = JSON.parse(resultsJson) as GradescopeResults;
  } catch (error) {
    throw new DataError(
      "unreadable",
      { what: "results.json is not JSON", expected: "the checkpoint's results.json" },
      { cause: error },
    );
  }
  if (typeof parsed?.score !== "number" || typeof parsed.max_score !== "number" || !Array.isArray(parsed.tests))
    throw new DataError("invalid", {
      what: "results.json lacks score, max_score or tests",
      expected: "the checkpoint's results.json (Gradescope's shape)",
    });
  const score = parsed.score;
  const max = parsed.max_score;
  if (max === 0) {
    const why = String(parsed.output ?? parsed.tests[0]?.output ?? "the checkpoint did not run");
    return {
      score,
      max,
      summary: `## Checkpoint: not graded\n\n${cell(why)}\n`,
      annotations: [`::error title=${commandValue("checkpoint: not graded", true)}::${commandValue(why)}`],
      exitCode: 2,
    };
  }
  const notPassed = parsed.tests.filter((test) => test.status !== "passed");
  const rows = parsed.tests.map(
    (test) =>
      `| ${test.status === "passed" ? "ok" : "not yet"} | ${cell(String(test.name))} | ${Number(test.score) || 0} of ${Number(test.max_score) || 0} |`,
  );
  const summary = [
    `## Checkpoint: ${score} of ${max} points`,
    "",
    `${parsed.tests.length - notPassed.length} of ${parsed.tests.length} rules passed. The full report (results.json, junit.xml) is the artifact \`checkpoint-report\`.`,
    "",
    "| | rule | points |",
    "| --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
  const annotations = notPassed.map(
    (test) => `::warning title=${commandValue(String(test.name), true)}::${commandValue(String(test.output ?? ""))}`,
  );
  return { score, max, summary, annotations, exitCode: notPassed.length === 0 ? 0 : 1 };
}

// The two reports a grader's tools read: Gradescope's results.json and JUnit XML. Both are built
// from the same graded tests by pure functions, so tests can parse exactly what a run writes.

/** One graded line: a check of the notebook, a hidden check, or the notebook run itself. */
export interface GradedTest {
  readonly name: string;
  readonly ok: boolean;
  /** The line as printed ("ok ..." or "FAIL ..."), or what went wrong. */
  readonly output: string;
  /** Seconds, when measured (a check's cell time). */
  readonly seconds?: number;
}

/** Gradescope's autograder results format (the fields this checkpoint fills). */
export interface ResultsJson {
  readonly score: number;
  readonly max_score: number;
  readonly execution_time: number;
  readonly output: string;
  readonly tests: ReadonlyArray<{
    readonly name: string;
    readonly score: number;
    readonly max_score: number;
    readonly output: string;
    readonly status: "passed" | "failed";
  }>;
}

/** One point a test; a failed test scores 0. */
export function resultsJson(tests: readonly GradedTest[], seconds: number): ResultsJson {
  const passed = tests.filter((test) => test.ok).length;
  return {
    score: passed,
    max_score: tests.length,
    execution_time: round(seconds),
    output: `${passed} of ${tests.length} checks ok`,
    tests: tests.map((test) => ({
      name: test.name,
      score: test.ok ? 1 : 0,
      max_score: 1,
      output: test.output,
      status: test.ok ? "passed" : "failed",
    })),
  };
}

/** A JUnit XML report: one testsuite, one testcase a test, a failure element for each FAIL. */
export function junitXml(
  tests: readonly GradedTest[],
  seconds: number,
  suite = "ch14-checkpoint",
  timestamp = new Date(),
): string {
  const failures = tests.filter((test) => !test.ok).length;
  const counts = `tests="${tests.length}" failures="${failures}" errors="0" skipped="0" time="${round(seconds)}"`;
  const cases = tests.map((test) => {
    const open = `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(test.name)}" time="${round(test.seconds ?? 0)}"`;
    if (test.ok) return `${open}>\n      <system-out>${escapeXml(test.output)}</system-out>\n    </testcase>`;
    const message = test.output.length > 200 ? `${test.output.slice(0, 199)}…` : test.output;
    return `${open}>\n      <failure message="${escapeXml(message)}" type="CheckFailed">${escapeXml(test.output)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suite)}" ${counts}>`,
    `  <testsuite name="${escapeXml(suite)}" ${counts} timestamp="${timestamp.toISOString().slice(0, 19)}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

/**
 * Text safe inside XML content and attribute values: the five markup characters escaped, and the
 * characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF)
 * replaced with U+FFFD, since a kernel's stderr may carry ANSI escapes.
 */
export function escapeXml(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu,
      "\uFFFD",
    )
    .replace(/&/gu, "&amp;")
    .replace(/</gu, "&lt;")
    .replace(/>/gu, "&gt;")
    .replace(/"/gu, "&quot;")
    .replace(/'/gu, "&apos;");
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

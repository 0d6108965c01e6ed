// results.json (Gradescope's format) and JUnit XML from one grading run: a test per rule with its
// points and visibility, the graded code's output beside each verdict (shown, never read), and
// the implementation (path and content hash), the checkpoint's version and the time in both.
import type { GradeReport } from "./grade-implementation.js";
import { containmentLine } from "./host/containment.js";
import { escapeXml } from "./report.js";
import { countLine } from "./summary.js";
import type { RuleVerdict } from "./rules/types.js";

export interface RulesResultsJson {
  readonly score: number;
  readonly max_score: number;
  readonly execution_time: number;
  readonly output: string;
  readonly visibility: "visible";
  readonly extra_data: Readonly<Record<string, unknown>>;
  readonly tests: ReadonlyArray<{
    readonly name: string;
    readonly number: string;
    readonly score: number;
    readonly max_score: number;
    readonly status: "passed" | "failed";
    readonly visibility: RuleVerdict["visibility"];
    readonly output: string;
  }>;
}

/** The lines naming what was graded, by which checkpoint, when. */
export function reportHeader(report: GradeReport): string[] {
  return [
    `graded: ${report.implementation.path} (${report.implementation.kind}, sha256 ${report.implementation.hash})`,
    `checkpoint: ${report.checkpoint}; seed ${report.seed}; started ${report.startedAt}; graded code ran as ${report.ranAs}`,
    containmentLine(report.containment),
    ...(report.nodeCopied === undefined ? [] : [`node: the graded code ran on ${report.nodeCopied}`]),
  ];
}

function testOutput(verdict: RuleVerdict): string {
  const printed = verdict.output.trim();
  return printed === ""
    ? verdict.line
    : `${verdict.line}\n\nwhat the graded code printed (shown, never read as a verdict):\n${printed}`;
}

export function gradeResultsJson(report: GradeReport, extra: readonly RuleVerdict[] = []): RulesResultsJson {
  const verdicts = [...report.verdicts, ...extra];
  const score = verdicts.reduce((sum, verdict) => sum + verdict.score, 0);
  const max = verdicts.reduce((sum, verdict) => sum + verdict.points, 0);
  const compile =
    report.compileErrors.length > 0
      ? [`the compiler reported ${report.compileErrors.length} error(s):`, ...report.compileErrors.slice(0, 20)]
      : [];
  return {
    score,
    max_score: max,
    execution_time: Math.round(report.seconds * 1000) / 1000,
    output: [...reportHeader(report), countLine(verdicts), ...compile].join("\n"),
    visibility: "visible",
    extra_data: {
      implementation: report.implementation,
      checkpoint: report.checkpoint,
      started_at: report.startedAt,
      seed: report.seed,
      ran_as: report.ranAs,
      containment: report.containment.kind,
      file_containment: report.containment.files.kind,
    },
    tests: verdicts.map((verdict, index) => ({
      name: `${verdict.rule}: ${verdict.title}`,
      number: String(index + 1),
      score: verdict.score,
      max_score: verdict.points,
      status: verdict.ok ? "passed" : "failed",
      visibility: verdict.visibility,
      output: testOutput(verdict),
    })),
  };
}

export function gradeJunitXml(
  report: GradeReport,
  extra: readonly RuleVerdict[] = [],
  suite = "ch14-checkpoint",
): string {
  const verdicts = [...report.verdicts, ...extra];
  const failures = verdicts.filter((verdict) => !verdict.ok).length;
  const skipped = verdicts.filter((verdict) => verdict.status === "not-applicable").length;
  const seconds = (ms: number) => Math.round(ms) / 1000;
  const counts = `tests="${verdicts.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(report.seconds * 1000)}"`;
  const properties = [
    ["implementation", report.implementation.path],
    ["implementation.sha256", report.implementation.hash],
    ["checkpoint", report.checkpoint],
    ["seed", String(report.seed)],
    ["started", report.startedAt],
    ["containment", report.containment.says],
    ["file-containment", report.containment.files.says],
  ].map(([name, value]) => `      <property name="${escapeXml(name!)}" value="${escapeXml(value!)}"/>`);
  const cases = verdicts.map((verdict) => {
    const open = `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(verdict.rule)}" time="${seconds(verdict.ms)}">`;
    const out = verdict.output.trim() === "" ? "" : `\n      <system-out>${escapeXml(verdict.output)}</system-out>`;
    if (verdict.status === "not-applicable")
      return `${open}\n      <skipped message="${escapeXml(verdict.line)}"/>${out}\n    </testcase>`;
    if (verdict.ok) return `${open}${out}\n    </testcase>`;
    const message = verdict.line.length > 200 ? `${verdict.line.slice(0, 199)}…` : verdict.line;
    return `${open}\n      <failure message="${escapeXml(message)}" type="${verdict.status === "not-graded" ? "NotGraded" : "RuleFailed"}">${escapeXml(verdict.line)}</failure>${out}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suite)}" ${counts}>`,
    `  <testsuite name="${escapeXml(suite)}" ${counts} timestamp="${report.startedAt.slice(0, 19)}">`,
    "    <properties>",
    ...properties,
    "    </properties>",
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

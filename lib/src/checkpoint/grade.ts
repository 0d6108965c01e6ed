// From what the notebook printed to graded tests: one per check, one per hidden line, and a
// failing "notebook ran clean" when a cell errored, was aborted or did not run.
import { CHECKPOINT_CHECKS } from "./checks.js";
import { oneLine, type CheckSpec } from "./harness.js";
import { CHECK_TAG, HIDDEN_TAG, type CellReport, type NotebookRunReport } from "./notebook-run.js";
import type { GradedTest } from "./report.js";

export function gradeRun(run: NotebookRunReport, checks: readonly Pick<CheckSpec, "name">[] = CHECKPOINT_CHECKS): GradedTest[] {
  const checkCells = run.cells.filter((cell) => cell.tags.includes(CHECK_TAG));
  const tests: GradedTest[] = checks.map((check, position) => {
    const cell = checkCells[position];
    const line = cell?.lines[0];
    if (line === undefined) {
      return { name: check.name, ok: false, output: `FAIL ${check.name}: the notebook printed no line for this check${whyNot(run, cell)}` };
    }
    return withSeconds({ name: check.name, ok: line.startsWith("ok"), output: line }, cell?.seconds);
  });
  for (const cell of run.cells.filter((each) => each.tags.includes(HIDDEN_TAG))) {
    const label = `hidden ${cell.hiddenFile ?? `cell ${cell.index}`}`;
    if (cell.lines.length === 0) {
      tests.push({ name: label, ok: false, output: `FAIL ${label}: printed no ok or FAIL line${whyNot(run, cell)}` });
      continue;
    }
    cell.lines.forEach((line, position) => {
      const name = cell.lines.length === 1 ? label : `${label} #${position + 1}`;
      tests.push(withSeconds({ name, ok: line.startsWith("ok"), output: line }, cell.lines.length === 1 ? cell.seconds : undefined));
    });
  }
  if (!run.clean) tests.push({ name: "notebook ran clean", ok: false, output: `FAIL notebook: ${notebookProblem(run)}` });
  return tests;
}

function withSeconds(test: GradedTest, seconds: number | undefined): GradedTest {
  return seconds === undefined ? test : { ...test, seconds };
}

/** " (cell 4 error: TypeError: ...)" for a cell the runner counted as failed, else "". */
function whyNot(run: NotebookRunReport, cell: CellReport | undefined): string {
  const failure = cell ? run.failures.find((each) => each.index === cell.index) : undefined;
  if (failure === undefined) return cell === undefined && !run.clean ? " (the notebook did not run)" : "";
  const said = firstMeaningfulLine(failure.stderr);
  return ` (cell ${failure.index} ${failure.status}${said ? `: ${said}` : ""})`;
}

function notebookProblem(run: NotebookRunReport): string {
  if (run.failures.length === 0) return oneLine(run.runnerError.split("\n").slice(0, 3).join("\n"));
  const first = run.failures[0]!;
  const said = firstMeaningfulLine(first.stderr);
  const more = run.failures.length > 1 ? `; ${run.failures.length - 1} more cell(s) failed or did not run` : "";
  return oneLine(`cell ${first.index} (${first.status}) ${first.source}${said ? `: ${said}` : ""}${more}`);
}

/** tslab's stderr for a failed cell: the line naming the error, not the source excerpt above it. */
function firstMeaningfulLine(stderr: string): string {
  const lines = stderr.split("\n").map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("at "));
  return lines.find((line) => /^(\w*Error|Error)\b|error TS\d+/u.test(line)) ?? lines[0] ?? "";
}

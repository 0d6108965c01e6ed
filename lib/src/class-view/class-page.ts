// The class view: a table of learners (id, score, status, the first rule each missed, a link to
// their feedback), sortable by any column, and the gradebook's three charts, drawn to SVG in Node
// like every other chart of the workbook, on one HTML page that needs no network (class.html,
// written beside grades.csv; the table sorts with a few lines of inline script and reads in
// order without them), and the specs themselves for a notebook cell to show.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { TopLevelSpec } from "vega-lite";
import { CHART_FONT } from "../charts/chart-style.js";
import { renderSvg } from "../charts/render.js";
import { DataError } from "../errors/data-error.js";
import { EXERCISE_RULES } from "../grading/checkpoint/rules/exercise-rules.js";
import { RULES } from "../grading/checkpoint/rules/index.js";
import { firstFailed, firstFailedChart, gradedRows, passShareChart, scoreChart } from "./class-charts.js";
import { readGradebook, type Gradebook, type GradebookRule } from "./gradebook-reader.js";

/** The checkpoint's rules (and the exercises'), in its order: the columns a gradebook may hold. */
export const CHECKPOINT_RULES: readonly GradebookRule[] = [...RULES, ...EXERCISE_RULES].map(({ id, points }) => ({
  id,
  points,
}));

export interface ClassViewOptions {
  /** Printed under every chart's title: where the gradebook comes from. */
  readonly source?: string;
  /** The rules whose columns count (default: the checkpoint's). */
  readonly rules?: readonly GradebookRule[];
}

export interface ClassView {
  readonly gradebook: Gradebook;
  readonly specs: { readonly scores: TopLevelSpec; readonly passing: TopLevelSpec; readonly firstFailed: TopLevelSpec };
  /** A page with the charts as inline SVG: no script, no network. */
  readonly html: string;
}

const escape = (text: string): string =>
  text.replace(/&/gu, "&amp;").replace(/</gu, "&lt;").replace(/>/gu, "&gt;").replace(/"/gu, "&quot;");

/** The class view of the gradebook `csvText`; a DataError when the text is no gradebook. */
export async function classView(csvText: string, options: ClassViewOptions = {}): Promise<ClassView> {
  const gradebook = readGradebook(csvText, options.rules ?? CHECKPOINT_RULES);
  const text = { source: options.source ?? "gradebook: grades.csv" };
  const specs = {
    scores: scoreChart(gradebook, text),
    passing: passShareChart(gradebook, text),
    firstFailed: firstFailedChart(gradebook, text),
  };
  const [scores, passing, firstFailed] = await Promise.all([
    renderSvg(specs.scores),
    renderSvg(specs.passing),
    renderSvg(specs.firstFailed),
  ]);
  return { gradebook, specs, html: classPage(gradebook, text.source, { scores, passing, firstFailed }) };
}

/** Where a learner's feedback lies from class.html: OUT/learners/<id>/feedback.txt, the id as one path segment. */
export function feedbackHref(learner: string): string {
  return `learners/${encodeURIComponent(learner)}/feedback.txt`;
}

/** The table's rows, in the gradebook's order (by id): what each cell shows and the key it sorts by. */
export function learnerTable(gradebook: Gradebook): Array<{
  learner: string;
  score: { shown: string; key: number };
  status: string;
  firstMissed: string;
  feedback: string | undefined;
}> {
  return gradebook.rows.map((row) => {
    const graded = row.status === "graded";
    return {
      learner: row.learner,
      // Not graded sorts below every score, 0 included.
      score: graded
        ? { shown: `${row.score} of ${row.max}`, key: row.max === 0 ? 0 : row.score / row.max }
        : { shown: "", key: -1 },
      status: row.status,
      firstMissed: graded ? (firstFailed(gradebook, row) ?? "none") : "",
      feedback: graded ? feedbackHref(row.learner) : undefined,
    };
  });
}

/** Sorts the table by the clicked column (again: the other way); numbers by data-key, text by its words. */
const SORT_SCRIPT = `
for (const table of document.querySelectorAll("table.sortable")) {
  const body = table.tBodies[0];
  table.querySelectorAll("th button").forEach((button, column) => {
    button.addEventListener("click", () => {
      const th = button.parentElement;
      const ascending = th.getAttribute("aria-sort") !== "ascending";
      for (const other of table.querySelectorAll("th")) other.removeAttribute("aria-sort");
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const key = (row) => row.cells[column].dataset.key ?? row.cells[column].textContent;
      const numeric = th.dataset.type === "number";
      const rows = [...body.rows].sort((a, b) => {
        const order = numeric ? Number(key(a)) - Number(key(b)) : key(a).localeCompare(key(b));
        return ascending ? order : -order;
      });
      body.append(...rows);
    });
  });
}
`;

function classPage(
  gradebook: Gradebook,
  source: string,
  svgs: { scores: string; passing: string; firstFailed: string },
): string {
  const graded = gradedRows(gradebook);
  const notGraded = gradebook.rows.filter((row) => row.status !== "graded");
  const max = Math.max(0, ...graded.map((row) => row.max));
  const full = graded.filter((row) => row.score >= row.max).length;
  const summary = `${gradebook.rows.length} learner${gradebook.rows.length === 1 ? "" : "s"}: ${graded.length} graded, ${full} with full marks (${max} points)${notGraded.length > 0 ? `, ${notGraded.length} not graded` : ""}.`;
  const figure = (id: string, svg: string): string =>
    `<figure id="${id}">${svg.replace(/^<\?xml[^>]*>\s*/u, "")}</figure>`;
  const header = (label: string, type: "text" | "number"): string =>
    `<th data-type="${type}"><button type="button">${label}</button></th>`;
  const rows = learnerTable(gradebook)
    .map(
      (row) =>
        `<tr><td>${escape(row.learner)}</td><td data-key="${row.score.key}">${escape(row.score.shown)}</td>` +
        `<td>${escape(row.status)}</td><td>${escape(row.firstMissed)}</td>` +
        `<td>${row.feedback === undefined ? "" : `<a href="${escape(row.feedback)}">feedback</a>`}</td></tr>`,
    )
    .join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Class view: ${escape(source)}</title>
<style>
  body { font-family: ${CHART_FONT}; margin: 16px; max-width: 1240px; color: #222; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  h2 { font-size: 16px; }
  p { margin: 4px 0 12px; }
  .charts { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
  figure { margin: 0; }
  figure svg { max-width: 100%; height: auto; }
  table { border-collapse: collapse; margin-bottom: 16px; }
  td, th { border: 1px solid #ccc; padding: 2px 8px; text-align: left; vertical-align: top; }
  td:nth-child(3) { max-width: 520px; }
  th button { font: inherit; font-weight: bold; border: 0; background: none; padding: 0; cursor: pointer; }
  th[aria-sort="ascending"] button::after { content: " \\25B2"; }
  th[aria-sort="descending"] button::after { content: " \\25BC"; }
</style>
</head>
<body>
<h1>Class view</h1>
<p>${escape(source)}. ${escape(summary)}</p>
<h2>Learners</h2>
<p>Click a column's name to sort by it (again for the other way). A rule that did not apply to a learner is never the one they missed.</p>
<table id="learners" class="sortable">
<thead><tr>${header("learner", "text")}${header("score", "number")}${header("status", "text")}${header("first rule missed", "text")}<th>feedback</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<div class="charts">
${figure("scores", svgs.scores)}
${figure("first-failed", svgs.firstFailed)}
${figure("passing", svgs.passing)}
</div>
<script>${SORT_SCRIPT}</script>
</body>
</html>
`;
}

/** Reads `gradesCsv` and writes class.html beside it (a temporary file, then a rename); returns the page's path. */
export async function writeClassPage(gradesCsv: string, options: ClassViewOptions = {}): Promise<string> {
  let text: string;
  try {
    text = readFileSync(gradesCsv, "utf8");
  } catch (error) {
    throw new DataError(
      "unreadable",
      { what: `cannot read the gradebook ${gradesCsv}`, expected: "a readable grades.csv", received: String(error) },
      { cause: error },
    );
  }
  const view = await classView(text, { source: `gradebook: ${gradesCsv}`, ...options });
  const page = join(dirname(gradesCsv), "class.html");
  const temporary = `${page}.${process.pid}.tmp`;
  writeFileSync(temporary, view.html);
  renameSync(temporary, page);
  return page;
}

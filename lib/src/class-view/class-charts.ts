// What a class's gradebook says an instructor should teach again, as three vega-lite charts: how
// the scores spread, what share of the class passes each rule, and which rule a learner fails
// first (in the checkpoint's order: the rule to teach before the others). The numbers are plain
// functions of the gradebook, tested on their own; the specs only draw them.
import type { TopLevelSpec } from "vega-lite";
import { CHART_CONFIG, VEGA_LITE_SCHEMA } from "../charts/chart-style.js";
import { CHART_PALETTE } from "../charts/models.js";
import type { Gradebook, GradebookRow } from "./gradebook-reader.js";

/** Learners the checkpoint graded: the charts count them; the rest are listed by status. */
export function gradedRows(book: Gradebook): GradebookRow[] {
  return book.rows.filter((row) => row.status === "graded");
}

export interface ScoreBin {
  /** Scores from `from` (included) to `to` (excluded; the last bin includes the maximum). */
  readonly from: number;
  readonly to: number;
  readonly learners: number;
}

/** Scores in bins of `step` points from 0 to the largest max: every graded learner in exactly one. */
export function scoreBins(book: Gradebook): { bins: ScoreBin[]; step: number; max: number } {
  const rows = gradedRows(book);
  const max = Math.max(1, ...rows.map((row) => row.max));
  const step = Math.max(1, Math.ceil(max / 20));
  const count = Math.ceil(max / step);
  const bins = Array.from({ length: count }, (_, index) => ({
    from: index * step,
    to: Math.min(max, (index + 1) * step),
    learners: 0,
  }));
  for (const row of rows) {
    const index = Math.min(count - 1, Math.max(0, Math.floor(row.score / step)));
    bins[index] = { ...bins[index]!, learners: bins[index]!.learners + 1 };
  }
  return { bins, step, max };
}

export interface RuleShare {
  readonly rule: string;
  /** Learners who earned the rule's full points. */
  readonly passed: number;
  /** Graded learners the rule applied to. */
  readonly graded: number;
  readonly share: number;
}

/**
 * For each rule, in order, the share of graded learners it applied to who passed it. A rule that
 * applied to nobody (costs-recompute where no receipt holds a paid row) has no share: it is left
 * out, not drawn as a rule nobody passed.
 */
export function ruleShares(book: Gradebook): RuleShare[] {
  const rows = gradedRows(book);
  return book.rules
    .map((rule) => {
      const applied = rows.filter((row) => row.points.has(rule.id));
      const passed = applied.filter((row) => row.points.get(rule.id)! >= rule.points).length;
      return {
        rule: rule.id,
        passed,
        graded: applied.length,
        share: applied.length === 0 ? 0 : passed / applied.length,
      };
    })
    .filter((share) => share.graded > 0);
}

/**
 * A count axis: whole numbers only, each once. Ticks at a whole step (at most about eight of them)
 * from 0 to the first multiple of the step at or above `top`, which is where the scale ends; vega's
 * own ticks for a small count fall on halves, which a whole-number format printed as 0, 1, 1, 2, 2.
 */
export function countAxis(top: number): { domain: [number, number]; values: number[] } {
  const step = Math.max(1, Math.ceil(Math.max(1, top) / 8));
  const end = Math.ceil(Math.max(1, top) / step) * step;
  return { domain: [0, end], values: Array.from({ length: end / step + 1 }, (_, index) => index * step) };
}

/** The first rule, in the gradebook's rule order, that `row` did not pass; undefined when it passed all. */
export function firstFailed(book: Gradebook, row: GradebookRow): string | undefined {
  return book.rules.find((rule) => row.points.has(rule.id) && row.points.get(rule.id)! < rule.points)?.id;
}

/** How many graded learners fail each rule first, most first (ties in rule order); rules nobody fails first are left out. */
export function firstFailures(book: Gradebook): { rule: string; learners: number }[] {
  const counts = new Map<string, number>();
  for (const row of gradedRows(book)) {
    const rule = firstFailed(book, row);
    if (rule !== undefined) counts.set(rule, (counts.get(rule) ?? 0) + 1);
  }
  const order = book.rules.map((rule) => rule.id);
  return [...counts]
    .map(([rule, learners]) => ({ rule, learners }))
    .sort((a, b) => b.learners - a.learners || order.indexOf(a.rule) - order.indexOf(b.rule));
}

/** Pixels per rule on the rule charts: room for an 11 px label. */
const ROW_PX = 18;
/** Wide enough to read, narrow enough for two of the page's columns on a 1280 px screen. */
const WIDTH = 420;

const SCORE_COLOR = CHART_PALETTE[0];
const PASS_COLOR = CHART_PALETTE[2];
const FAIL_COLOR = CHART_PALETTE[4];

function frame(title: string, subtitle: string[], description: string) {
  return { $schema: VEGA_LITE_SCHEMA, title: { text: title, subtitle }, description, config: CHART_CONFIG } as const;
}

export interface ClassChartText {
  /** Where the numbers come from, printed under every title ("gradebook: OUT/grades.csv", "made-up example: ..."). */
  readonly source: string;
}

export function scoreChart(book: Gradebook, text: ClassChartText): TopLevelSpec {
  const { bins, step, max } = scoreBins(book);
  const graded = gradedRows(book).length;
  const learnersAxis = countAxis(Math.max(0, ...bins.map((bin) => bin.learners)));
  return {
    ...frame(
      "Scores across the class",
      [
        text.source,
        `${graded} learner${graded === 1 ? "" : "s"} graded; bars of ${step} point${step === 1 ? "" : "s"}`,
      ],
      `How many learners scored in each band of ${step} points, from 0 to ${max}.`,
    ),
    width: WIDTH,
    height: 220,
    data: { values: bins },
    mark: { type: "bar", color: SCORE_COLOR, binSpacing: 1 },
    encoding: {
      x: {
        field: "from",
        type: "quantitative",
        bin: { binned: true, step },
        title: `Score (points, of ${max})`,
        scale: { domain: [0, max] },
      },
      x2: { field: "to" },
      y: {
        field: "learners",
        type: "quantitative",
        title: "Learners",
        scale: { domain: learnersAxis.domain },
        axis: { values: learnersAxis.values, format: "d" },
      },
      tooltip: [
        { field: "from", title: "from" },
        { field: "to", title: "to" },
        { field: "learners", title: "learners" },
      ],
    },
  };
}

export function passShareChart(book: Gradebook, text: ClassChartText): TopLevelSpec {
  const shares = ruleShares(book).map((each) => ({
    ...each,
    label: `${each.passed} of ${each.graded}`,
  }));
  return {
    ...frame(
      "Share of the class passing each rule",
      [
        text.source,
        "in the checkpoint's order; a rule that did not apply to a learner is left out of its share, one that applied to nobody is not drawn",
      ],
      "For each rule, the share of graded learners who earned its points, with the count.",
    ),
    width: WIDTH,
    height: Math.max(ROW_PX, shares.length * ROW_PX),
    data: { values: shares },
    encoding: {
      y: { field: "rule", type: "nominal", sort: shares.map((each) => each.rule), title: null },
    },
    layer: [
      {
        mark: { type: "bar", color: PASS_COLOR },
        encoding: {
          x: {
            field: "share",
            type: "quantitative",
            title: "Share of graded learners who passed (0 to 1)",
            scale: { domain: [0, 1] },
          },
        },
      },
      {
        mark: { type: "text", align: "left", dx: 4, fontSize: 11 },
        encoding: { x: { field: "share", type: "quantitative" }, text: { field: "label" } },
      },
    ],
  };
}

export function firstFailedChart(book: Gradebook, text: ClassChartText): TopLevelSpec {
  const counts = firstFailures(book);
  const failing = counts.reduce((sum, each) => sum + each.learners, 0);
  const learnersAxis = countAxis(Math.max(0, ...counts.map((each) => each.learners)));
  return {
    ...frame(
      "The rule learners fail first",
      [
        text.source,
        failing === 0
          ? "every graded learner passed every rule"
          : `${failing} learner${failing === 1 ? "" : "s"} failed a rule; each counted once, at the first in the checkpoint's order`,
      ],
      "For each rule, how many learners failed it before any other, most first.",
    ),
    width: WIDTH,
    height: Math.max(ROW_PX, counts.length * ROW_PX),
    data: { values: counts },
    encoding: {
      y: { field: "rule", type: "nominal", sort: counts.map((each) => each.rule), title: null },
    },
    layer: [
      {
        mark: { type: "bar", color: FAIL_COLOR },
        encoding: {
          x: {
            field: "learners",
            type: "quantitative",
            title: "Learners who fail it first",
            scale: { domain: learnersAxis.domain },
            axis: { values: learnersAxis.values, format: "d" },
          },
        },
      },
      {
        mark: { type: "text", align: "left", dx: 4, fontSize: 11 },
        encoding: { x: { field: "learners", type: "quantitative" }, text: { field: "learners" } },
      },
    ],
  };
}

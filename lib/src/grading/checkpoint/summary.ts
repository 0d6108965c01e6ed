// The checkpoint's summary: what a learner reads first. The rules are grouped under the chapter's
// six expected observations ("Expected observations and learner verification": six lines, each
// beginning ok), so a run can be held against the chapter line by line; then the score, the rules
// that failed, and the one place to look first. Built from verdicts only, never from output.
import { RULES } from "./rules/index.js";
import type { ObservationNumber, RuleVerdict } from "./rules/types.js";

export interface Observation {
  /** 1 to 6, the chapter's order. */
  readonly number: ObservationNumber;
  /** The observation, in our words. */
  readonly says: string;
  /** The rules that stand behind it. */
  readonly rules: readonly string[];
}

/** The chapter's six expected observations, in our words; which rules stand behind each, each rule says (Rule.observation). */
const SAYS: Readonly<Record<ObservationNumber, string>> = {
  1: "framing and identity hold",
  2: "handshake, discovery and one allowed call work; the advertised purchase never reaches the server's log",
  3: "every failure mode ends without a result",
  4: "closing the client ends the server's whole process group, grandchild included",
  5: "the negative control: without the allowlist the server does log the purchase",
  6: "the receipts' tables, the BM25 search and paid costs recompute from their rows",
};

/** The six observations and the rules behind each, in RULES order; every built-in rule is under exactly one. */
export const OBSERVATIONS: readonly Observation[] = ([1, 2, 3, 4, 5, 6] as const).map((number) => ({
  number,
  says: SAYS[number],
  rules: RULES.filter((rule) => rule.observation === number).map((rule) => rule.id),
}));

export type ObservationStatus = "ok" | "FAIL" | "n/a" | "not graded here";

export interface ObservationResult {
  readonly observation: Observation;
  readonly status: ObservationStatus;
  readonly verdicts: readonly RuleVerdict[];
  /** Rule ids that did not pass (failed or not graded). */
  readonly failing: readonly string[];
}

export interface CheckpointSummary {
  readonly score: number;
  /** Points of the applicable rules (a not-applicable rule counts 0 of 0). */
  readonly possible: number;
  readonly observations: readonly ObservationResult[];
  /** Rules of this run under no observation (exercises, hidden rules). */
  readonly others: readonly RuleVerdict[];
  readonly failing: readonly RuleVerdict[];
  readonly notApplicable: readonly RuleVerdict[];
  /** The first visible rule that failed outright (else the first not graded), in the order the run met them. */
  readonly lookFirst: RuleVerdict | undefined;
  /** Rules whose line shows only ok or FAIL: seeded rules graded with a seed (a class), and hidden rules. */
  readonly hidden: readonly RuleVerdict[];
  /** Hidden rules that did not pass before `lookFirst` in the run's order (every one, when nothing visible failed). */
  readonly hiddenBefore: readonly RuleVerdict[];
}

function statusOf(verdicts: readonly RuleVerdict[]): ObservationStatus {
  if (verdicts.length === 0) return "not graded here";
  if (verdicts.some((verdict) => !verdict.ok)) return "FAIL";
  if (verdicts.every((verdict) => verdict.status === "not-applicable")) return "n/a";
  return "ok";
}

export function summarize(verdicts: readonly RuleVerdict[]): CheckpointSummary {
  const observed = new Set(OBSERVATIONS.flatMap((observation) => observation.rules));
  const failing = verdicts.filter((verdict) => !verdict.ok);
  // A hidden rule's where would say what it checks: only a visible rule is pointed at.
  const lookFirst =
    failing.find((verdict) => verdict.status === "failed" && verdict.visibility === "visible") ??
    failing.find((verdict) => verdict.visibility === "visible");
  const end = lookFirst === undefined ? verdicts.length : verdicts.indexOf(lookFirst);
  return {
    score: verdicts.reduce((sum, verdict) => sum + verdict.score, 0),
    possible: verdicts.reduce((sum, verdict) => sum + verdict.points, 0),
    observations: OBSERVATIONS.map((observation) => {
      const mine = verdicts.filter((verdict) => observation.rules.includes(verdict.rule));
      return {
        observation,
        status: statusOf(mine),
        verdicts: mine,
        failing: mine.filter((verdict) => !verdict.ok).map((verdict) => verdict.rule),
      };
    }),
    others: verdicts.filter((verdict) => !observed.has(verdict.rule)),
    failing,
    notApplicable: verdicts.filter((verdict) => verdict.status === "not-applicable"),
    lookFirst,
    hidden: verdicts.filter((verdict) => verdict.visibility !== "visible"),
    hiddenBefore: verdicts.slice(0, end).filter((verdict) => !verdict.ok && verdict.visibility !== "visible"),
  };
}

/** When a hidden rule shows what it checked, by its visibility (Gradescope's values). */
const SHOWN_WHEN: Readonly<Record<Exclude<RuleVerdict["visibility"], "visible">, string>> = {
  after_due_date: "shows after the due date",
  after_published: "shows once grades are published",
  hidden: "stays with the grader",
};

/** "what it checked shows after the due date": when one hidden rule shows what it checked, in words. */
export function hiddenRuleNote(visibility: Exclude<RuleVerdict["visibility"], "visible">): string {
  return `what it checked ${SHOWN_WHEN[visibility]}`;
}

/** "what each checked shows after the due date", or each visibility's words with how many, when they differ. */
function shownWhen(verdicts: readonly RuleVerdict[]): string {
  const counts = new Map<string, number>();
  for (const verdict of verdicts)
    if (verdict.visibility !== "visible") {
      const when = SHOWN_WHEN[verdict.visibility];
      counts.set(when, (counts.get(when) ?? 0) + 1);
    }
  if (counts.size === 1) return `what ${verdicts.length === 1 ? "it" : "each"} checked ${[...counts.keys()][0]!}`;
  return `what they checked: ${[...counts].map(([when, count]) => `${count} ${when}`).join(", ")}`;
}

/**
 * What the hidden rules are, when there are any: a class grades each learner with a seed of their
 * own, and a rule judged on seeded inputs then keeps what it checked out of view until the due
 * date, so its line is only ok or FAIL. Said, so a learner does not read a bare FAIL as a fault here.
 */
function hiddenLine(hidden: readonly RuleVerdict[]): string | undefined {
  if (hidden.length === 0) return undefined;
  const notYet = hidden.filter((verdict) => !verdict.ok).length;
  return `hidden rules: ${hidden.length} (${notYet} not yet), each printed below only as ok or FAIL; ${shownWhen(hidden)}`;
}

/** Where to look first, saying so when a hidden rule failed before it (a learner cannot see where that one points). */
function lookFirstLine(summary: CheckpointSummary): string {
  const first = summary.lookFirst;
  const before = summary.hiddenBefore;
  const hiddenNote =
    before.length === 0
      ? ""
      : `; ${plural(before.length, "hidden rule")} (${before.map((verdict) => verdict.rule).join(", ")}) failed before it, which may be the place to start: ${shownWhen(before)}`;
  if (first !== undefined) return `look first at: ${first.where} (rule ${first.rule}; its line is below)${hiddenNote}`;
  if (before.length > 0)
    return `look first at: nothing you can see yet: ${plural(before.length, "hidden rule")} (${before.map((verdict) => verdict.rule).join(", ")}) failed; ${shownWhen(before)}`;
  return "look first at: nothing; every rule that applies passed";
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The summary as lines: the score, the six observations, what else ran, where to look first. */
export function summaryLines(summary: CheckpointSummary): string[] {
  const total = summary.observations.reduce((sum, each) => sum + each.verdicts.length, 0) + summary.others.length;
  const passed = total - summary.failing.length - summary.notApplicable.length;
  const lines = [
    `checkpoint: ${summary.score} of ${summary.possible} points; ${passed} of ${plural(total, "rule")} ok` +
      (summary.notApplicable.length > 0 ? `, ${summary.notApplicable.length} not applicable` : "") +
      (summary.failing.length > 0 ? `, ${summary.failing.length} not yet` : ""),
    "the chapter's six expected observations:",
  ];
  for (const { observation, status, verdicts, failing } of summary.observations) {
    const counted = verdicts.filter((verdict) => verdict.status !== "not-applicable").length;
    const detail =
      status === "not graded here"
        ? "(no rule of this run stands behind it)"
        : status === "n/a"
          ? `(not applicable: ${verdicts.map((verdict) => verdict.rule).join(", ")})`
          : status === "FAIL"
            ? `(${counted - failing.length} of ${plural(counted, "rule")} ok; not yet: ${failing.join(", ")})`
            : `(${plural(counted, "rule")} ok` +
              (counted < verdicts.length ? `; ${verdicts.length - counted} not applicable` : "") +
              ")";
    lines.push(`  ${observation.number}. ${status.padEnd(4)} ${observation.says} ${detail}`);
  }
  if (summary.others.length > 0) {
    const otherFailing = summary.others.filter((verdict) => !verdict.ok).map((verdict) => verdict.rule);
    lines.push(
      `  +  ${otherFailing.length > 0 ? "FAIL" : "ok  "} ${plural(summary.others.length, "further rule")} (exercises, hidden rules)` +
        (otherFailing.length > 0 ? `; not yet: ${otherFailing.join(", ")}` : ""),
    );
  }
  const hidden = hiddenLine(summary.hidden);
  if (hidden !== undefined) lines.push(hidden);
  lines.push(lookFirstLine(summary));
  return lines;
}

const COLOURS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(\s*(?:\d\.|\+)\s+)?FAIL\b/u, "\u001b[31m"],
  [/^(\s*(?:\d\.|\+)\s+)?ok\b/u, "\u001b[32m"],
  [/^(\s*(?:\d\.|\+)\s+)?n\/a\b/u, "\u001b[33m"],
];

/** A summary or rule line with its verdict word coloured (ANSI: Jupyter and terminals show it; the text is unchanged). */
export function colourLine(line: string): string {
  for (const [pattern, colour] of COLOURS) {
    const match = pattern.exec(line);
    if (match !== null) return `${colour}${line}\u001b[0m`;
  }
  return line;
}

/** "26 of 27 rules ok, 1 not applicable, 40 of 40 points": the count every report prints, a not-applicable rule never counted as ok. */
export function countLine(verdicts: readonly RuleVerdict[]): string {
  const notApplicable = verdicts.filter((verdict) => verdict.status === "not-applicable").length;
  const passed = verdicts.filter((verdict) => verdict.status === "passed").length;
  const score = verdicts.reduce((sum, verdict) => sum + verdict.score, 0);
  const max = verdicts.reduce((sum, verdict) => sum + verdict.points, 0);
  return `${passed} of ${verdicts.length} rules ok${notApplicable > 0 ? `, ${notApplicable} not applicable` : ""}, ${score} of ${max} points`;
}

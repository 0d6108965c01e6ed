// Complete tier only: grades every wrong implementation through each rule it touches, beside the reference.
// The grader tested by wrong implementations (checkpoints/wrong-implementations): each holds one
// plausible mistake and names its rule. Each must fail exactly that rule and the rules that depend
// on it, and pass every other; the reference must pass them all. Run in place (no kernel, no host
// per copy): a rule's result depends only on the exports it needs, and the probe shows a rule no
// other export, so a rule whose exports are the reference's own keeps the reference's verdict.
// Likewise for the copies built on the small client (small-client.js), which differ from the
// correct small client only in the answer to `mistakes.has(name)`: the correct one is graded with
// a set that records which rules ask about which mistake, and a rule that never asked about a
// copy's mistake would see the correct client's every step, so it keeps that client's verdict.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { inProcessProbe } from "../../../lib/src/grading/checkpoint/rules/in-process.js";
import { RULES } from "../../../lib/src/grading/checkpoint/rules/index.js";
import { runRules } from "../../../lib/src/grading/checkpoint/rules/run.js";
import { settledInOrder } from "../../../lib/src/grading/checkpoint/rules/settled.js";
import type { Rule, RuleVerdict } from "../../../lib/src/grading/checkpoint/rules/types.js";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";
import { directionProblem } from "../../support/direction.js";
import { readDoc } from "../../support/docs-pages.js";

const DIR = join(REPO_ROOT, "checkpoints", "wrong-implementations");
const load = createRequire(join(DIR, "index.js"));
// The copies require "mcp-workbook" (lib/dist); the reference they are compared with must be that same build.
const reference = load("mcp-workbook") as Record<string, unknown>;
// A copy judged only on the grader's own clock (its mistake shows along a deadline's whole range or
// in what a server sends during the wait) is graded in a host by clocked-deadlines.test.ts.
const WRONG = readdirSync(DIR)
  .filter((name) => name.endsWith(".js") && name !== "small-client.js")
  .filter((name) => (load(`./${name}`) as { onTheGradersClock?: boolean }).onTheGradersClock !== true)
  .sort();

/** The rules and every rule that depends on them, transitively. */
function withDependents(...ids: string[]): Set<string> {
  const closed = new Set(ids);
  for (let grew = true; grew;) {
    grew = false;
    for (const rule of RULES) {
      if (!closed.has(rule.id) && rule.dependsOn.some((dep) => closed.has(dep))) {
        closed.add(rule.id);
        grew = true;
      }
    }
  }
  return closed;
}

/** The correct small client's mistake set: it makes none, and notes which rule asked about which. */
class AskedMistakes {
  rule = "";
  readonly byRule = new Map<string, Set<string>>();
  has(mistake: string): boolean {
    const asked = this.byRule.get(this.rule) ?? new Set<string>();
    this.byRule.set(this.rule, asked.add(mistake));
    return false;
  }
}
const asked = new AskedMistakes();

/** The mistakes of a client built by small-client.js's withMistakes, else undefined. */
function mistakesOf(client: unknown): ReadonlySet<string> | undefined {
  const mistakes = (client as { mistakes?: unknown } | undefined)?.mistakes;
  return mistakes instanceof Set ? (mistakes as Set<string>) : undefined;
}

/** Whether `rule` can tell the export `name` of `impl` from the reference's (or the correct small client's). */
function tells(rule: Rule, impl: Record<string, unknown>, name: string): boolean {
  if (impl[name] === reference[name]) return false;
  const mistakes = name === "StdioClient" ? mistakesOf(impl[name]) : undefined;
  if (mistakes === undefined) return true;
  const askedHere = asked.byRule.get(rule.id) ?? new Set<string>();
  return [...mistakes].some((mistake) => askedHere.has(mistake));
}

/** Rules that can tell the copy from the reference, and the rules that depend on them. */
function affected(impl: Record<string, unknown>): Rule[] {
  const differs = new Set(
    RULES.filter((rule) => rule.needs.some((name) => tells(rule, impl, name))).map((rule) => rule.id),
  );
  const all = new Set([...differs].flatMap((id) => [...withDependents(id)]));
  return RULES.filter((rule) => all.has(rule.id));
}

/** Only the names a rule needs: what makes reusing the reference's verdict for the others sound. */
function restrict(impl: Record<string, unknown>, rule: Rule): Record<string, unknown> {
  return Object.fromEntries(rule.needs.map((name) => [name, impl[name]]));
}

async function verdictsFor(
  impl: Record<string, unknown>,
  rules: readonly Rule[],
  beforeEach?: (rule: Rule) => void,
): Promise<RuleVerdict[]> {
  const one = (rule: Rule): Promise<RuleVerdict> =>
    runRules({ rules: [rule], openProbe: () => Promise.resolve(inProcessProbe(restrict(impl, rule))) }).then(
      ([verdict]) => verdict!,
    );
  // A rule that mostly waits runs beside the others, as in a grading; not where each rule's
  // questions to the small client are noted (beforeEach), which needs one rule at a time.
  const beside = new Map(
    beforeEach === undefined
      ? rules.filter((rule) => rule.waits === true && rule.dependsOn.length === 0).map((rule) => [rule.id, one(rule)])
      : [],
  );
  const verdicts: RuleVerdict[] = [];
  for (const rule of rules) {
    beforeEach?.(rule);
    // One rule at a time, keeping earlier verdicts so dependents see their dependencies fail.
    const verdict = await (beside.get(rule.id) ?? one(rule));
    const failedDependency = rule.dependsOn.find((id) => verdicts.some((each) => each.rule === id && !each.ok));
    verdicts.push(failedDependency ? { ...verdict, ok: false, status: "not-graded", score: 0 } : verdict);
  }
  return verdicts;
}

interface Outcome {
  readonly file: string;
  readonly rule: string;
  /** Rules the same mistake breaks as well, each named with why in the copy (`alsoBreaks`). */
  readonly alsoBreaks: readonly string[];
  /** The small client's mistakes it makes, if it is built on the small client. */
  readonly mistakes: readonly string[];
  readonly failed: string[];
  readonly lines: string[];
}

const outcomes: Outcome[] = [];
let referenceVerdicts: RuleVerdict[] = [];
let smallClientVerdicts: RuleVerdict[] = [];

beforeAll(async () => {
  const { SmallClient } = load("./small-client.js") as {
    SmallClient: new (command: string[], options: unknown, mistakes: AskedMistakes) => object;
  };
  class CorrectSmallClient extends SmallClient {
    constructor(command: string[], options: unknown) {
      super(command, options, asked);
    }
  }
  const clientRules = RULES.filter((rule) => rule.needs.includes("StdioClient"));
  // The reference and the correct small client first: the copies' rules depend on what the latter asked.
  await Promise.all([
    verdictsFor(reference, RULES).then((verdicts) => void (referenceVerdicts = verdicts)),
    verdictsFor({ ...reference, StdioClient: CorrectSmallClient }, clientRules, (rule) => (asked.rule = rule.id)).then(
      (verdicts) => void (smallClientVerdicts = verdicts),
    ),
  ]);
  const copies = WRONG.map((file) => ({
    file,
    impl: load(`./${file}`) as Record<string, unknown> & { rule: string; alsoBreaks?: string[] },
  }));
  // The servers mostly wait, so three copies at a time fit two cores (failure-modes runs four servers of its own at once).
  let graded = 0;
  await settledInOrder(copies, 3, async ({ file, impl }) => {
    const rules = affected(impl);
    graded += rules.length;
    const verdicts = await verdictsFor(impl, rules);
    outcomes.push({
      file,
      rule: impl.rule,
      alsoBreaks: impl.alsoBreaks ?? [],
      mistakes: [...(mistakesOf(impl["StdioClient"]) ?? [])],
      failed: verdicts.filter((each) => !each.ok).map((each) => each.rule),
      lines: verdicts.filter((each) => !each.ok).map((each) => each.line),
    });
  });
  const caught = outcomes.filter(
    (outcome) =>
      [...withDependents(outcome.rule, ...outcome.alsoBreaks)].sort().join() === [...outcome.failed].sort().join(),
  ).length;
  console.log(`${caught} of ${outcomes.length} wrong implementations caught (${graded} rule runs for the copies)`);
}, 240_000);

describe("the wrong implementations", () => {
  it("the reference passes every rule", () => {
    expect(referenceVerdicts.filter((verdict) => !verdict.ok).map((verdict) => verdict.line)).toEqual([]);
    expect(referenceVerdicts).toHaveLength(RULES.length);
  });

  it("the small client they share passes every client rule when it makes no mistake", () => {
    expect(smallClientVerdicts.filter((verdict) => !verdict.ok).map((verdict) => verdict.line)).toEqual([]);
    expect(smallClientVerdicts.map((verdict) => verdict.rule)).toEqual(
      RULES.filter((rule) => rule.needs.includes("StdioClient")).map((rule) => rule.id),
    );
  });

  it("a copy built on the small client makes a mistake its own rule asks about", () => {
    const unasked = outcomes.flatMap((outcome) =>
      outcome.mistakes.length > 0 && !outcome.mistakes.some((mistake) => asked.byRule.get(outcome.rule)?.has(mistake))
        ? [`${outcome.file}: ${outcome.rule} never asks about ${outcome.mistakes.join(", ")}`]
        : [],
    );
    expect(outcomes.filter((outcome) => outcome.mistakes.length > 0).length).toBeGreaterThan(0);
    expect(unasked).toEqual([]);
  });

  it("are as many as the README says were caught", () => {
    expect(readDoc("graders")).toContain(
      `it prints \`${WRONG.length} of ${WRONG.length} wrong implementations caught\``,
    );
  });

  it("every FAIL line reads in one direction: what the rule expected, then what came, the graded code's words quoted", () => {
    const backwards = outcomes.flatMap((outcome) =>
      outcome.lines.flatMap((line) => {
        const problem = directionProblem(line);
        return problem === undefined ? [] : [`${outcome.file}: ${problem}: ${line}`];
      }),
    );
    expect(outcomes.flatMap((outcome) => outcome.lines).length).toBeGreaterThan(WRONG.length);
    expect(backwards).toEqual([]);
  });

  it("every rule has at least one wrong implementation", () => {
    // A copy judged on the grader's clock is graded in a host by its own test (clocked-deadlines,
    // clocked-close), its rule tested there.
    const clocked = readdirSync(DIR)
      .filter((name) => name.endsWith(".js") && name !== "small-client.js" && !WRONG.includes(name))
      .map((name) => (load(`./${name}`) as { rule: string }).rule);
    const tested = new Set([...outcomes.map((outcome) => outcome.rule), ...clocked]);
    // A rule that calls no export (costs-recompute judges the receipts, not the code) has no wrong
    // implementation: its wrong input is an edited receipt (test/checkpoint/summary.test.ts).
    const gradesCode = RULES.filter((rule) => rule.needs.length > 0);
    expect(gradesCode.map((rule) => rule.id).filter((id) => !tested.has(id))).toEqual([]);
  });

  it.each(WRONG)("%s fails its rule and the rules that depend on it, and nothing else", (file) => {
    const outcome = outcomes.find((each) => each.file === file)!;
    expect(RULES.some((rule) => rule.id === outcome.rule)).toBe(true);
    expect(outcome.alsoBreaks.every((id) => RULES.some((rule) => rule.id === id))).toBe(true);
    const expected = withDependents(outcome.rule, ...outcome.alsoBreaks);
    // The lines of rules it should have passed go into the diff: what failed there, not just that it did.
    const unexpected = outcome.lines.filter((_, index) => !expected.has(outcome.failed[index]!));
    expect({ file, failed: [...outcome.failed].sort(), unexpected }).toEqual({
      file,
      failed: [...expected].sort(),
      unexpected: [],
    });
    // Its own FAIL says the rule, what was expected, what came, and where to look.
    const own = outcome.lines.find((line) => line.startsWith(`FAIL ${outcome.rule}: `))!;
    expect(own).toMatch(/expected .+; received .+ \(look at: learner\/src\//u);
  });
});

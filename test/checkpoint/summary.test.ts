// The checkpoint's summary (lib/src/grading/checkpoint/summary.ts): the rules under the chapter's six
// expected observations, the score, what failed and where to look first; and the not-applicable
// verdict: costs-recompute with no paid row is n/a (ok, 0 of 0 points), and with a paid row (a
// fixture receipt, labeled as one, written to a temporary folder) it recomputes or FAILs.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { REFERENCE_IMPLEMENTATION } from "../../lib/src/grading/trials/implementation.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { costsRule, DEFAULT_EVIDENCE_DIR } from "../../lib/src/grading/checkpoint/rules/receipt-rules.js";
import { inProcessProbe } from "../../lib/src/grading/checkpoint/rules/in-process.js";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { runRules } from "../../lib/src/grading/checkpoint/rules/run.js";
import type { RuleVerdict } from "../../lib/src/grading/checkpoint/rules/types.js";
import {
  OBSERVATIONS,
  colourLine,
  countLine,
  summarize,
  summaryLines,
} from "../../lib/src/grading/checkpoint/summary.js";
import { ANTHROPIC_PRICES, costUsd } from "../../lib/src/experiment/providers/prices.js";
import { loadReceipt } from "../../lib/src/experiment/receipts/receipt-file.js";
import { makeReceipt } from "../../lib/src/experiment/receipts/summarize.js";

describe("the six observations", () => {
  it("are the chapter's six, and every built-in rule stands under exactly one", () => {
    expect(OBSERVATIONS.map((observation) => observation.number)).toEqual([1, 2, 3, 4, 5, 6]);
    const placed = OBSERVATIONS.flatMap((observation) => observation.rules);
    expect([...placed].sort()).toEqual(RULES.map((rule) => rule.id).sort());
    expect(new Set(placed).size).toBe(placed.length);
  });
});

const STATUSES = ["passed", "failed", "not-graded", "not-applicable"] as const;

function verdictFor(id: string, status: (typeof STATUSES)[number], visible: boolean): RuleVerdict {
  const rule = RULES.find((each) => each.id === id);
  const points = rule?.points ?? 1;
  return {
    name: id,
    rule: id,
    title: rule?.title ?? id,
    ok: status === "passed" || status === "not-applicable",
    status,
    points: status === "not-applicable" ? 0 : points,
    score: status === "passed" ? points : 0,
    visibility: visible ? "visible" : "hidden",
    where: `where-${id}`,
    hint: status === "passed" ? undefined : `where-${id}`,
    expected: undefined,
    received: undefined,
    line: `${status} ${id}`,
    output: "",
    ms: 0,
  };
}

const runs = fc
  .array(
    fc.record({
      id: fc.oneof(fc.constantFrom(...RULES.map((rule) => rule.id)), fc.constantFrom("ex1-costs", "hidden-zero-id")),
      status: fc.constantFrom(...STATUSES),
      visible: fc.boolean(),
    }),
    { maxLength: 40 },
  )
  .map((rows) => {
    const seen = new Set<string>();
    return rows
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .map((row) => verdictFor(row.id, row.status, row.visible));
  });

describe("summarize", () => {
  it("adds up the points, fails an observation exactly when one of its rules did not pass, and points at the first visible failure", () => {
    fc.assert(
      fc.property(runs, (verdicts) => {
        const summary = summarize(verdicts);
        expect(summary.score).toBe(verdicts.reduce((sum, each) => sum + each.score, 0));
        expect(summary.possible).toBe(verdicts.reduce((sum, each) => sum + each.points, 0));
        for (const result of summary.observations) {
          const mine = verdicts.filter((each) => result.observation.rules.includes(each.rule));
          const expected =
            mine.length === 0
              ? "not graded here"
              : mine.some((each) => !each.ok)
                ? "FAIL"
                : mine.every((each) => each.status === "not-applicable")
                  ? "n/a"
                  : "ok";
          expect(result.status).toBe(expected);
        }
        const visibleFailing = verdicts.filter((each) => !each.ok && each.visibility === "visible");
        expect(summary.lookFirst).toBe(visibleFailing.find((each) => each.status === "failed") ?? visibleFailing[0]);
        const lines = summaryLines(summary);
        expect(lines.filter((line) => /^ {2}\d\. /u.test(line))).toHaveLength(6);
        expect(lines[0]).toContain(`${summary.score} of ${summary.possible} points`);
        for (const each of summary.failing) expect(lines.join("\n")).toContain(each.rule);
        // a hidden rule's where never shows
        for (const each of verdicts.filter((verdict) => verdict.visibility === "hidden"))
          expect(lines.join("\n")).not.toContain(each.where);
        // hidden rules are counted, and look-first never passes over a failed hidden one without saying so
        const hidden = verdicts.filter((verdict) => verdict.visibility !== "visible");
        const hiddenLine = lines.find((line) => line.startsWith("hidden rules: "));
        if (hidden.length === 0) expect(hiddenLine).toBeUndefined();
        else
          expect(hiddenLine).toMatch(
            new RegExp(
              `^hidden rules: ${hidden.length} \\(${hidden.filter((each) => !each.ok).length} not yet\\)`,
              "u",
            ),
          );
        const end = summary.lookFirst === undefined ? verdicts.length : verdicts.indexOf(summary.lookFirst);
        for (const passedOver of verdicts.slice(0, end).filter((each) => !each.ok && each.visibility !== "visible"))
          expect(lines.at(-1)).toContain(passedOver.rule);
      }),
    );
  });

  it("says six ok lines and nothing to look at when every rule passes", () => {
    const lines = summaryLines(summarize(RULES.map((rule) => verdictFor(rule.id, "passed", true))));
    expect(lines.filter((line) => /^ {2}\d\. ok {3}/u.test(line))).toHaveLength(6);
    expect(lines.at(-1)).toBe("look first at: nothing; every rule that applies passed");
  });

  it("says how many rules are hidden until the due date, and that hidden rules failed before the section it points at", () => {
    // A class grades with a seed: rules judged on seeded inputs show only ok or FAIL until the due date.
    const afterDue = (verdict: RuleVerdict): RuleVerdict => ({ ...verdict, visibility: "after_due_date" });
    const [first, second, third, ...rest] = RULES;
    const verdicts = [
      afterDue(verdictFor(first!.id, "failed", true)),
      afterDue(verdictFor(second!.id, "passed", true)),
      verdictFor(third!.id, "failed", true),
      ...rest.map((rule) => verdictFor(rule.id, "passed", true)),
    ];
    const lines = summaryLines(summarize(verdicts));
    expect(lines).toContain(
      "hidden rules: 2 (1 not yet), each printed below only as ok or FAIL; what each checked shows after the due date",
    );
    expect(lines.at(-1)).toBe(
      `look first at: where-${third!.id} (rule ${third!.id}; its line is below); 1 hidden rule (${first!.id}) failed before it, which may be the place to start: what it checked shows after the due date`,
    );
    // Rules hidden in different ways say each way.
    const mixed = summaryLines(
      summarize([
        afterDue(verdictFor(first!.id, "failed", true)),
        { ...verdictFor(second!.id, "passed", true), visibility: "after_published" },
        verdictFor(third!.id, "passed", false),
      ]),
    );
    expect(mixed).toContain(
      "hidden rules: 3 (1 not yet), each printed below only as ok or FAIL; what they checked: 1 shows after the due date, 1 shows once grades are published, 1 stays with the grader",
    );
    // Nothing visible failed: look-first says only hidden rules did.
    const onlyHidden = summaryLines(
      summarize([afterDue(verdictFor(first!.id, "failed", true)), afterDue(verdictFor(second!.id, "failed", true))]),
    );
    expect(onlyHidden.at(-1)).toBe(
      `look first at: nothing you can see yet: 2 hidden rules (${first!.id}, ${second!.id}) failed; what each checked shows after the due date`,
    );
  });

  it("colours the verdict word only, leaving the text as it was", () => {
    for (const line of [
      "FAIL ids-exact: x",
      "ok framing",
      "n/a paid",
      "  3. FAIL every failure mode",
      "checkpoint: 3 of 4",
    ]) {
      expect(colourLine(line).replace(/\u001b\[\d+m/gu, "")).toBe(line);
    }
    expect(colourLine("FAIL x")).toMatch(/^\u001b\[31m/u);
    expect(colourLine("checkpoint: 3 of 4")).toBe("checkpoint: 3 of 4");
  });
});

describe("costs-recompute", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const probe = () => Promise.resolve(inProcessProbe({ ...REFERENCE_IMPLEMENTATION }));

  /** An evidence folder holding the catalog and one FIXTURE receipt with paid rows (a made-up run, labeled as such). */
  function fixtureEvidence(tamper: boolean): string {
    const dir = mkdtempSync(join(tmpdir(), "workbook-paid-fixture-"));
    dirs.push(dir);
    cpSync(join(DEFAULT_EVIDENCE_DIR, "catalog"), join(dir, "catalog"), { recursive: true });
    const baseline = loadReceipt(join(REPO_ROOT, "evidence", "receipts", "lexical-baseline.json"));
    const price = ANTHROPIC_PRICES[0]!;
    const rows = baseline.rows.slice(0, 3).map((row, index) => ({
      ...row,
      model: price.model,
      costUsd: costUsd(price, row.promptTokens, row.outputTokens) + (tamper && index === 1 ? 0.001 : 0),
    }));
    const receipt = makeReceipt(
      {
        ...baseline.run,
        provider: "fixture",
        providerLabel: "FIXTURE for the checkpoint's paid-cost test: made-up rows, not a run anyone paid for",
        model: price.model,
        prices: [
          {
            model: price.model,
            inputUsdPerMTok: price.inputUsdPerMTok,
            outputUsdPerMTok: price.outputUsdPerMTok,
            readOn: price.readOn,
            source: price.source,
            verified: price.verified,
          },
        ],
        spentUsd: rows.reduce((sum, row) => sum + row.costUsd, 0),
      },
      rows,
    );
    cpSync(join(REPO_ROOT, "evidence", "receipts"), join(dir, "receipts"), { recursive: true });
    writeFileSync(join(dir, "receipts", "FIXTURE-paid.json"), JSON.stringify(receipt));
    return dir;
  }

  it("is not applicable on the committed receipts, which hold no paid row: ok, 0 of 0 points", async () => {
    const [verdict] = await runRules({ rules: [costsRule()], openProbe: probe });
    expect(verdict).toMatchObject({ status: "not-applicable", ok: true, points: 0, score: 0 });
    expect(verdict!.line).toMatch(/^n\/a .*\(no paid rows to recompute/u);
  });

  it("recomputes a fixture receipt's paid rows, and fails one whose cost was edited", async () => {
    const [right] = await runRules({ rules: [costsRule(fixtureEvidence(false))], openProbe: probe });
    expect(right!.line).toMatch(/3 paid rows/u);
    expect(right).toMatchObject({ status: "passed", ok: true, score: 1 });
    const [edited] = await runRules({ rules: [costsRule(fixtureEvidence(true))], openProbe: probe });
    expect(edited).toMatchObject({ status: "failed", ok: false, score: 0 });
    expect(edited!.line).toMatch(/FIXTURE-paid\.json: .*'s cost/u);
  });
});

describe("countLine", () => {
  it("never counts a not-applicable rule as ok, and agrees with the summary's first line", () => {
    fc.assert(
      fc.property(runs, (verdicts) => {
        const line = countLine(verdicts);
        const passed = verdicts.filter((verdict) => verdict.status === "passed").length;
        expect(line.startsWith(`${passed} of ${verdicts.length} rules ok`)).toBe(true);
        const summary = summarize(verdicts);
        expect(line.endsWith(`${summary.score} of ${summary.possible} points`)).toBe(true);
      }),
    );
  });
});

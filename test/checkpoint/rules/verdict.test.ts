// One verdict and one failure shape for every check: a rule that passes, fails, or has nothing to
// check (not applicable: 0 points, ok, so neither the maximum nor the exit code moves).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CheckFailure } from "../../../lib/src/grading/trials/harness.js";
import { failureText, runRules, verdictLine } from "../../../lib/src/grading/checkpoint/rules/run.js";
import { failRule, notApplicable, type Rule } from "../../../lib/src/grading/checkpoint/rules/types.js";
import { directionProblem, ownWords } from "../../support/direction.js";
import { stubRule } from "../../support/stub-rule.js";

const rule = (id: string, body: Rule["body"]): Rule =>
  stubRule(id, body, { points: 2, where: "learner/src/messages.ts: answerFor" });

const run = (rules: Rule[]) =>
  runRules({
    rules,
    openProbe: () =>
      Promise.resolve({ probe: () => Promise.resolve({ ok: true, value: {} }), close: () => Promise.resolve("") }),
  });

describe("the one verdict", () => {
  it("passed, failed and not applicable, each with its points, score and line", async () => {
    const [passed, failed, none] = await run([
      rule("a", () => Promise.resolve("detail")),
      rule("b", () => failRule("answerFor(1, x)", "a refusal", "a result")),
      rule("c", () => Promise.resolve(notApplicable("no paid rows in evidence/"))),
    ]);
    expect(passed).toMatchObject({
      name: "a",
      rule: "a",
      ok: true,
      status: "passed",
      points: 2,
      score: 2,
      line: "ok a holds (detail)",
    });
    expect(failed).toMatchObject({
      name: "b",
      ok: false,
      status: "failed",
      points: 2,
      score: 0,
      expected: "a refusal",
      received: "a result",
      hint: "learner/src/messages.ts: answerFor",
    });
    expect(failed!.line).toBe(
      "FAIL b: answerFor(1, x): expected a refusal; received a result (look at: learner/src/messages.ts: answerFor)",
    );
    expect(none).toMatchObject({
      name: "c",
      ok: true,
      status: "not-applicable",
      points: 0,
      score: 0,
      line: "n/a c holds (no paid rows in evidence/)",
    });
  });

  it("failRule raises the one failure shape, CheckFailure, with what, expected and received", () => {
    let caught: unknown;
    try {
      failRule("what", "this", "that");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CheckFailure);
    expect(caught).toMatchObject({
      what: "what",
      expected: "this",
      received: "that",
      message: "what: expected this; received that",
    });
  });

  it("a FAIL line too long keeps what was received whole, cutting what was checked and what was expected", () => {
    // A clocked rule's FAIL was cut before its outcome: six sessions' deadlines and the margins came first.
    const words = fc.string({ unit: fc.constantFrom("a", "b", " ", ":"), maxLength: 400 });
    fc.assert(
      fc.property(
        words,
        words,
        fc.string({ unit: fc.constantFrom("x", "y", " "), maxLength: 300 }).map((inner) => `<${inner}>`),
        (what, expected, received) => {
          const failing = rule("deadline-per-operation", () => Promise.resolve(""));
          const text = failureText(failing, new CheckFailure(what, expected, received));
          const line = verdictLine(failing, false, text);
          expect(line).toContain(`; received ${received}`);
          expect(line.length).toBeLessThanOrEqual(520 + ` (look at: ${failing.where})`.length);
          if (`${what}: expected ${expected}; received ${received}`.length <= 500)
            expect(text).toBe(`${what}: expected ${expected}; received ${received}`);
        },
      ),
    );
  });

  it("a cut inside a quoted value closes the quote, so the line still reads expected, then received", () => {
    // CI: a reader's FAIL cut a shown frame mid-string, and the lone quote hid "expected" from the reader of the line.
    const quoted = fc
      .string({ unit: fc.constantFrom("a", '"', "\\", " ", ":", ";"), minLength: 60, maxLength: 200 })
      .map((inner) => JSON.stringify(inner));
    const plain = fc.string({ unit: fc.constantFrom("a", " ", ","), maxLength: 300 });
    fc.assert(
      fc.property(
        fc.array(fc.oneof(quoted, plain), { maxLength: 6 }),
        fc.array(quoted, { minLength: 1, maxLength: 3 }),
        fc.array(quoted, { minLength: 1, maxLength: 3 }),
        (parts, expected, received) => {
          const failing = rule("frame-limit-boundary", () => Promise.resolve(""));
          const said = new CheckFailure(
            parts.join(" "),
            `the frames [${expected.join(", ")}]`,
            `[${received.join(", ")}]`,
          );
          const line = verdictLine(failing, false, failureText(failing, said));
          expect(directionProblem(line)).toBeUndefined();
          // The grader's own words, quoted values set aside, still say both.
          expect(ownWords(line)).toMatch(/: expected the frames \[.*; received \[/u);
        },
      ),
    );
  });
});

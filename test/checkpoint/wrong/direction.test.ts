import { describe, expect, it } from "vitest";
import { directionProblem } from "../../support/direction.js";

describe("directionProblem: a FAIL line reads expected, then received", () => {
  it("accepts the grader's form, and a subject that uses the verb inside its own clause", () => {
    expect(directionProblem("FAIL x: callTool(): expected a DeadlineError; received a result")).toBeUndefined();
    expect(
      directionProblem("FAIL ids-fresh: the ids as the server received them: expected four ids; received [1, 2, 3]"),
    ).toBeUndefined();
    expect(
      directionProblem('FAIL x: y: expected ok; received it threw Error: "expected 3, received 4"'),
    ).toBeUndefined();
  });

  it("refuses a line that says what came before what was wanted, or either twice", () => {
    expect(directionProblem("FAIL x: received endless: expected the frame-limit refusal")).toMatch(/before/u);
    expect(directionProblem("FAIL x: y: received a result")).toMatch(/no "expected"/u);
    expect(directionProblem("FAIL x: expected a; received b; received c")).toMatch(/2 times/u);
  });
});

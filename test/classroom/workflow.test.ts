// The GitHub Classroom workflow the student copy carries, read as GitHub reads it: its `uses:`
// steps are only GitHub's checkout and Node and Classroom's reporter (listed here, never run), the
// grading is in its `run:` steps (run in a fresh student copy by `npm run test:classroom`), and
// its Node line is ours and the Gradescope bundle's. The score step's conversion is tested here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classroomResult } from "../../lib/src/grading/checkpoint/classroom-result.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { DataError } from "../../lib/src/errors/data-error.js";
import { workflowSteps } from "../support/classroom-workflow.js";

/** The lowest Node major `engines` accepts: its range lists lines ("^20.10.0 || ^22.0.0 || >=26.0.0"). */
const nodeFloor = (): number => Math.min(...engineLines());

/** The Node majors `engines` names, one per line of its range. */
const engineLines = (): number[] =>
  (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { engines: { node: string } }).engines.node
    .split("||")
    .map((line) => Number(/(\d+)/u.exec(line)![1]));

describe("the Classroom workflow", () => {
  it("uses only checkout, Node and Classroom's reporter; grades in run steps", () => {
    const steps = workflowSteps();
    expect(steps.flatMap((step) => (step.uses === undefined ? [] : [step.uses]))).toEqual([
      "actions/checkout@v4",
      "actions/setup-node@v4",
      "classroom-resources/autograding-grading-reporter@v1",
    ]);
    const runs = steps.flatMap((step) => (step.run === undefined ? [] : [step.run]));
    expect(runs[0]).toMatch(/^npm ci\b/u);
    expect(runs.some((run) => run.includes("npm run checkpoint -- --notebook notebooks/ch14-part-b-build.ipynb"))).toBe(
      true,
    );
    expect(runs.at(-1)).toMatch(/^node scripts\/classroom\/score\.cjs /u);
  });

  it("runs the Node line the workbook and the Gradescope bundle run", () => {
    const setupNode = workflowSteps().find((step) => step.uses?.startsWith("actions/setup-node@"));
    expect(Number(setupNode?.with?.["node-version"])).toBe(nodeFloor());
    // The bundle's setup.sh installs the Node that scripts/containers/install-node.sh pins: a line
    // `engines` names, the floor or above.
    const gradescope = readFileSync(join(REPO_ROOT, "scripts", "autograder", "setup.sh"), "utf8");
    expect(gradescope).toMatch(/^bash install-node\.sh /mu);
    const installer = readFileSync(join(REPO_ROOT, "scripts", "containers", "install-node.sh"), "utf8");
    const major = Number(/^NODE_VERSION=(\d+)\./mu.exec(installer)?.[1]);
    expect(major).toBeGreaterThanOrEqual(nodeFloor());
    expect(engineLines()).toContain(major);
  });
});

describe("classroomResult", () => {
  const test = fc.record({
    name: fc.string({ minLength: 1 }),
    max_score: fc.integer({ min: 0, max: 3 }),
    passed: fc.boolean(),
    output: fc.string(),
  });
  it("keeps the score, the maximum and each test's verdict; passes only when every test passed", () => {
    fc.assert(
      fc.property(fc.array(test, { minLength: 1, maxLength: 30 }), (tests) => {
        const results = {
          score: tests.reduce((sum, each) => sum + (each.passed ? each.max_score : 0), 0),
          max_score: tests.reduce((sum, each) => sum + each.max_score, 0),
          tests: tests.map((each) => ({
            name: each.name,
            score: each.passed ? each.max_score : 0,
            max_score: each.max_score,
            status: each.passed ? "passed" : "failed",
            output: each.output,
          })),
        };
        const { result, score, max } = classroomResult(JSON.stringify(results));
        expect([score, max, result.max_score]).toEqual([results.score, results.max_score, results.max_score]);
        expect(result.tests.map((each) => each.status)).toEqual(tests.map((each) => (each.passed ? "pass" : "fail")));
        const expected = results.max_score === 0 ? "error" : tests.every((each) => each.passed) ? "pass" : "fail";
        expect(result.status).toBe(expected);
      }),
    );
  });

  it("refuses what is not the checkpoint's results.json with a DataError", () => {
    expect(() => classroomResult("not json")).toThrow(DataError);
    expect(() => classroomResult('{"score": 1}')).toThrow(/lacks score, max_score or tests/u);
  });
});

// The checkpoint workflow the student copy carries, read as GitHub reads it: it runs on every push in
// any repository, without Classroom; its `uses:` steps are only GitHub's own (checkout, Node, the
// artifact upload: listed here, never run), the grading is in its `run:` steps (run in a fresh
// student copy by `npm run test:classroom`), and its Node line is the workbook's floor. What the
// score step shows (actions-report.ts) is tested here, on generated results.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionsReport } from "../../lib/src/grading/checkpoint/actions-report.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { DataError } from "../../lib/src/errors/data-error.js";
import { WORKFLOW, workflowSteps } from "../support/classroom-workflow.js";

/** The lowest Node major `engines` accepts: its range lists lines ("^22.0.0 || ^24.0.0 || >=26.0.0"). */
const nodeFloor = (): number => Math.min(...engineLines());

/** The Node majors `engines` names, one per line of its range. */
const engineLines = (): number[] =>
  (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { engines: { node: string } }).engines.node
    .split("||")
    .map((line) => Number(/(\d+)/u.exec(line)![1]));

describe("the checkpoint workflow", () => {
  it("runs on every push with a read-only token and no Classroom", () => {
    const text = readFileSync(WORKFLOW, "utf8");
    expect(text).toMatch(/^on: \[push, workflow_dispatch\]$/mu);
    expect(text).toMatch(/^permissions:\n {2}contents: read\n(?! )/mu);
    expect(text).not.toMatch(/classroom-resources|github-classroom/u);
  });

  it("uses only GitHub's checkout, Node and artifact upload; grades in run steps", () => {
    const steps = workflowSteps();
    expect(steps.flatMap((step) => (step.uses === undefined ? [] : [step.uses]))).toEqual([
      "actions/checkout@v4",
      "actions/setup-node@v4",
      "actions/upload-artifact@v4",
    ]);
    const runs = steps.flatMap((step) => (step.run === undefined ? [] : [step.run]));
    expect(runs[0]).toMatch(/^npm ci\b/u);
    expect(runs.some((run) => run.includes("npm run checkpoint -- --notebook notebooks/ch14-part-b-build.ipynb"))).toBe(
      true,
    );
    expect(runs.at(-1)).toMatch(/^node scripts\/classroom\/score\.cjs checkpoints\/reports\/results\.json$/u);
  });

  it("uploads the full report whatever the score step said", () => {
    const upload = workflowSteps().find((step) => step.uses?.startsWith("actions/upload-artifact@"));
    expect(upload?.if).toBe("always()");
    expect(upload?.with).toMatchObject({ name: "checkpoint-report", path: "checkpoints/reports/" });
  });

  it("runs the workbook's floor, the lowest Node line `engines` names", () => {
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

describe("actionsReport", () => {
  const test = fc.record({
    name: fc.string({ minLength: 1 }),
    max_score: fc.integer({ min: 0, max: 3 }),
    passed: fc.boolean(),
    output: fc.string(),
  });
  it("shows the score and every rule in the summary, annotates each rule not passed, and passes only when all did", () => {
    fc.assert(
      fc.property(fc.array(test, { minLength: 1, maxLength: 30 }), (tests) => {
        const max = tests.reduce((sum, each) => sum + each.max_score, 0);
        fc.pre(max > 0);
        const results = {
          score: tests.reduce((sum, each) => sum + (each.passed ? each.max_score : 0), 0),
          max_score: max,
          tests: tests.map((each) => ({
            name: each.name,
            score: each.passed ? each.max_score : 0,
            max_score: each.max_score,
            status: each.passed ? "passed" : "failed",
            output: each.output,
          })),
        };
        const report = actionsReport(JSON.stringify(results));
        expect([report.score, report.max]).toEqual([results.score, max]);
        const lines = report.summary.split("\n");
        expect(lines[0]).toBe(`## Checkpoint: ${results.score} of ${max} points`);
        expect(lines.filter((line) => /^\| (ok|not yet) \| /u.test(line))).toHaveLength(tests.length);
        // One annotation per rule not passed, each one line however its text is made.
        expect(report.annotations).toHaveLength(tests.filter((each) => !each.passed).length);
        for (const annotation of report.annotations)
          expect(annotation).toMatch(/^::warning title=[^\n\r]*::[^\n\r]*$/u);
        expect(report.exitCode).toBe(tests.every((each) => each.passed) ? 0 : 1);
      }),
    );
  });

  it("fails a run that graded nothing, with its reason", () => {
    const why = "not graded (the grader's fault, not the submission's): no room on disk (at /tmp)";
    const report = actionsReport(
      JSON.stringify({
        score: 0,
        max_score: 0,
        output: why,
        tests: [{ name: "checkpoint ran", score: 0, max_score: 0, status: "failed", output: why }],
      }),
    );
    expect(report.exitCode).toBe(2);
    expect(report.summary).toContain(why);
    expect(report.annotations).toEqual([`::error title=checkpoint%3A not graded::${why}`]);
  });

  it("refuses what is not the checkpoint's results.json with a DataError", () => {
    expect(() => actionsReport("not json")).toThrow(DataError);
    expect(() => actionsReport('{"score": 1}')).toThrow(/lacks score, max_score or tests/u);
  });
});

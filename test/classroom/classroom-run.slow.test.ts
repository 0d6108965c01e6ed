// Complete tier only: npm ci in a fresh student copy and two gradings take minutes (its own script).
// `npm run test:classroom` only (WORKBOOK_CLASSROOM_RUN=1; several minutes): the Classroom
// workflow's `run:` steps, one after another in bash as GitHub runs them, in a fresh student copy
// whose build notebook is the solved one (the learner's work). The score they hand Classroom must
// be the score `checkpoint --notebook` gives the same notebook here. The `uses:` steps are listed,
// not run: checkout is the copy itself, Node is this one, the reporter is GitHub's.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { workflowSteps } from "../support/classroom-workflow.js";

const root = mkdtempSync(join(tmpdir(), "workbook-classroom-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.env["WORKBOOK_CLASSROOM_RUN"] !== "1")("the Classroom workflow in a fresh student copy", () => {
  it("hands Classroom the score the checkpoint gives the same notebook", () => {
    const copy = join(root, "copy");
    execFileSync(process.execPath, [join(REPO_ROOT, "lib", "dist", "assign", "student-copy-cli.js"), copy], {
      cwd: REPO_ROOT,
      stdio: "pipe",
    });
    const solved = join(REPO_ROOT, "notebooks", "solutions", "ch14-part-b-build-solutions.ipynb");
    copyFileSync(solved, join(copy, "notebooks", "ch14-part-b-build.ipynb"));
    const steps = workflowSteps();
    console.log(`uses steps, not run: ${steps.flatMap((step) => (step.uses ? [step.uses] : [])).join(", ")}`);
    const output = join(root, "github-output");
    writeFileSync(output, "");
    let printed = "";
    for (const step of steps.filter((each) => each.run !== undefined)) {
      const run = spawnSync("bash", ["-eo", "pipefail", "-c", step.run!], {
        cwd: copy,
        env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? root, GITHUB_OUTPUT: output, CI: "true" },
        encoding: "utf8",
        timeout: 900_000,
      });
      expect(run.status, `${step.name}: ${run.stderr.slice(-2000)}`).toBe(0);
      printed = run.stdout;
    }
    const handed = /^result=(.+)$/mu.exec(readFileSync(output, "utf8"))?.[1];
    const result = JSON.parse(Buffer.from(handed!, "base64").toString("utf8")) as {
      status: string;
      max_score: number;
      tests: { name: string; status: string; score: number }[];
    };

    const report = join(root, "here");
    spawnSync(
      process.execPath,
      [join(REPO_ROOT, "lib", "dist", "cli", "main.js"), "checkpoint", "--notebook", solved, "--report-dir", report],
      { cwd: REPO_ROOT, stdio: "ignore", timeout: 900_000 },
    );
    const here = JSON.parse(readFileSync(join(report, "results.json"), "utf8")) as {
      score: number;
      max_score: number;
      tests: { name: string; status: string; score: number }[];
    };
    expect(printed).toContain(`checkpoint score: ${here.score} of ${here.max_score}`);
    expect(result.max_score).toBe(here.max_score);
    expect(result.tests.map((test) => [test.name, test.score])).toEqual(
      here.tests.map((test) => [test.name, test.score]),
    );
  }, 1_800_000);
});

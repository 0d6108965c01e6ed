// Complete tier only: npm ci in a fresh student copy and two gradings take minutes (its own script).
// `npm run test:classroom` only (WORKBOOK_CLASSROOM_RUN=1; several minutes): the checkpoint
// workflow's `run:` steps, one after another in bash as GitHub runs them, in a fresh student copy
// whose build notebook is the solved one (the learner's work). The score they put in the job's
// summary must be the score `checkpoint --notebook` gives the same notebook here, rule by rule, and
// the report the artifact step uploads must be there. The `uses:` steps are listed, not run:
// checkout is the copy itself, Node is this one, the artifact upload is GitHub's.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { workflowSteps } from "../support/classroom-workflow.js";

const root = mkdtempSync(join(tmpdir(), "workbook-classroom-"));
// The copy holds a whole node_modules: removing it outlasted the 60 s default on a loaded machine.
afterAll(() => rmSync(root, { recursive: true, force: true }), 600_000);

describe.skipIf(process.env["WORKBOOK_CLASSROOM_RUN"] !== "1")(
  "the checkpoint workflow in a fresh student copy",
  () => {
    it("puts in the job's summary the score the checkpoint gives the same notebook", () => {
      const copy = join(root, "copy");
      execFileSync(process.execPath, [join(REPO_ROOT, "lib", "dist", "assign", "student-copy-cli.js"), copy], {
        cwd: REPO_ROOT,
        stdio: "pipe",
      });
      const solved = join(REPO_ROOT, "notebooks", "solutions", "ch14-part-b-build-solutions.ipynb");
      copyFileSync(solved, join(copy, "notebooks", "ch14-part-b-build.ipynb"));
      const steps = workflowSteps();
      console.log(`uses steps, not run: ${steps.flatMap((step) => (step.uses ? [step.uses] : [])).join(", ")}`);
      const summary = join(root, "step-summary");
      writeFileSync(summary, "");
      let printed = "";
      for (const step of steps.filter((each) => each.run !== undefined)) {
        const run = spawnSync("bash", ["-eo", "pipefail", "-c", step.run!], {
          cwd: copy,
          env: {
            PATH: process.env["PATH"] ?? "",
            HOME: process.env["HOME"] ?? root,
            GITHUB_STEP_SUMMARY: summary,
            CI: "true",
          },
          encoding: "utf8",
          timeout: 900_000,
        });
        expect(run.status, `${step.name}: ${run.stderr.slice(-2000)}`).toBe(0);
        printed = run.stdout;
      }
      const shown = readFileSync(summary, "utf8");
      const uploaded = join(
        copy,
        steps.find((step) => step.uses?.startsWith("actions/upload-artifact@"))!.with!["path"] as string,
      );
      expect(existsSync(join(uploaded, "results.json")) && existsSync(join(uploaded, "junit.xml"))).toBe(true);

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
      expect(shown).toContain(`## Checkpoint: ${here.score} of ${here.max_score} points`);
      for (const test of here.tests) expect(shown).toContain(`| ${test.name} | ${test.score} of `);
    }, 1_800_000);
  },
);

// The checkpoint workflow the student copy carries, parsed as GitHub parses it (YAML).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

export interface WorkflowStep {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly if?: string;
}

/** The workflow's file in this repository (the student copy has it at .github/workflows/checkpoint.yml). */
export const WORKFLOW = join(REPO_ROOT, "scripts", "classroom", "checkpoint.yml");

/** The steps of the workflow's one job (js-yaml comes with eslint; the workflow is plain YAML). */
export function workflowSteps(): WorkflowStep[] {
  const yaml = createRequire(join(REPO_ROOT, "package.json"))("js-yaml") as { load(text: string): unknown };
  const workflow = yaml.load(readFileSync(WORKFLOW, "utf8")) as {
    jobs: Record<string, { steps: WorkflowStep[] }>;
  };
  const jobs = Object.values(workflow.jobs);
  if (jobs.length !== 1) throw new Error(`checkpoint.yml has ${jobs.length} jobs, expected one`);
  return jobs[0]!.steps;
}

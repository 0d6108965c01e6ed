// The instructor's plan held to the material: what docs/instructor-plan.md names must exist, in the
// notebooks' own order, with minutes recomputed from the sections it names. Returns the problems
// as sentences (empty when the plan is true), so a wrong plan can be fed to it in a test.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COURSE_PATH } from "../../lib/src/notebook/course-path.js";
import { sectionHeadings, sectionMinutes } from "../../lib/src/notebook/section-minutes.js";
import { TEACHING_MODES } from "../../lib/src/server-build/teaching-modes.js";
import { DEMO_USAGE } from "../../lib/src/cli/demo.js";

export interface PlanStep {
  readonly minutes: number;
  readonly notebook: string;
  readonly sections: readonly string[];
}

/** The rows of the plan's table: minutes, the notebook in backticks, its sections after "§", joined by " + ". */
export function planSteps(plan: string): PlanStep[] {
  const table = plan.slice(plan.indexOf("## The plan"), plan.indexOf("\n## ", plan.indexOf("## The plan") + 1));
  return table
    .split("\n")
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const cells = line.split(" | ");
      const where = cells[2]!;
      const notebook = /`([^`]+\.ipynb)`/.exec(where)?.[1] ?? "";
      const rest = where.replace(/`[^`]+\.ipynb`/, "").trim();
      const sections = rest === "" ? [] : rest.replace(/^§\s*/, "").split(/\s+\+\s+§\s*/);
      return { minutes: Number(cells[0]!.replace("|", "").trim()), notebook, sections };
    });
}

/** Commands in backticks that a reader would type: npx mcp-workbook ..., npm run ..., bash scripts/... */
export function planCommands(plan: string): string[] {
  return [...plan.matchAll(/`((?:npx mcp-workbook|npm run|bash scripts\/)[^`]*)`/g)].map((match) => match[1]!);
}

const mainSubcommands = (repo: string): string[] => {
  const main = readFileSync(join(repo, "lib/src/cli/main.ts"), "utf8");
  const usage = /const USAGE = `([\s\S]*?)`;/.exec(main)?.[1] ?? "";
  return [...usage.matchAll(/^ {2}([a-z]+)\b/gm)].map((match) => match[1]!);
};

function commandProblems(command: string, repo: string): string[] {
  const words = command.split(/\s+/);
  const problems: string[] = [];
  const pathLike = (word: string) => /\//.test(word) && !/^-/.test(word);
  for (const word of words.slice(1)) {
    if (pathLike(word) && !existsSync(join(repo, word))) problems.push(`\`${command}\`: no file ${word}`);
  }
  if (words[0] === "npx") {
    const sub = words[2]!;
    if (!mainSubcommands(repo).includes(sub)) problems.push(`\`${command}\`: no subcommand ${sub}`);
    if (sub === "demo") {
      const target = words[3];
      if (
        target !== undefined &&
        !target.startsWith("-") &&
        target !== "all" &&
        !TEACHING_MODES.some((m) => m.mode === target)
      )
        problems.push(`\`${command}\`: no mode ${target}`);
      for (const flag of words.filter((word) => word.startsWith("--")))
        if (!DEMO_USAGE.includes(flag)) problems.push(`\`${command}\`: demo has no ${flag}`);
    }
  } else if (words[0] === "npm") {
    const scripts = (
      JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    if (scripts[words[2]!] === undefined) problems.push(`\`${command}\`: no npm script ${words[2]}`);
  }
  return problems;
}

/** Everything wrong with `plan` against the notebooks and the command line under `repo`. */
export function planProblems(plan: string, repo: string): string[] {
  const problems: string[] = [];
  const steps = planSteps(plan);
  if (steps.length === 0) problems.push("the plan has no steps");
  const order = COURSE_PATH.map((stop) => stop.file);
  let lastNotebook = -1;
  let lastSection = -1;
  for (const step of steps) {
    const at = order.indexOf(step.notebook);
    if (at < 0 || !existsSync(join(repo, step.notebook))) {
      problems.push(`${step.notebook || "(no notebook)"}: not a notebook on the course's path`);
      continue;
    }
    if (at < lastNotebook) problems.push(`${step.notebook}: comes before a notebook the plan already left`);
    if (at !== lastNotebook) lastSection = -1;
    lastNotebook = at;
    const notebook = JSON.parse(readFileSync(join(repo, step.notebook), "utf8")) as unknown;
    const headings = sectionHeadings(notebook);
    for (const section of step.sections) {
      const index = headings.indexOf(section);
      if (index < 0) problems.push(`${step.notebook}: no section "${section}"`);
      else if (index <= lastSection) problems.push(`${step.notebook}: "${section}" is out of the notebook's order`);
      else lastSection = index;
    }
    if (step.sections.every((section) => headings.includes(section))) {
      const minutes = sectionMinutes(notebook, step.sections);
      if (minutes !== step.minutes)
        problems.push(
          `${step.notebook} ${step.sections.join(" + ")}: ${step.minutes} minutes stated, ${minutes} computed`,
        );
    }
  }
  for (const command of planCommands(plan)) problems.push(...commandProblems(command, repo));
  for (const link of plan.matchAll(/\]\(([^)]+\.ipynb)\)/g)) {
    if (!existsSync(join(repo, "docs", link[1]!))) problems.push(`link to ${link[1]}: no such notebook`);
  }
  // The gallery's list: each mode has its section, in the gallery's order.
  const galleryModes = [
    ...plan.slice(plan.indexOf("## The gallery, mode by mode")).matchAll(/^\d+\. `([a-z-]+)`/gm),
  ].map((m) => m[1]!);
  const gallery = sectionHeadings(JSON.parse(readFileSync(join(repo, "notebooks/failure-gallery.ipynb"), "utf8")));
  let lastMode = -1;
  for (const mode of galleryModes) {
    const index = gallery.indexOf(mode);
    if (index < 0) problems.push(`the gallery has no section for ${mode}`);
    else if (index < lastMode) problems.push(`the gallery list: ${mode} is out of the gallery's order`);
    else lastMode = index;
  }
  return problems;
}

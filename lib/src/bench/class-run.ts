// One class of build notebooks graded through `checkpoint --class`, timed: the machinery
// bench:class and bench:grading share. `checkout` names the repository whose checkpoint grades it
// (default this one), so a benchmark can time another commit's build side by side with this one.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../grading/checkpoint/paths.js";
import { GRADED, readGradebook } from "../grading/class/gradebook.js";
import { writeNotebookClass } from "../grading/class/sample-class.js";

/** The checkpoint's command line and solved build notebook in a built checkout at `root`. */
export function checkoutPaths(root: string): { main: string; notebook: string } {
  return {
    main: join(root, "lib", "dist", "cli", "main.js"),
    notebook: join(root, "notebooks", "solutions", "ch14-part-b-build-solutions.ipynb"),
  };
}

export interface ClassTiming {
  readonly learners: number;
  readonly jobs: number;
  readonly exitCode: number | null;
  /** The class's seconds in all, as this process saw it. */
  readonly seconds: number;
  readonly graded: number;
  readonly fullMarks: number;
  /** One submission's seconds as the gradebook records them: the median and the slowest. */
  readonly medianSeconds: number;
  readonly slowestSeconds: number;
}

/** Grades `learners` copies of the checkout's solved build notebook as one class, `jobs` at once. */
export async function timeClass(learners: number, jobs: number, checkout: string = REPO_ROOT): Promise<ClassTiming> {
  const work = mkdtempSync(join(tmpdir(), "bench-class-"));
  try {
    const dir = join(work, "class");
    const out = join(work, "out");
    const { main, notebook } = checkoutPaths(checkout);
    writeNotebookClass(dir, learners, notebook);
    const started = performance.now();
    const exitCode = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        [main, "checkpoint", "--class", dir, "--report-dir", out, "--jobs", String(jobs)],
        { cwd: checkout, stdio: ["ignore", "ignore", "inherit"] },
      );
      child.on("close", resolve);
    });
    const seconds = (performance.now() - started) / 1000;
    const rows = readGradebook(out);
    const each = rows.flatMap((row) => (row.seconds === undefined ? [] : [row.seconds])).sort((a, b) => a - b);
    return {
      learners,
      jobs,
      exitCode,
      seconds,
      graded: rows.filter((row) => row.status === GRADED).length,
      fullMarks: rows.filter((row) => row.score !== undefined && row.score === row.max).length,
      medianSeconds: each[Math.floor(each.length / 2)] ?? 0,
      slowestSeconds: each.at(-1) ?? 0,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// What one grading host costs to start in a checkout, alone: host-main.js opened on the build
// notebook's module as a build grading opens it (the library sealed), then its input ended, so it
// exits having loaded everything it loads before its first request. Each grading starts several;
// this part of their CPU is the same for every learner, apart from the graded code's own work.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readBuildCells, transpileBuildCells } from "../assembly/notebook-pieces.js";
import { notebookModule } from "../grading/checkpoint/grade-notebook.js";
import { checkoutPaths } from "./class-run.js";
import { spawnCounted } from "./process-cpu.js";

/** The CPU-seconds of `runs` host starts in the built checkout at `root` (undefined: not measurable here). */
export async function hostStartCpu(root: string, runs: number): Promise<Array<number | undefined>> {
  const dir = mkdtempSync(join(tmpdir(), "bench-host-start-"));
  try {
    const module = join(dir, "notebook-pieces.js");
    writeFileSync(module, notebookModule(transpileBuildCells(readBuildCells(checkoutPaths(root).notebook))));
    const opening = join(dir, "opening.jsonl");
    writeFileSync(opening, `${JSON.stringify({ token: "bench", implementation: module, sealLibrary: true })}\n`);
    const hostMain = join(root, "lib", "dist", "grading", "checkpoint", "host", "host-main.js");
    const seconds: Array<number | undefined> = [];
    for (let run = 0; run < runs; run += 1) {
      // The opening line on stdin, and nothing after it: the host loads, then exits at the end of its input.
      const counted = spawnCounted(
        [
          "env",
          `NODE_PATH=${join(root, "node_modules")}`,
          "sh",
          "-c",
          'exec "$0" "$1" < "$2"',
          process.execPath,
          hostMain,
          opening,
        ],
        dir,
      );
      await new Promise<void>((done, fail) => {
        counted.child.on("close", () => done());
        counted.child.on("error", fail);
      });
      seconds.push(counted.cpuSeconds());
    }
    return seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

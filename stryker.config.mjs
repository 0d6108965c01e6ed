// StrykerJS 9.6 (10.x needs Node 22) on the GRADER: it mutates the copy of the reference pieces
// that lib/src/mutation/copy.ts writes to .mutation/copy, and the checkpoint's rules grade each
// mutant in process (scripts/mutation/grade-copy.mutation.ts, one test per rule). perTest coverage
// runs each mutant against only the rules that reach it. Run it with `npm run grader:mutation`
// (scripts/mutation.mjs), which writes the copy first and prints the score and every survivor.
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = import.meta.dirname;
const copy = join(root, ".mutation/copy");
// In place, a missing copy would leave Stryker to its default: every source file of the repository.
if (!existsSync(copy)) throw new Error("no .mutation/copy: run `npm run grader:mutation`, which writes it first");
const { mutationTargets } = await import(join(root, "lib/dist/mutation/targets.js"));

export default {
  // The files and lines to mutate, read from the copy itself (its lines are not lib/src's).
  mutate: mutationTargets(copy, root),
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.mts", related: false },
  coverageAnalysis: "perTest",
  // The copy is scratch: mutated where it lies, so no sandbox of the whole repository is made.
  inPlace: true,
  // In place, Stryker would otherwise write "// @ts-nocheck" into every source file of the repository for the run.
  disableTypeChecks: false,
  // Others work on this machine: one mutant at a time.
  concurrency: 1,
  timeoutMS: 10_000,
  reporters: ["progress", "json"],
  jsonReporter: { fileName: ".mutation/report.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};

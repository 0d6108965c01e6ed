import { configDefaults, defineConfig } from "vitest/config";
import LongestFirstSequencer from "./test/support/longest-first-sequencer.js";
import { SLOW_GLOB, TEST_GLOB } from "./test/support/tiers.js";

// WORKBOOK_TIER=quick (npm run test:quick) leaves out the files that start a kernel, Jupyter, a
// browser or a clone; npm test runs every file (test/support/tiers.ts has the rule).
const quick = process.env["WORKBOOK_TIER"] === "quick";

export default defineConfig({
  test: {
    include: [TEST_GLOB],
    exclude: quick ? [...configDefaults.exclude, SLOW_GLOB] : configDefaults.exclude,
    // Three workers on this two-core machine, the longest files started first (longest-first-sequencer.ts).
    // With two, the cores sat 20 to 50 % idle in the last 100 s of a run, while files waited on
    // their kernels, servers and deadlines; a third fills them (fresh-clone runs: 338 to 367 s with
    // two workers, 324 and 325 s with three). The quick tier takes the same time with either.
    maxWorkers: 3,
    // A worker keeps the modules it has loaded from one test file to the next instead of loading
    // them again for each: the quick tier took 109 s isolated and 68 s shared. What a file replaces
    // on a global (a spy on stdout, fake timers) is put back when it ends (restore-globals.ts).
    isolate: false,
    setupFiles: ["./test/support/restore-globals.ts"],
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One id per run: a notebook's executed copy is made once and shared (test/support/executed-notebooks.ts).
    // Every temporary folder of the run under one, removed at its end (test/support/run-temp-dir-setup.ts).
    // No NODE_EXTRA_CA_CERTS for the run's processes: Node reads it at every start (extra-ca-certs-setup.ts).
    globalSetup: [
      "./test/support/executed-notebooks-setup.ts",
      "./test/support/run-temp-dir-setup.ts",
      "./test/support/extra-ca-certs-setup.ts",
    ],
    // The ten slowest files, then the closing line CI reads: that line stays last.
    // WORKBOOK_SLOWEST_FILES=N lists N of them, to see what a tier spends its time on.
    reporters: [
      "default",
      [
        "./test/support/slowest-files-reporter.ts",
        { shown: Number(process.env["WORKBOOK_SLOWEST_FILES"] ?? "") || 10 },
      ],
      "./test/support/closing-line-reporter.ts",
    ],
  },
});

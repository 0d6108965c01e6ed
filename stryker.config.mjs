// StrykerJS 9.6 (10.x needs Node 22) on the GRADER: it mutates the copy of the reference pieces
// that scripts/mutation-copy.mjs writes to .mutation/copy, and the checkpoint's rules grade each
// mutant in process (scripts/mutation/grade-copy.mutation.ts, one test per rule). perTest coverage
// runs each mutant against only the rules that reach it. Run it with `npm run grader:mutation`,
// which writes the copy first and prints the score and every survivor (scripts/mutation.mjs).
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = import.meta.dirname;

/** The lines of the client pieces (request, connect, callTool, close) in the copied reference-pieces.ts. */
function clientPieceLines() {
  const lines = readFileSync(join(root, "lib/src/assembly/reference-pieces.ts"), "utf8").split("\n");
  const first = lines.findIndex((line) => line.startsWith("async function request("));
  const last = lines.findIndex((line) => line.startsWith("export function referencePieces("));
  if (first < 0 || last < 0) throw new Error("reference-pieces.ts no longer has request() ... referencePieces()");
  return `${first + 1}-${last}`;
}

export default {
  mutate: [
    ".mutation/copy/protocol/*.ts",
    // eras.ts is exercise 7's era detection (StdioClient's, not a Part B piece): no rule grades the copy's.
    "!.mutation/copy/protocol/eras.ts",
    ".mutation/copy/tools/top-tools.ts",
    `.mutation/copy/assembly/reference-pieces.ts:${clientPieceLines()}`,
  ],
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

// `npm run grader:mutation`: how adequate the GRADER is. Writes the copy of the reference pieces
// (lib/src/mutation/copy.ts), runs StrykerJS over it (stryker.config.mjs: the files and lines read
// from that copy by lib/src/mutation/targets.ts, each mutant graded in process by the rules that
// reach it), then judges the run against checkpoints/mutation/equivalent.json
// (lib/src/mutation/equivalents.ts): every survivor neither listed equivalent nor known is printed,
// and so is every stale entry; the score is printed with the entries marked "judgement" counted as
// equivalent and counted as survivors. Exits 1 on an unexplained survivor or a stale entry.
// Usage: npm run grader:mutation [-- --concurrency N] [-- --report .mutation/report.json] (re-reads a finished run)
//   [-- --survivors-json FILE] (the unexplained survivors as entries to review)
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { report: { type: "string" }, concurrency: { type: "string" }, "survivors-json": { type: "string" } },
});
const { writeCopy, MUTATION_DIR } = await import(join(root, "lib/dist/mutation/copy.js"));
const { judgeRun, judgedLines, reportMutants } = await import(join(root, "lib/dist/mutation/equivalents.js"));
const copyDir = join(MUTATION_DIR, "copy");
const listing = JSON.parse(readFileSync(join(root, "checkpoints/mutation/equivalent.json"), "utf8"));

const started = performance.now();
if (values.report === undefined) {
  writeCopy(copyDir, [], listing.wording.reason);
  const { Stryker } = await import("@stryker-mutator/core");
  process.chdir(root);
  const concurrency = values.concurrency === undefined ? {} : { concurrency: Number(values.concurrency) };
  await new Stryker({ configFile: "stryker.config.mjs", ...concurrency }).runMutationTest();
}
const seconds = (performance.now() - started) / 1000;
const { files } = JSON.parse(readFileSync(values.report ?? join(MUTATION_DIR, "report.json"), "utf8"));
const mutants = reportMutants(files, (path) => relative(copyDir, join(root, path)));
const judged = judgeRun(mutants, listing);
for (const line of judgedLines(judged)) console.log(line);
if (values.report === undefined) console.log(`the run took ${(seconds / 60).toFixed(1)} min`);
if (values["survivors-json"] !== undefined)
  writeFileSync(
    values["survivors-json"],
    `${JSON.stringify(
      judged.unexplained.map(({ file, function: name, mutator, original, replacement }) => ({
        file,
        function: name,
        mutator,
        original,
        replacement,
        kind: "judgement",
        reason: "",
      })),
      null,
      2,
    )}\n`,
  );
process.exitCode = judged.fails ? 1 : 0;

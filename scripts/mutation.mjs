// `npm run grader:mutation`: how adequate the GRADER is. Writes the copy of the reference pieces
// (lib/src/mutation/copy.ts), runs StrykerJS over it (stryker.config.mjs: the files and lines read
// from that copy by lib/src/mutation/targets.ts, each mutant graded in process by the rules that
// reach it), then judges the run against checkpoints/mutation/equivalent.json
// (lib/src/mutation/equivalents.ts): every survivor neither listed equivalent nor known is printed,
// and so is every stale entry; the score is printed with the entries marked "judgement" counted as
// equivalent and counted as survivors. Exits 1 on an unexplained survivor, a stale entry or a
// judgement entry that cites no free choice.
// Usage: npm run grader:mutation [-- --concurrency N] [-- --report .mutation/report.json] (re-reads a finished run;
//   several reports, comma-separated, are read as one run: scoped runs of different files, each file from the last
//   report that holds it)
//   [-- --survivors-json FILE] (the unexplained survivors as entries to review)
//   [-- --files protocol/encode-frame.ts,tools/top-tools.ts] (mutates only these files of the copy, and
//   judges only their entries: a scoped run, to try a change to one file's rules in minutes)
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    report: { type: "string" },
    concurrency: { type: "string" },
    "survivors-json": { type: "string" },
    files: { type: "string" },
  },
});
const { writeCopy, MUTATION_DIR } = await import(join(root, "lib/dist/mutation/copy.js"));
const { judgeRun, judgedLines, listingFor, reportMutants } = await import(
  join(root, "lib/dist/mutation/equivalents.js")
);
const { mutationTargets } = await import(join(root, "lib/dist/mutation/targets.js"));
const copyDir = join(MUTATION_DIR, "copy");
const fullListing = JSON.parse(readFileSync(join(root, "checkpoints/mutation/equivalent.json"), "utf8"));
const scope = values.files?.split(",").filter((file) => file !== "");
const listing = scope === undefined ? fullListing : listingFor(fullListing, scope);

const started = performance.now();
if (values.report === undefined) {
  writeCopy(copyDir, [], listing.wording.reason);
  const { Stryker } = await import("@stryker-mutator/core");
  process.chdir(root);
  const concurrency = values.concurrency === undefined ? {} : { concurrency: Number(values.concurrency) };
  const scoped = scope === undefined ? {} : { mutate: scopedTargets(scope) };
  await new Stryker({ configFile: "stryker.config.mjs", ...concurrency, ...scoped }).runMutationTest();
}
const seconds = (performance.now() - started) / 1000;
const reports = values.report?.split(",").filter((path) => path !== "") ?? [join(MUTATION_DIR, "report.json")];
const files = Object.assign({}, ...reports.map((path) => JSON.parse(readFileSync(path, "utf8")).files));
const mutants = reportMutants(files, (path) => relative(copyDir, join(root, path)));
const judged = judgeRun(
  scope === undefined ? mutants : mutants.filter((mutant) => scope.includes(mutant.file)),
  listing,
);
if (scope !== undefined) console.log(`scoped to ${scope.join(", ")}: the score is over these files' mutants only`);
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
        // A judgement must cite the chapter's lines or a free choice a rule accepts; else it is a known survivor.
        cites: { chapterLines: [], freeChoice: "" },
      })),
      null,
      2,
    )}\n`,
  );
process.exitCode = judged.fails ? 1 : 0;

/** Stryker's patterns for the copy's `wanted` files (paths inside the copy), refusing a name it does not mutate. */
function scopedTargets(wanted) {
  const all = mutationTargets(copyDir, root);
  const fileOf = (pattern) => relative(copyDir, join(root, pattern.replace(/:\d+-\d+$/u, "")));
  const unknown = wanted.filter((file) => !all.some((pattern) => fileOf(pattern) === file));
  if (unknown.length > 0)
    throw new Error(`--files: ${unknown.join(", ")} is not mutated; expected some of ${all.map(fileOf).join(", ")}`);
  return all.filter((pattern) => wanted.includes(fileOf(pattern)));
}

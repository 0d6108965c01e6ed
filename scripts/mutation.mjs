// `npm run grader:mutation`: how adequate the GRADER is. Writes the copy of the reference pieces
// (lib/src/mutation/copy.ts), runs StrykerJS over it (stryker.config.mjs: every mutant of the
// listed files, each graded in process by the rules that reach it), then prints the score, the
// time it took and every surviving mutant. A survivor listed in checkpoints/mutation/equivalent.json
// (file, line in the copy, mutator, original code, replacement, reason) is equivalent: the score is over the
// non-equivalent mutants, as issue 25 counts it. A survivor listed there as "known" is not equivalent:
// it counts against the score, printed with the reason no rule reaches it. Exits 1 while a survivor is
// neither killed nor listed.
// Usage: npm run grader:mutation [-- --report .mutation/report.json] (--report re-reads a finished run)
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { report: { type: "string" }, "survivors-json": { type: "string" } },
});
const { writeCopy, MUTATION_DIR } = await import(join(root, "lib/dist/mutation/copy.js"));
const copyDir = join(MUTATION_DIR, "copy");

const {
  wording,
  mutants: listed,
  known = [],
} = JSON.parse(readFileSync(join(root, "checkpoints/mutation/equivalent.json"), "utf8"));
const started = performance.now();
let files;
if (values.report === undefined) {
  writeCopy(copyDir, [], wording);
  const { Stryker } = await import("@stryker-mutator/core");
  process.chdir(root);
  await new Stryker({ configFile: "stryker.config.mjs" }).runMutationTest();
}
const seconds = (performance.now() - started) / 1000;
files = JSON.parse(readFileSync(values.report ?? join(MUTATION_DIR, "report.json"), "utf8")).files;

/** A mutant as the equivalents file names it: the copied file, its mutator, the code it changes, the replacement. */
const mutants = [];
for (const [path, file] of Object.entries(files)) {
  const lines = file.source.split("\n");
  for (const mutant of file.mutants) {
    const { start, end } = mutant.location;
    const original =
      start.line === end.line
        ? lines[start.line - 1].slice(start.column - 1, end.column - 1)
        : [
            lines[start.line - 1].slice(start.column - 1),
            ...lines.slice(start.line, end.line - 1),
            lines[end.line - 1].slice(0, end.column - 1),
          ].join("\n");
    mutants.push({
      file: relative(copyDir, join(root, path)),
      line: start.line,
      mutator: mutant.mutatorName,
      original,
      replacement: mutant.replacement ?? "",
      status: mutant.status,
      killedBy: mutant.killedBy ?? [],
    });
  }
}

const sameMutant = (each, mutant) =>
  each.file === mutant.file &&
  each.line === mutant.line &&
  each.mutator === mutant.mutator &&
  each.original === mutant.original &&
  each.replacement === mutant.replacement;
const isListed = (mutant) => listed.some((each) => sameMutant(each, mutant));
const count = (status) => mutants.filter((mutant) => mutant.status === status).length;
const surviving = mutants.filter((mutant) => mutant.status === "Survived" || mutant.status === "NoCoverage");
const equivalent = surviving.filter(isListed);
// Stryker leaves the lines the copy marks as wording alone ("Ignored"): equivalent by the file's "wording" reason.
const wordingCount = count("Ignored");
// Known survivors are not equivalent: they count against the score, printed with the reason no rule reaches them.
const isKnown = (mutant) => known.some((each) => sameMutant(each, mutant));
const knownSurvivors = surviving.filter((mutant) => !isListed(mutant) && isKnown(mutant));
const unexplained = surviving.filter((mutant) => !isListed(mutant) && !isKnown(mutant));
const killed = count("Killed");
const timedOut = count("Timeout");
const invalid = count("CompileError") + count("RuntimeError");
const scored = mutants.length - equivalent.length - wordingCount - invalid;
const stale = [...listed, ...known].filter((each) => !surviving.some((mutant) => sameMutant(each, mutant)));

const shown = (text) => JSON.stringify(text.length > 70 ? `${text.slice(0, 69)}…` : text);
for (const mutant of unexplained)
  console.log(
    `SURVIVED ${mutant.file}:${mutant.line} ${mutant.mutator}: ${shown(mutant.original)} -> ${shown(mutant.replacement)}${mutant.status === "NoCoverage" ? " (no rule reaches it)" : ""}`,
  );
for (const mutant of knownSurvivors) {
  const { reason } = known.find((each) => sameMutant(each, mutant));
  console.log(
    `SURVIVED, known ${mutant.file}:${mutant.line} ${mutant.mutator}: ${shown(mutant.original)} -> ${shown(mutant.replacement)} (${reason})`,
  );
}
for (const each of stale)
  console.log(
    `listed in equivalent.json but not a survivor of this run: ${each.file} ${each.mutator} ${shown(each.original)}`,
  );
console.log(
  `${mutants.length} mutants: ${killed} killed, ${timedOut} timed out, ${surviving.length - equivalent.length} survived (${knownSurvivors.length} of them known), ${equivalent.length + wordingCount} equivalent (checkpoints/mutation/equivalent.json: ${equivalent.length} listed, ${wordingCount} an error's wording)${invalid ? `, ${invalid} invalid` : ""}`,
);
console.log(
  `mutation score ${((100 * (killed + timedOut)) / scored).toFixed(1)}% (${killed + timedOut} killed or timed out of ${scored} non-equivalent mutants)${values.report === undefined ? `, in ${(seconds / 60).toFixed(1)} min` : ""}`,
);
// --survivors-json FILE: the unexplained survivors as equivalents.json entries to review (a reason to write for each).
if (values["survivors-json"] !== undefined)
  writeFileSync(
    values["survivors-json"],
    `${JSON.stringify(
      unexplained.map(({ file, line, mutator, original, replacement, status }) => ({
        file,
        line,
        mutator,
        original,
        replacement,
        status,
      })),
      null,
      2,
    )}\n`,
  );
process.exitCode = unexplained.length > 0 ? 1 : 0;

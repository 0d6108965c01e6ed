// Grades every fresh wrong implementation (checkpoints/wrong-implementations/fresh) with the
// checkpoint as it is, the notebook mistakes with --notebook and the module mistakes with --impl,
// and prints how many it catches (a mistake is caught when it loses any point). With --write it
// also writes the tally to fresh/TALLY.md under the given label ("before", "after").
// Usage: node scripts/fresh-tally.mjs [--write LABEL] [--only NAME]
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  FRESH_DIR,
  moduleMistakes,
  notebookMistakes,
  variantNotebook,
} from "../checkpoints/wrong-implementations/fresh/fresh-set.mjs";

const { values } = parseArgs({ options: { write: { type: "string" }, only: { type: "string" } } });
const root = join(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "fresh-tally-"));

function checkpoint(argv) {
  return new Promise((done) => {
    const started = performance.now();
    execFile(process.execPath, [join(root, "lib/dist/cli/main.js"), "checkpoint", ...argv], { cwd: root }, (error) =>
      done({ code: error ? (error.code ?? 1) : 0, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const jobs = [
  ...notebookMistakes().map((mistake) => ({
    name: mistake.name,
    path: "--notebook",
    breaks: mistake.breaks,
    make: (dir) => {
      const path = join(dir, `${mistake.name}.ipynb`);
      writeFileSync(path, JSON.stringify(variantNotebook(mistake)));
      return path;
    },
  })),
  ...moduleMistakes().map((mistake) => ({
    name: mistake.name,
    path: "--impl",
    breaks: mistake.breaks,
    make: () => mistake.file,
  })),
].filter((job) => values.only === undefined || job.name === values.only);

const rows = [];
let next = 0;
await Promise.all(
  [0, 1].map(async () => {
    for (let index = next++; index < jobs.length; index = next++) {
      const job = jobs[index];
      const dir = join(work, job.name);
      const target = job.make(work);
      const { seconds } = await checkpoint([job.path, target, "--report-dir", dir]);
      const results = join(dir, "results.json");
      const report = existsSync(results) ? JSON.parse(readFileSync(results, "utf8")) : undefined;
      const failed = (report?.tests ?? [])
        .filter((test) => test.status === "failed")
        .map((test) => test.name.slice(0, test.name.indexOf(":")));
      rows[index] = {
        ...job,
        caught: report === undefined ? undefined : report.score < report.max_score,
        failed,
        seconds,
        score: report ? `${report.score}/${report.max_score}` : "no report",
      };
      console.log(
        `${rows[index].caught ? "caught " : "MISSED "} ${job.name} (${job.path}, ${rows[index].score}, ${seconds.toFixed(1)} s)${failed.length ? `: ${failed.join(", ")}` : ""}`,
      );
    }
  }),
);
rmSync(work, { recursive: true, force: true });
const caught = rows.filter((row) => row.caught).length;
console.log(`${caught} of ${rows.length} fresh wrong implementations caught`);
if (values.write !== undefined) {
  const file = join(FRESH_DIR, "TALLY.md");
  const head = existsSync(file)
    ? readFileSync(file, "utf8").replace(new RegExp(`\\n## ${values.write}\\b[\\s\\S]*?(?=\\n## |$)`, "u"), "")
    : "# Fresh wrong implementations: what the checkpoint catches\n\nWritten by `node scripts/fresh-tally.mjs --write LABEL` (a mistake is caught when it loses any point).\n";
  const table = rows
    .map(
      (row) =>
        `| ${row.name} | ${row.path} | ${row.caught ? "caught" : "missed"} | ${row.score} | ${row.failed.join(", ") || "none"} |`,
    )
    .join("\n");
  writeFileSync(
    file,
    `${head.trimEnd()}\n\n## ${values.write}\n\n${caught} of ${rows.length} caught (${new Date().toISOString().slice(0, 16)}Z).\n\n| mistake | graded with | verdict | score | rules failed |\n| --- | --- | --- | --- | --- |\n${table}\n`,
  );
}

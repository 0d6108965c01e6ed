#!/usr/bin/env node
// First contact: grades each round's case once with the checkpoint on this branch, two at a time,
// and writes the tally. A wrong case is caught when it loses any point; a fair case passes with
// full marks.   node scripts/red-team/grade.mjs ROUND [--jobs 2]
// As a regression (npm run grader:red-team): --all grades every round's cases afresh in a new
// temporary folder and prints the tally, writing nothing tracked; exit 1 on a miss or an unfair verdict.
// --round ROUND,ROUND keeps those rounds' cases, --only NAME,NAME those cases (regression only).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { variantNotebook } from "../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const regression = process.argv.includes("--all");
const round = regression ? "every round" : (process.argv[2] ?? "round-1");
const jobs = Number(process.argv[process.argv.indexOf("--jobs") + 1]) || 2;
/** The comma-separated values of `flag`, or undefined when it is not given. */
const listed = (flag) => {
  const at = process.argv.indexOf(flag);
  if (at < 0) return undefined;
  if (!regression) throw new Error(`${flag} keeps cases of a regression run only (with --all)`);
  const values = (process.argv[at + 1] ?? "").split(",").filter((each) => each !== "");
  if (values.length === 0) throw new Error(`${flag} expects NAME,NAME,...`);
  return new Set(values);
};
const onlyRounds = listed("--round");
const onlyNames = listed("--only");

/** The rounds a kind holds (round-1, round-2, ...), or the one asked for. */
const roundsOf = (kind) => {
  const dir = join(root, "checkpoints", `${kind}-implementations`, "red-team");
  return regression
    ? readdirSync(dir).filter((name) => name.startsWith("round-") && (onlyRounds?.has(name) ?? true))
    : [round];
};
const cases = ["wrong", "fair"].flatMap((kind) =>
  roundsOf(kind).flatMap((each) => {
    const dir = join(root, "checkpoints", `${kind}-implementations`, "red-team", each);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => ({ kind, ...JSON.parse(readFileSync(join(dir, f), "utf8")) }))
      .filter((c) => onlyNames?.has(c.name) ?? true);
  }),
);
const unknown = [...(onlyNames ?? [])].filter((name) => !cases.some((c) => c.name === name));
if (unknown.length > 0) throw new Error(`--only names no case ${unknown.join(", ")} (of the rounds kept)`);
const work = regression
  ? mkdtempSync(join(tmpdir(), "red-team-regression-"))
  : join("/tmp", `red-team-grading-${round}`);
mkdirSync(work, { recursive: true, mode: 0o755 });

function grade(c) {
  const notebook = join(work, `${c.name}.ipynb`);
  const reportDir = join(work, `${c.name}-report`);
  const resultsFile = join(reportDir, "results.json");
  if (existsSync(resultsFile)) return Promise.resolve(); // graded once already: never again
  writeFileSync(notebook, JSON.stringify(variantNotebook(c), null, 1), { mode: 0o644 });
  return new Promise((resolve) => {
    const child = spawn(
      "nice",
      [
        "-n",
        "10",
        process.execPath,
        join(root, "lib/dist/cli/main.js"),
        "checkpoint",
        "--notebook",
        notebook,
        "--report-dir",
        reportDir,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => {
      writeFileSync(join(work, `${c.name}.out.txt`), `exit ${code}\n${out}`);
      console.log(`graded ${c.kind} ${c.name}: exit ${code}`);
      resolve();
    });
  });
}

const queue = [...cases];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let c = queue.shift(); c; c = queue.shift()) await grade(c);
  }),
);

// The tally.
const rows = [];
let caught = 0;
let wrongCount = 0;
let fullFair = 0;
let fairCount = 0;
for (const c of cases) {
  const file = join(work, `${c.name}-report`, "results.json");
  const r = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
  const lost = (r?.tests ?? []).filter((t) => t.score < t.max_score);
  const score = r ? `${r.score}/${r.max_score}` : "no report";
  const full = r !== undefined && r.score === r.max_score;
  let verdict;
  if (c.kind === "wrong") {
    wrongCount += 1;
    verdict = r === undefined ? "NO REPORT" : full ? "MISSED" : "caught";
    if (verdict === "caught") caught += 1;
  } else {
    fairCount += 1;
    verdict = r === undefined ? "NO REPORT" : full ? "full marks" : "UNFAIR";
    if (full) fullFair += 1;
  }
  const failed = lost.map(
    (t) =>
      `${t.name.split(":")[0]} (${t.score}/${t.max_score}): ${String(t.output ?? "")
        .replace(/\s+/gu, " ")
        .slice(0, 300)}`,
  );
  rows.push({ kind: c.kind, name: c.name, piece: c.piece, verdict, score, failed, breaks: c.breaks });
}
if (regression) {
  for (const row of rows.filter((each) => !["caught", "full marks"].includes(each.verdict)))
    console.log(`${row.verdict} ${row.kind} ${row.name}: ${row.failed.join("; ") || row.breaks}`);
  console.log(`caught ${caught} of ${wrongCount}; fair full marks ${fullFair} of ${fairCount}; reports in ${work}`);
  process.exit(caught === wrongCount && fullFair === fairCount ? 0 : 1);
}
const esc = (s) => s.replace(/\|/gu, "\\|");
const lines = [
  `# Red team, ${round}: first contact`,
  "",
  `Graded once each with \`node lib/dist/cli/main.js checkpoint --notebook VARIANT.ipynb --report-dir DIR\` on branch redteam (checkpoint as committed there), variants made by fresh-set.mjs's \`variantNotebook\` (scripts/red-team/grade.mjs).`,
  "",
  `- wrong cases caught: **${caught} of ${wrongCount}**`,
  `- fair cases with full marks: **${fullFair} of ${fairCount}**`,
  "",
  "| kind | case | piece | verdict | score | rules that lost points |",
  "| --- | --- | --- | --- | --- | --- |",
  ...rows.map(
    (row) =>
      `| ${row.kind} | ${row.name} | ${row.piece} | ${row.verdict} | ${row.score} | ${esc(row.failed.join("<br>") || "none")} |`,
  ),
  "",
  "## Missed wrong cases",
  "",
  ...rows.filter((row) => row.verdict === "MISSED").map((row) => `- **${row.name}** (${row.piece}): ${row.breaks}`),
  "",
  "## Unfair verdicts (fair cases that lost points)",
  "",
  ...rows
    .filter((row) => row.verdict === "UNFAIR")
    .flatMap((row) => [`- **${row.name}** (${row.piece}): ${row.breaks}`, ...row.failed.map((f) => `  - ${f}`)]),
  "",
];
const tally = join(root, "checkpoints", "wrong-implementations", "red-team", round, "TALLY.md");
writeFileSync(tally, lines.join("\n"));
writeFileSync(join(here, `${round}-tally.json`), `${JSON.stringify(rows, null, 2)}\n`);
console.log(`caught ${caught} of ${wrongCount}; fair full marks ${fullFair} of ${fairCount}; tally in ${tally}`);

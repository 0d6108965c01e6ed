// `npm run grader:fair`: every fair implementation (checkpoints/fair-implementations) through
// `checkpoint --impl`, and every fair build notebook through `--notebook`, at seed 0 and three
// others, each implementation without and with `--hidden` (a notebook is graded by its own rules). Each must get full marks; the table shows every run,
// and the exit code is 1 when any fell short. Two gradings run at a time (each grades three rules
// at once): more would let the machine's load, not the rules, decide the deadline trials.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gradeFair, FAIR_SEEDS } from "../checkpoints/fair-implementations/grade-fair.js";

const require = createRequire(import.meta.url);
const { fairImplementations, fairNotebooks } = require("../checkpoints/fair-implementations/fair-set.js");
const { writeFairNotebooks } = require("../checkpoints/fair-implementations/notebooks/make.js");

const root = mkdtempSync(join(tmpdir(), "grader-fair-"));
try {
  const notebooks = writeFairNotebooks(root);
  const runs = [];
  for (const seed of FAIR_SEEDS)
    for (const hidden of [false, true]) {
      for (const fair of fairImplementations())
        runs.push({ kind: "impl", name: fair.name, path: fair.path, seed, hidden });
      if (!hidden)
        for (const fair of notebooks) runs.push({ kind: "notebook", name: fair.name, path: fair.path, seed, hidden });
    }
  if (fairNotebooks().length !== notebooks.length) throw new Error("a fair notebook module was not written");
  const results = await gradeFair(runs, join(root, "reports"), 2, (result) =>
    console.log(
      `${result.full ? "ok  " : "FAIL"} ${result.kind.padEnd(8)} ${result.name.padEnd(24)} seed ${String(result.seed).padEnd(6)} ${result.hidden ? "--hidden" : "        "} ${result.score}/${result.max} ${result.seconds.toFixed(1)} s${result.full ? "" : `: ${result.short.join("; ")}`}`,
    ),
  );
  const short = results.filter((result) => !result.full);
  console.log(`grader:fair: ${results.length - short.length} of ${results.length} gradings with full marks`);
  process.exitCode = short.length === 0 ? 0 : 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}

// Complete tier only: grades small classes through the real command, as root and as an ordinary user, each a process tree per learner.
// `checkpoint --class`: a mixed class (right, wrong, fair but different, broken, meddling) graded
// two at once; a learner's verdicts equal theirs graded alone with the same seed; a second run
// keeps every row; and a submission that tries to read or change what is not its own (another
// learner's work, the gradebook, the reports, through /proc too) changes nothing, whether the
// class is graded by root (a uid per job) or by an ordinary user (a user namespace; setpriv).
import { spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { leftInTemporaryFolders, snapshot } from "../support/files-left.js";
import { readGradebook } from "../../lib/src/grading/class/gradebook.js";
import { learnerSeed } from "../../lib/src/grading/class/learner-seed.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const MAIN = join(REPO_ROOT, "lib", "dist", "cli", "main.js");
const WRONG = join(REPO_ROOT, "checkpoints", "wrong-implementations");
const RULES = "ids-fresh,handshake-order";
/** An ordinary user for the setpriv run: a uid no account and no class job uses. */
const ORDINARY = 60555;

// Under /tmp, not the run's temporary folder: the ordinary user must reach it.
const root = mkdtempSync("/tmp/class-command-");
chmodSync(root, 0o755); // the ordinary user must reach its class; root's class lies in a private folder below
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(argv: readonly string[], as?: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const command =
    as === undefined
      ? [process.execPath, MAIN, ...argv]
      : [
          "setpriv",
          "--reuid",
          String(as),
          "--regid",
          String(as),
          "--clear-groups",
          "--",
          process.execPath,
          MAIN,
          ...argv,
        ];
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A module folder holding a wrong implementation (and the small client it is built from). */
function moduleFolder(at: string, index: string): void {
  mkdirSync(at, { recursive: true });
  cpSync(join(WRONG, "small-client.js"), join(at, "small-client.js"));
  writeFileSync(join(at, "index.js"), index);
}

/** A mark for the files the meddler leaves in /tmp, /var/tmp and /dev/shm: this run's alone. */
const MARK = `class-left-${process.pid}`;

/**
 * Graded code that tries everything a learner's code must not do, and prints what it found (it can
 * write nowhere the test could read: its report shows what it printed);
 * it also plants a second submission for bob (bob.js) and a stray file in the class folder and the
 * reports, rewrites and removes bob's files, forges its own job's report and the gradebook, and
 * leaves files in the temporary folders (the forgery writes-outside.js).
 */
function meddler(at: string, targets: { dir: string; victim: string; out: string }): void {
  cpSync(join(WRONG, "forgeries", "writes-outside.js"), join(at, "writes-outside.js"));
  writeFileSync(
    join(at, "targets.json"),
    JSON.stringify({
      mark: MARK,
      plant: ["planted.txt", "bob.js"],
      folders: [targets.dir, targets.out],
      rewrite: [targets.victim],
      remove: [join(targets.dir, "bob", "ids-fresh.js")],
      forge: [join(targets.out, "grades.csv"), join(targets.out, "learners", "bob", "results.json")],
      forgeBeside: ["../../report/results.json"], // its own job's report, beside its submission's copy
    }),
  );
  moduleFolder(
    at,
    `"use strict";
require("./writes-outside.js");
const fs = require("node:fs");
const path = require("node:path");
const t = ${JSON.stringify(targets)};
const found = {};
const attempt = (name, fn) => { try { found[name] = fn(); } catch (error) { found[name] = "refused: " + (error.code || error.message); } };
attempt("read victim", () => fs.readFileSync(t.victim, "utf8").includes("SECRET") ? "SEEN" : "not seen");
attempt("read gradebook", () => fs.readFileSync(path.join(t.out, "grades.csv"), "utf8").includes("learner,") ? "SEEN" : "not seen");
attempt("list work", () => fs.readdirSync(path.join(t.out, ".work")).length > 1 ? "SEEN" : "only its own");
attempt("through /proc", () => {
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\\d+$/.test(name)))
    for (const file of [t.victim, path.join(t.out, "grades.csv")])
      try { if (/SECRET|learner,/.test(fs.readFileSync("/proc/" + pid + "/root" + file, "utf8"))) return "SEEN via " + pid; } catch {}
  return "not seen";
});
attempt("write victim", () => { fs.appendFileSync(t.victim, "// meddled\\n"); return "written (somewhere)"; });
attempt("write gradebook", () => { fs.appendFileSync(path.join(t.out, "grades.csv"), "bob,999,999,graded\\n"); return "written (somewhere)"; });
attempt("forge reports", () => {
  const forged = JSON.stringify({ score: 999, max_score: 999, tests: [] });
  fs.mkdirSync(path.join(t.out, "learners", "bob"), { recursive: true });
  fs.writeFileSync(path.join(t.out, "learners", "bob", "results.json"), forged);
  for (const slot of ["1", "2", "3", "4"]) try { fs.writeFileSync(path.join(t.out, ".work", slot, "report", "results.json"), forged); } catch {}
  return "written (somewhere)";
});
console.log("found: " + JSON.stringify(found));
module.exports = require("./small-client.js").withMistakes();
`,
  );
}

interface Results {
  score: number;
  tests: Array<{ name: string; score: number; status: string; output: string }>;
  extra_data: { containment: string; file_containment: string };
}
const verdicts = (results: Results) => results.tests.map(({ name, score, status }) => ({ name, score, status }));

/** A class of bob (wrong: ids-fresh) and the meddler (otherwise right: a client built unlike the reference), plus what they need. */
function classOf(name: string, owner?: number): { dir: string; out: string; victim: string } {
  const base = join(root, name);
  const dir = join(base, "class");
  const out = join(base, "out");
  mkdirSync(dir, { recursive: true });
  moduleFolder(join(dir, "bob"), `// SECRET of bob's\nmodule.exports = require("./ids-fresh.js");\n`);
  cpSync(join(WRONG, "ids-fresh.js"), join(dir, "bob", "ids-fresh.js"));
  const victim = join(dir, "bob", "index.js");
  meddler(join(dir, "mallory"), { dir, victim, out });
  if (owner !== undefined) for (const path of [base, dir]) chownTree(path, owner);
  return { dir, out, victim };
}

function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  try {
    for (const name of readdirSync(path)) chownTree(join(path, name), uid);
  } catch {
    // a file
  }
}

/** What the meddler printed it found, each time it was loaded (from its report). */
function meddlingFound(out: string): Array<Record<string, string>> {
  const results = JSON.parse(readFileSync(join(out, "learners", "mallory", "results.json"), "utf8")) as Results;
  return results.tests.flatMap((test) =>
    [...test.output.matchAll(/^found: (.*)$/gmu)].map((match) => JSON.parse(match[1]!) as Record<string, string>),
  );
}

describe.runIf(process.getuid?.() === 0).concurrent("checkpoint --class", () => {
  it("grades a mixed class like each learner alone, keeps a meddler to itself, and a second run keeps every row", async () => {
    const { dir, out } = classOf(join("private", "root"));
    chmodSync(join(root, "private"), 0o700); // as mkdtemp leaves a folder: the graded uid cannot pass it
    writeFileSync(join(dir, "empty.ipynb"), "");
    const before = snapshot(dir);
    const [graded, alone] = await Promise.all([
      run(["checkpoint", "--class", dir, "--report-dir", out, "--jobs", "2", "--rules", RULES]),
      run([
        "checkpoint",
        "--impl",
        join(dir, "bob"),
        "--seed",
        String(learnerSeed("bob")),
        "--rules",
        RULES,
        "--report-dir",
        join(root, "alone"),
      ]),
    ]);
    expect(graded.code, graded.stderr).toBe(1); // empty.ipynb could not be graded
    const rows = readGradebook(out);
    expect(rows.map((row) => [row.learner, row.status, row.score, row.max])).toEqual([
      ["bob", "graded", 2, 3],
      [
        "empty",
        "not graded: the notebook file is empty: save the notebook in Jupyter and hand it in again",
        undefined,
        undefined,
      ],
      ["mallory", "graded", 3, 3],
    ]);
    const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Results;
    expect(verdicts(read(join(out, "learners", "bob", "results.json")))).toEqual(
      verdicts(read(join(root, "alone", "results.json"))),
    );
    expect(readFileSync(join(out, "learners", "bob", "feedback.txt"), "utf8")).toMatch(/^checkpoint: 2 of 3 points/u);
    // What the graded code starts ends with each host, as when the learner is graded alone.
    expect(read(join(out, "learners", "bob", "results.json")).extra_data.containment).toBe("pid-namespace");
    // The meddler ran (it printed what it found) and found nothing, and changed nothing.
    const found = meddlingFound(out);
    expect(found.length).toBeGreaterThan(0);
    for (const each of found) expect(Object.values(each).filter((value) => value.startsWith("SEEN"))).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
    expect(readFileSync(join(out, "grades.csv"), "utf8")).not.toContain("999");
    expect(readdirSync(out).sort()).toEqual(["class.html", "grades.csv", "learners"]);
    expect(leftInTemporaryFolders(MARK)).toEqual([]);

    const again = await run(["checkpoint", "--class", dir, "--report-dir", out, "--rules", RULES]);
    expect(again.stdout).toContain("2 of 3 learner(s) graded (0 in this run)");
    expect(readGradebook(out)).toEqual(rows);
  }, 300_000); // a bound on the test, not a measure: a class of gradings on a busy 2-core machine

  it("keeps a meddler to itself when an ordinary user grades the class (a user namespace per job)", async () => {
    const { dir, out } = classOf("ordinary", ORDINARY);
    const before = snapshot(dir);
    const graded = await run(
      ["checkpoint", "--class", dir, "--report-dir", out, "--jobs", "2", "--rules", RULES],
      ORDINARY,
    );
    expect(graded.code, graded.stderr).toBe(0);
    expect(graded.stderr).toContain("a user namespace of its own");
    expect(readGradebook(out).map((row) => [row.learner, row.score])).toEqual([
      ["bob", 2],
      ["mallory", 3],
    ]);
    const found = meddlingFound(out);
    expect(found.length).toBeGreaterThan(0);
    for (const each of found) expect(Object.values(each).filter((value) => value.startsWith("SEEN"))).toEqual([]);
    // The class folder, owned by the user the graded code runs as, is as it was: nothing planted,
    // rewritten or removed; so are the reports but what the grader wrote, and the temporary folders.
    expect(snapshot(dir)).toEqual(before);
    expect(readdirSync(out).sort()).toEqual(["class.html", "grades.csv", "learners"]);
    expect(leftInTemporaryFolders(MARK)).toEqual([]);
    const bob = JSON.parse(readFileSync(join(out, "learners", "bob", "results.json"), "utf8")) as Results;
    expect(bob.score).toBe(2);
    // Each host has namespaces of its own inside the job's, its file view among them.
    expect(bob.extra_data.containment).toBe("pid-namespace");
    expect(bob.extra_data.file_containment).toBe("private");
    // The next run finds the same class: no learner has a second submission, every row stays.
    const again = await run(["checkpoint", "--class", dir, "--report-dir", out, "--rules", RULES], ORDINARY);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("2 of 2 learner(s) graded (0 in this run)");
    expect(readGradebook(out).map((row) => [row.learner, row.status, row.score])).toEqual([
      ["bob", "graded", 2],
      ["mallory", "graded", 3],
    ]);
  }, 300_000); // a bound on the test, not a measure: a class of gradings on a busy 2-core machine
});

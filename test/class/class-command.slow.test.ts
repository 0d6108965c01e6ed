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

/** Graded code that tries everything a learner's code must not do, and leaves what it found in `drop`. */
function meddler(at: string, targets: { victim: string; out: string; drop: string }): void {
  moduleFolder(
    at,
    `"use strict";
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
try { fs.writeFileSync(path.join(t.drop, "found-" + process.pid + ".json"), JSON.stringify(found)); } catch {}
module.exports = require("./small-client.js").withMistakes();
`,
  );
}

interface Results {
  score: number;
  tests: Array<{ name: string; score: number; status: string }>;
  extra_data: { containment: string };
}
const verdicts = (results: Results) => results.tests.map(({ name, score, status }) => ({ name, score, status }));

/** A class of bob (wrong: ids-fresh) and the meddler (otherwise right: a client built unlike the reference), plus what they need. */
function classOf(name: string, owner?: number): { dir: string; out: string; drop: string; victim: string } {
  const base = join(root, name);
  const dir = join(base, "class");
  const out = join(base, "out");
  const drop = join(root, `${name.replace(/\//gu, "-")}-drop`); // beside, not below: reachable by the graded code
  mkdirSync(dir, { recursive: true });
  mkdirSync(drop);
  chmodSync(drop, 0o1777);
  moduleFolder(join(dir, "bob"), `// SECRET of bob's\nmodule.exports = require("./ids-fresh.js");\n`);
  cpSync(join(WRONG, "ids-fresh.js"), join(dir, "bob", "ids-fresh.js"));
  const victim = join(dir, "bob", "index.js");
  meddler(join(dir, "mallory"), { victim, out, drop });
  if (owner !== undefined) for (const path of [base, dir, drop]) chownTree(path, owner);
  return { dir, out, drop, victim };
}

function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  try {
    for (const name of readdirSync(path)) chownTree(join(path, name), uid);
  } catch {
    // a file
  }
}

function meddlingFound(drop: string): Array<Record<string, string>> {
  return readdirSync(drop).map((file) => JSON.parse(readFileSync(join(drop, file), "utf8")) as Record<string, string>);
}

describe.runIf(process.getuid?.() === 0).concurrent("checkpoint --class", () => {
  it("grades a mixed class like each learner alone, keeps a meddler to itself, and a second run keeps every row", async () => {
    const { dir, out, drop, victim } = classOf(join("private", "root"));
    chmodSync(join(root, "private"), 0o700); // as mkdtemp leaves a folder: the graded uid cannot pass it
    const before = readFileSync(victim, "utf8");
    writeFileSync(join(dir, "empty.ipynb"), "");
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
    // The meddler ran (it left what it found) and found nothing, and changed nothing.
    const found = meddlingFound(drop);
    expect(found.length).toBeGreaterThan(0);
    for (const each of found) expect(Object.values(each).filter((value) => value.startsWith("SEEN"))).toEqual([]);
    expect(readFileSync(victim, "utf8")).toBe(before);
    expect(readFileSync(join(out, "grades.csv"), "utf8")).not.toContain("999");

    const again = await run(["checkpoint", "--class", dir, "--report-dir", out, "--rules", RULES]);
    expect(again.stdout).toContain("2 of 3 learner(s) graded (0 in this run)");
    expect(readGradebook(out)).toEqual(rows);
  }, 300_000); // a bound on the test, not a measure: a class of gradings on a busy 2-core machine

  it("keeps a meddler to itself when an ordinary user grades the class (a user namespace per job)", async () => {
    const { dir, out, drop, victim } = classOf("ordinary", ORDINARY);
    const before = readFileSync(victim, "utf8");
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
    const found = meddlingFound(drop);
    expect(found.length).toBeGreaterThan(0);
    for (const each of found) expect(Object.values(each).filter((value) => value.startsWith("SEEN"))).toEqual([]);
    expect(readFileSync(victim, "utf8")).toBe(before);
    const bob = JSON.parse(readFileSync(join(out, "learners", "bob", "results.json"), "utf8")) as Results;
    expect(bob.score).toBe(2);
    // The job's PID namespace (its first process is the checkpoint) is what contains the graded code.
    expect(bob.extra_data.containment).toBe("grading-namespace");
  }, 300_000); // a bound on the test, not a measure: a class of gradings on a busy 2-core machine
});

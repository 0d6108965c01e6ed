// Complete tier only: grades a class twice through the class command, each learner in a job of its own.
// A grader's fault found before a learner's code ran is not the learner's (host/host-node.ts): in a
// class graded as root whose Node lies in a folder only root may enter, and whose temporary folder
// the jobs' uids cannot reach either, no Node can be had for the graded code. The learner's row then
// says "not graded", names the cause and says it will be graded again; the next run, with a temporary
// folder they can reach, grades them (the class runs its jobs on a copy of its Node there).
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GRADED, readGradebook } from "../../lib/src/grading/class/gradebook.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const MAIN = join(REPO_ROOT, "lib", "dist", "cli", "main.js");
const WRONG = join(REPO_ROOT, "checkpoints", "wrong-implementations");
const root = process.getuid?.() === 0;

// Under /tmp, not the run's temporary folder: the jobs' uids must reach the open temporary folder.
const base = mkdtempSync("/tmp/class-grader-fault-");
chmodSync(base, 0o755);
afterAll(() => rmSync(base, { recursive: true, force: true }));

function classCommand(
  node: string,
  temporary: string,
  dir: string,
  out: string,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(node, [MAIN, "checkpoint", "--class", dir, "--report-dir", out, "--rules", "ids-fresh"], {
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", TMPDIR: temporary },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

describe.skipIf(!root)("a class whose Node the jobs' uids cannot run", () => {
  it("marks the learner not graded, the grader's fault, and grades them on the next run", async () => {
    const closed = mkdtempSync(join(base, "root-only-")); // mode 0700
    const node = join(closed, "node");
    copyFileSync(process.execPath, node);
    chmodSync(node, 0o755);
    const dir = join(base, "class");
    mkdirSync(join(dir, "alice"), { recursive: true });
    cpSync(join(WRONG, "small-client.js"), join(dir, "alice", "small-client.js"));
    cpSync(join(WRONG, "ids-fresh.js"), join(dir, "alice", "ids-fresh.js"));
    writeFileSync(join(dir, "alice", "index.js"), `module.exports = require("./ids-fresh.js");\n`);
    const out = join(base, "out");

    const first = await classCommand(node, mkdtempSync(join(base, "tmp-closed-")), dir, out);
    expect(first.code, first.stderr).toBe(1);
    const [row] = readGradebook(out);
    expect(row?.status).toMatch(
      /^not graded \(the grader's fault, not the submission's\): uid \d+ cannot reach the grader's Node, nor a copy of it in the temporary folder \(at .*; it will be graded again on the class's next run$/u,
    );
    expect(row?.points).toEqual({});

    const open = join(base, "tmp-open");
    mkdirSync(open);
    chmodSync(open, 0o1777);
    const second = await classCommand(node, open, dir, out);
    expect(second.code, second.stderr).toBe(0);
    const [graded] = readGradebook(out);
    expect(graded?.status).toBe(GRADED);
    expect(graded?.points["ids-fresh"]).toBe(0); // graded as what it is: the wrong ids
  }, 240_000);
});

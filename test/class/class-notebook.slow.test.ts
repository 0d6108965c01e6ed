// Complete tier only: one build notebook graded whole in a class and alone, side by side (about 20 s).
// A class of the solved build notebook grades as `checkpoint --notebook` grades it alone: its
// cells compiled in the job's view, every rule run (a notebook takes no --rules in a class), and
// the job's checkpoint exits once its report is written. The rules that start relayed servers
// matter most here: a job's temporary folder lies deeper than /tmp, and spawn-argv-env's socket
// path once outgrew a Unix socket's there, leaving a listener that kept every job alive.
import { spawn } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readGradebook } from "../../lib/src/grading/class/gradebook.js";
import { learnerSeed } from "../../lib/src/grading/class/learner-seed.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const MAIN = join(REPO_ROOT, "lib", "dist", "cli", "main.js");
const SOLVED = join(REPO_ROOT, "notebooks", "solutions", "ch14-part-b-build-solutions.ipynb");
/** Rules that need the notebook's cells compiled: framing alone, and a server started through connect(). */
const COMPARED = ["messages-shape", "spawn-argv-env", "handshake-order"];

// Under /tmp: the job's graded uid must reach the class's parents.
const root = mkdtempSync("/tmp/class-notebook-");
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(argv: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...argv], { env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" } });
    let stderr = "";
    child.stdout.resume();
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

interface Results {
  score: number;
  max_score: number;
  tests: Array<{ name: string; score: number; status: string }>;
}
const read = (path: string): Results => JSON.parse(readFileSync(path, "utf8")) as Results;
const verdictsOf = (results: Results) =>
  Object.fromEntries(
    results.tests
      .filter(({ name }) => COMPARED.some((id) => name.startsWith(`${id}: `)))
      .map(({ name, score, status }) => [name, { score, status }]),
  );

describe.runIf(process.getuid?.() === 0)("checkpoint --class of build notebooks", () => {
  it("grades the solved notebook as checkpoint --notebook grades it alone, and ends", async () => {
    const dir = join(root, "class");
    mkdirSync(dir);
    cpSync(SOLVED, join(dir, "amy.ipynb"));
    const out = join(root, "out");
    const alone = join(root, "alone");
    const [graded, single] = await Promise.all([
      // A job that never ends shows as its row's status, well before the test's own limit.
      run(["checkpoint", "--class", dir, "--report-dir", out, "--jobs", "1", "--time-limit", "90"]),
      run(["checkpoint", "--notebook", SOLVED, "--seed", String(learnerSeed("amy")), "--report-dir", alone]),
    ]);
    // 1 when a rule outside those compared fails on a loaded machine; 2 is the grader's own fault.
    expect([0, 1], single.stderr).toContain(single.code);
    const [row] = readGradebook(out);
    expect(row?.status).toBe("graded");
    expect(graded.code, graded.stderr).toBe(0);
    const inClass = read(join(out, "learners", "amy", "results.json"));
    const byItself = read(join(alone, "results.json"));
    expect(Object.keys(verdictsOf(inClass))).toHaveLength(COMPARED.length);
    expect(verdictsOf(inClass)).toEqual(verdictsOf(byItself));
    expect(inClass.max_score).toBe(byItself.max_score);
  }, 150_000);
});

// The grader's faults are the grader's (host/host-node.ts, grader-fault.ts). As root, with the only
// Node in a folder only root may enter (where `npm exec --package=node@22` leaves it, under /root),
// every graded host exited 126 and every rule said FAIL, "look at: learner/src/framing.ts". Each case
// here runs the checkpoint command as a grader does, on a copy of this Node in a 0700 folder:
//  - a copy the grading uid can reach is made and used: the grading passes, and the report says so;
//  - where no such copy can be had (the temporary folder closed to that uid, or mounted noexec, or
//    too small to hold the copy), the run names what failed and where and exits 2, no rule says
//    FAIL, and results.json and junit.xml say "not graded" and why.
// The mounts are made in a mount namespace of the test's own (unshare --mount), so nothing outside
// it sees them. Root only: an ordinary user's grading runs the graded code as itself.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeFor, startNeedsTrying } from "../../../lib/src/grading/checkpoint/host/host-node.js";
import { reachableBy } from "../../../lib/src/grading/checkpoint/host/reachable-copy.js";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";

const NOBODY = { uid: 65534, gid: 65534 };
const CLI = join(REPO_ROOT, "lib", "dist", "cli", "main.js");
const root = process.getuid?.() === 0;
const canMount = root && spawnSync("unshare", ["--mount", "--", "true"]).status === 0;

let scratch: string;
/** This Node, copied into a folder only root may enter (mode 0700, as mkdtemp makes it). */
let hiddenNode: string;

beforeAll(() => {
  // Right under /tmp, not the run's deeper temporary folder: the relayed servers' socket paths
  // under TMPDIR must fit a Unix socket's 107 bytes (relayed-servers.ts checkSocketRoom).
  scratch = mkdtempSync("/tmp/hn-");
  chmodSync(scratch, 0o755);
  const closed = mkdtempSync(join(scratch, "root-only-"));
  hiddenNode = join(closed, "node");
  copyFileSync(process.execPath, hiddenNode);
  chmodSync(hiddenNode, 0o755);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly results: { max_score: number; output: string; tests: Array<{ name: string; status: string }> };
  readonly junit: string;
}

/**
 * The checkpoint on one rule, run by the hidden Node with TMPDIR at `temporary`; `mount` (a shell
 * line) first prepares `temporary` inside a mount namespace of its own.
 */
function checkpoint(name: string, temporary: string, mount?: string): Promise<Run> {
  const reports = join(scratch, `${name}-reports`);
  const argv = [hiddenNode, CLI, "checkpoint", "--rules", "framing-newline", "--report-dir", reports];
  const [program, ...args] =
    mount === undefined ? argv : ["unshare", "--mount", "--", "sh", "-c", `${mount} && exec "$@"`, "sh", ...argv];
  return new Promise((resolve) => {
    const child = spawn(program!, args, {
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", TMPDIR: temporary },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("close", (code) =>
      resolve({
        code,
        stdout,
        stderr,
        results: JSON.parse(readFileSync(join(reports, "results.json"), "utf8")) as Run["results"],
        junit: readFileSync(join(reports, "junit.xml"), "utf8"),
      }),
    );
  });
}

/** A temporary folder anyone may use, as /tmp is. */
function openFolder(name: string): string {
  const folder = join(scratch, name);
  mkdirSync(folder);
  chmodSync(folder, 0o1777);
  return folder;
}

/** What a run that met a grader's fault must show: exit 2, its cause and place, no rule FAIL, "not graded" reports. */
function expectNotGraded(run: Run, cause: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  const line = run.stderr.split("\n").find((each) => each.includes("not graded (the grader's fault"));
  expect(line, run.stderr).toMatch(cause);
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/^FAIL|look at: learner/mu);
  expect(run.results.max_score).toBe(0);
  expect(run.results.output).toMatch(/^not graded \(the grader's fault, not the submission's\): /u);
  expect(run.results.tests.map((test) => test.name)).toEqual(["checkpoint ran"]);
  expect(run.junit).toMatch(/<error message="not graded \(the grader's fault[^"]*" type="GraderFault">/u);
  expect(run.junit).not.toContain("<failure");
}

describe.skipIf(!root)("a root grader whose Node the grading uid cannot reach", () => {
  // The four gradings run at once: each mostly waits (on its host, on unshare), so together they take one's time.
  let runs: Record<"copied" | "closed" | "noexec" | "full", Run | undefined>;
  beforeAll(async () => {
    const noexec = openFolder("tmp-noexec");
    const full = openFolder("tmp-full");
    const [copied, closed, noexecRun, fullRun] = await Promise.all([
      checkpoint("copied", openFolder("tmp-open")),
      checkpoint("closed", mkdtempSync(join(scratch, "tmp-closed-"))),
      canMount
        ? checkpoint("noexec", noexec, `mount -t tmpfs -o noexec,mode=1777,size=512m workbook-noexec ${noexec}`)
        : undefined,
      canMount ? checkpoint("full", full, `mount -t tmpfs -o mode=1777,size=1m workbook-full ${full}`) : undefined,
    ]);
    runs = { copied, closed, noexec: noexecRun, full: fullRun };
  }, 120_000);

  it("grades on a copy the grading uid can reach, and says so", () => {
    const run = runs.copied!;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ok bytes become one frame per newline/mu);
    // The grading uid is drawn for each grading (learner-view.ts), so any uid.
    expect(run.stderr).toMatch(
      new RegExp(`node: the graded code ran on a copy of ${hiddenNode}, which uid \\d+ cannot reach`, "u"),
    );
  });

  it("is not graded, exit 2, where the temporary folder is closed to the grading uid", () => {
    expectNotGraded(
      runs.closed!,
      /uid \d+ cannot reach the grader's Node, nor a copy of it in the temporary folder \(at .*\/node; the copy's folder: /u,
    );
  });

  it.skipIf(!canMount)("is not graded, exit 2, where the copy cannot run (a noexec temporary folder)", () => {
    expectNotGraded(
      runs.noexec!,
      /a grading host could not start: .*\/node run as uid \d+ \(containment: [a-z-]+\) exited 126/u,
    );
  });

  it.skipIf(!canMount)("is not graded, exit 2, where there is no room on disk for the copy", () => {
    expectNotGraded(runs.full!, /no room on disk to copy Node where the grading uid can reach it: ENOSPC/u);
  });
});

describe.skipIf(!root)("nodeFor", () => {
  it("is this Node when the user can reach it, and one copy, reused, when it cannot", () => {
    expect(nodeFor(undefined, hiddenNode)).toEqual({ path: hiddenNode });
    const first = nodeFor(NOBODY, hiddenNode);
    expect(first.path).not.toBe(hiddenNode);
    expect(first.copied).toBe(`a copy of ${hiddenNode}, which uid 65534 cannot reach`);
    expect(nodeFor(NOBODY, hiddenNode).path).toBe(first.path);
    expect(nodeFor(NOBODY, first.path)).toEqual({ path: first.path });
  });

  it("replaces a copy another user could have changed", () => {
    const copy = nodeFor(NOBODY, hiddenNode).path;
    chownSync(join(copy, ".."), NOBODY.uid, NOBODY.gid); // as if nobody had made the folder first
    const again = nodeFor(NOBODY, hiddenNode).path;
    expect(statSync(join(again, "..")).uid).toBe(0);
    expect(statSync(again).mode & 0o022).toBe(0);
    chmodSync(again, 0o777); // a copy anyone may write
    const third = nodeFor(NOBODY, hiddenNode).path;
    expect(statSync(third).mode & 0o022).toBe(0);
  });
});

describe("startNeedsTrying: a host's start is tried only where its answer is not plain", () => {
  it("is not for this very Node run as the grader's own user, nor as a user who may reach and run it", () => {
    expect(startNeedsTrying(process.execPath, undefined)).toBe(false);
    expect(startNeedsTrying(process.execPath, NOBODY)).toBe(!reachableBy(NOBODY, process.execPath));
  });

  it("is for any other Node (a copy: its folder may be noexec), one that is not there, and a loader given help", () => {
    expect(startNeedsTrying(hiddenNode, undefined)).toBe(true);
    expect(startNeedsTrying(join(scratch, "no-such-node"), undefined)).toBe(true);
    process.env["LD_LIBRARY_PATH"] = scratch;
    try {
      expect(startNeedsTrying(process.execPath, undefined)).toBe(true);
    } finally {
      delete process.env["LD_LIBRARY_PATH"];
    }
  });
});

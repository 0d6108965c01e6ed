// The README test's runner must be able to fail: a wrong status, a process left behind, a line
// that never ends, a bounded line that never prints its text. Each is made to happen here.
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { processGroupMembers } from "../../lib/src/client/process-group.js";
import { classify } from "./readme-lines.js";
import { problemWith, runLine, type Limits } from "./run-line.js";

const LIMITS: Limits = { runMs: 3_000, boundedMs: 3_000 };
const env = { PATH: process.env["PATH"]! };
const run = (command: string, comment = "") => {
  const verdict = classify(command, comment);
  const waitFor = verdict.kind === "bounded" ? verdict.waitFor : undefined;
  return runLine(command, tmpdir(), env, LIMITS, waitFor).then((outcome) => ({
    outcome,
    problem: problemWith({ verdict }, outcome, LIMITS),
  }));
};

describe("runLine and problemWith", () => {
  it("pass a line that exits as its comment says", async () => {
    expect((await run("echo hello")).problem).toBeUndefined();
    expect((await run("exit 3", "fails: exits 3")).problem).toBeUndefined();
  });

  it("name a wrong exit status, and keep the end of the output", async () => {
    const { outcome, problem } = await run("echo on stderr >&2; exit 3");
    expect(problem).toBe("exited with 3, expected 0");
    expect(outcome.tail).toContain("on stderr");
  });

  it("catch a process the line left running, then end it", async () => {
    const { outcome, problem } = await run("sleep 30 >/dev/null 2>&1 & echo started");
    expect(problem).toMatch(/left 1 process\(es\) of its group running/);
    expect(processGroupMembers(outcome.pgid)).toEqual([]);
  });

  it("stop a line that never ends, and say how to mark it", async () => {
    const { outcome, problem } = await run("sleep 30");
    expect(outcome.timedOut).toBe(true);
    expect(problem).toMatch(/still running after 3 s .*until Ctrl-C.*not run here/);
  });

  it("end a bounded line once its text appears, its whole group with it", async () => {
    const { outcome, problem } = await run(
      `(sleep 30 &) ; echo "serving at http://127.0.0.1:9/"; sleep 30`,
      'until Ctrl-C "http://127.0.0.1:"',
    );
    expect(problem).toBeUndefined();
    expect(outcome.sawText).toBe(true);
    expect(outcome.ms).toBeLessThan(LIMITS.boundedMs);
    expect(processGroupMembers(outcome.pgid)).toEqual([]);
  });

  it("fail a bounded line that ends, or runs on, without its text", async () => {
    expect((await run("echo something else", 'until Ctrl-C "http://"')).problem).toBe(
      'ended (status 0) without printing "http://"',
    );
    expect((await run("sleep 30", 'until Ctrl-C "http://"')).problem).toBe('did not print "http://" within 3 s');
  });

  it("see text printed just before the line exits", async () => {
    expect((await run('echo "http://127.0.0.1:1/"', 'until Ctrl-C "http://"')).problem).toBeUndefined();
  });
});

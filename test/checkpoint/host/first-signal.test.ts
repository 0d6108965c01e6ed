// What the host sees before the graded code's first signal: the time its event loop sat waiting between
// ending the signalled child's input and signalling. Empty without a signal; signal 0 (a liveness question) not
// counted; a watch that has ended sees nothing more.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { beforeFirstSignal } from "../../../lib/src/grading/checkpoint/host/first-signal.js";

// The ms this event loop has sat waiting so far. A sleep on a loaded machine waits less than its
// length (time spent runnable but off the CPU counts as work), so the grace a sleep gives is judged
// against the waiting the test itself saw around it, never against the sleep's length.
const waitedMs = (): number => performance.eventLoopUtilization().idle;

const sleeper = () =>
  spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: ["pipe", "ignore", "ignore"] });

describe("beforeFirstSignal", () => {
  it("is empty without a signal, and signal 0 does not count", () => {
    const watch = beforeFirstSignal();
    process.kill(process.pid, 0);
    expect(watch()).toEqual({});
  });

  it("sees the first signal from process.kill or ChildProcess#kill", async () => {
    for (const send of ["process", "child"] as const) {
      const child = sleeper();
      await once(child, "spawn");
      const watch = beforeFirstSignal();
      if (send === "process") process.kill(child.pid!, "SIGTERM");
      else child.kill("SIGTERM");
      const seen = watch();
      expect(seen.signalled).toBe(true);
      expect(seen.graceMs).toBeUndefined(); // no input was ended first
      await once(child, "exit");
    }
  });

  // close-eof-first's measure of the client's own grace: waits count, signalling at once does not.
  it("gives the wait between ending a child's input and the signal: all the waiting a sleep between them made, under a moment for none", async () => {
    const cases = [
      { end: (child: ReturnType<typeof sleeper>) => child.stdin.end(), pauseMs: 300, busy: false },
      { end: (child: ReturnType<typeof sleeper>) => child.stdin.destroy(), pauseMs: 300, busy: false },
      { end: (child: ReturnType<typeof sleeper>) => child.stdin.end(), pauseMs: 0, busy: false },
      // Work is no wait: 300 ms of it between ending and signalling (a slow scan of /proc) gives no grace.
      { end: (child: ReturnType<typeof sleeper>) => child.stdin.end(), pauseMs: 0, busy: true },
    ];
    for (const { end, pauseMs, busy } of cases) {
      const child = sleeper();
      await once(child, "spawn");
      const watch = beforeFirstSignal();
      const before = waitedMs();
      end(child);
      if (pauseMs > 0) await sleep(pauseMs);
      for (const started = Date.now(); busy && Date.now() - started < 300;);
      child.kill("SIGTERM");
      const waited = waitedMs() - before;
      const { graceMs } = watch();
      if (pauseMs > 0) {
        expect(waited).toBeGreaterThan(0);
        expect(Math.abs(graceMs! - waited)).toBeLessThanOrEqual(1);
      } else expect(graceMs).toBeLessThan(100); // the rule's moment: ending and signalling at once is no grace
      await once(child, "exit");
    }
  });

  it("counts only the signalled child's own input (its group's, signalled as -pid): another child's end gives no grace", async () => {
    const [ended, signalled] = [sleeper(), sleeper()];
    await Promise.all([once(ended, "spawn"), once(signalled, "spawn")]);
    const other = beforeFirstSignal();
    ended.stdin.end();
    await sleep(300);
    signalled.kill("SIGTERM");
    expect(other().graceMs).toBeUndefined();
    ended.kill("SIGKILL");
    await Promise.all([once(ended, "exit"), once(signalled, "exit")]);

    const leader = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], {
      stdio: ["pipe", "ignore", "ignore"],
      detached: true,
    });
    await once(leader, "spawn");
    const group = beforeFirstSignal();
    const before = waitedMs();
    leader.stdin.end();
    await sleep(300);
    process.kill(-leader.pid!, "SIGTERM");
    const waited = waitedMs() - before;
    expect(waited).toBeGreaterThan(0);
    expect(Math.abs(group().graceMs! - waited)).toBeLessThanOrEqual(1);
    await once(leader, "exit");
  });

  // close-eof-first compares close()'s value with this: how the process really ended, as Node told the host.
  it("says how the child whose input the call ended really ended, and nothing of another child", async () => {
    const leaves = spawn(process.execPath, ["-e", "process.stdin.resume().on('end', () => process.exit(3))"], {
      stdio: ["pipe", "ignore", "ignore"],
    });
    const other = sleeper();
    await Promise.all([once(leaves, "spawn"), once(other, "spawn")]);
    const watch = beforeFirstSignal();
    leaves.stdin.end();
    other.kill("SIGKILL");
    await Promise.all([once(leaves, "exit"), once(other, "exit")]);
    expect(watch()).toEqual({ signalled: true, endedChild: { code: 3, signal: null } });

    const killed = sleeper();
    await once(killed, "spawn");
    const killedWatch = beforeFirstSignal();
    killed.stdin.end();
    killed.kill("SIGKILL");
    await once(killed, "exit");
    expect(killedWatch().endedChild).toEqual({ code: null, signal: "SIGKILL" });
  });

  it("sees nothing once its watch has ended", async () => {
    const watch = beforeFirstSignal();
    expect(watch()).toEqual({});
    const child = sleeper();
    await once(child, "spawn");
    child.stdin.end();
    child.kill("SIGTERM");
    expect(watch()).toEqual({});
    await once(child, "exit");
  });
});

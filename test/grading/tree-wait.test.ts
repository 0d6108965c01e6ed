// The meter a rule's bound reads (grading/trials/starvation.ts): the time a process tree stood ready
// to run while the CPUs ran others, from Linux's /proc/PID/task/TID/schedstat.
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, expect, it } from "vitest";
import { runRules } from "../../lib/src/grading/checkpoint/rules/run.js";
import { cpuWaitMeter, cpuWaits } from "../../lib/src/grading/trials/starvation.js";
import { stubRule } from "../support/stub-rule.js";

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) process.kill(-child.pid!, "SIGKILL"); // each its own group
});

/** A shell whose `count` children spin until the test ends them (the group's SIGKILL). */
function spinners(count: number): ChildProcess {
  const spin = `sh -c 'while :; do :; done' &`;
  const child = spawn("sh", ["-c", `${Array.from({ length: count }, () => spin).join(" ")} wait`], {
    stdio: "ignore",
    detached: true,
  });
  started.push(child);
  return child;
}

/** A process that sleeps: it never stands ready to run. */
function sleeper(): ChildProcess {
  const child = spawn("sleep", ["30"], { stdio: "ignore", detached: true });
  started.push(child);
  return child;
}

it("reads a process and, when asked, every process it started", async () => {
  const parent = spinners(2);
  await sleep(200);
  const alone = cpuWaits([{ pid: parent.pid!, withDescendants: false }]);
  const tree = cpuWaits([{ pid: parent.pid!, withDescendants: true }]);
  expect([...alone.keys()]).toEqual([parent.pid]);
  // The shell and its two loops.
  expect(tree.size).toBeGreaterThanOrEqual(3);
  for (const ms of tree.values()) expect(ms).toBeGreaterThanOrEqual(0);
  // A process that is gone, or never was, waited for nothing.
  expect(cpuWaits([{ pid: 2 ** 22 + 1, withDescendants: true }]).get(2 ** 22 + 1)).toBe(0);
});

it("counts the wait of more runnable processes than cores, and none for processes that sleep", async () => {
  const idle = sleeper();
  await sleep(300); // started and asleep: from here on it never stands ready to run
  const busy = spinners(availableParallelism() + 2);
  const busyMeter = cpuWaitMeter(() => [{ pid: busy.pid!, withDescendants: true }]);
  const idleMeter = cpuWaitMeter(() => [{ pid: idle.pid!, withDescendants: true }]);
  await sleep(600);
  expect(busyMeter()).toBeGreaterThan(0);
  expect(idleMeter()).toBe(0);
  // Never less than it said: a process that ends keeps its last reading.
  const before = busyMeter();
  await sleep(100);
  expect(busyMeter()).toBeGreaterThanOrEqual(before);
});

/** A rule whose body takes three times its deadline. */
const slowRule = stubRule(
  "slow-rule",
  async () => {
    await sleep(900);
    return "done";
  },
  { deadlineMs: 300 },
);

it("a rule's bound waits again what the graded code's processes waited for a CPU, and not for a graded code that sleeps", async () => {
  const session = (pid: number) => () =>
    Promise.resolve({
      probe: () => Promise.resolve({ ok: true as const, value: {} }),
      pid,
      close: () => Promise.resolve(""),
    });
  const idle = sleeper();
  const busy = spinners(availableParallelism() + 2);
  const [starved] = await runRules({ rules: [slowRule], openProbe: session(busy.pid!) });
  expect(starved?.status).toBe("passed");
  const [sleeping] = await runRules({ rules: [slowRule], openProbe: session(idle.pid!) });
  expect(sleeping?.status).toBe("failed");
  expect(sleeping?.line).toContain("an outcome within 300 ms");
});

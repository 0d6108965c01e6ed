// The host's count of its wait for a CPU before the graded code's first signal: undefined when the
// call sent none, a number once process.kill or ChildProcess#kill sent one, signal 0 (a liveness
// question) not counted, and a watch that has ended sees nothing more.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { queuedBeforeFirstSignal } from "../../../lib/src/checkpoint/host/first-signal.js";

describe("queuedBeforeFirstSignal", () => {
  it("is undefined without a signal, and signal 0 does not count", () => {
    const before = queuedBeforeFirstSignal();
    process.kill(process.pid, 0);
    expect(before()).toBeUndefined();
  });

  it("reads the wait at the first signal, from process.kill or ChildProcess#kill", async () => {
    for (const send of ["process", "child"] as const) {
      const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
      await once(child, "spawn");
      const before = queuedBeforeFirstSignal();
      if (send === "process") process.kill(child.pid!, "SIGTERM");
      else child.kill("SIGTERM");
      const waited = before();
      expect(waited).toBeTypeOf("number");
      expect(waited).toBeGreaterThanOrEqual(0);
      await once(child, "exit");
    }
  });

  it("sees nothing once its watch has ended", async () => {
    const before = queuedBeforeFirstSignal();
    expect(before()).toBeUndefined();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    await once(child, "spawn");
    child.kill("SIGTERM");
    expect(before()).toBeUndefined();
    await once(child, "exit");
  });
});

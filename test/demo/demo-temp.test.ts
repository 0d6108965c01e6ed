// A demo's temporary folder after its process is killed mid-run: a real process (standing in for a
// kernel) runs a demo in a TMPDIR of the test's own, is SIGKILLed while the mode is still waiting
// on its deadline, and its folder is there; the next start's sweep removes it, and never a folder
// whose process is alive.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { demoTempDir, sweepDemoTemp } from "../../lib/src/client/demo-temp.js";

const DIST = path.join(__dirname, "../../lib/dist");
let scratch = "";
afterEach(() => {
  if (scratch !== "") rmSync(scratch, { recursive: true, force: true });
});

/** Polls until `check` holds, or fails after `ms`. */
async function until<T>(check: () => T | undefined, ms: number, what: string): Promise<T> {
  for (const started = Date.now(); Date.now() - started < ms; await sleep(20)) {
    const value = check();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the demos' temporary folders", () => {
  it("outlive a SIGKILLed process only until the next start sweeps them", async () => {
    scratch = mkdtempSync(path.join(tmpdir(), "demo-temp-test-"));
    // The naive client's run and ours, at once, in a mode that waits out its deadline.
    const script = `
      const { runMode } = require(${JSON.stringify(path.join(DIST, "demo/failure-modes.js"))});
      const { runNaive } = require(${JSON.stringify(path.join(DIST, "naive-client/naive-harness.js"))});
      void runMode("hang", { timeoutMs: 30000 });
      void runNaive("hang", { readTimeoutMs: 30000, wallMs: 60000 });
      setInterval(() => undefined, 1000);`;
    const child = spawn(process.execPath, ["-e", script], {
      env: { PATH: process.env["PATH"] ?? "", TMPDIR: scratch },
      stdio: "ignore",
    });
    const pid = child.pid!;
    const folders = await until(
      () => {
        const names = readdirSync(scratch).filter(
          (name) => name.startsWith(`mcp-demo-${pid}-`) || name.startsWith(`mcp-naive-${pid}-`),
        );
        return names.length === 2 ? names.sort() : undefined;
      },
      20_000,
      "both demo folders",
    );
    // A folder of a live process is left alone.
    expect(sweepDemoTemp(scratch)).toEqual([]);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(folders.every((name) => existsSync(path.join(scratch, name)))).toBe(true); // no cleanup ran
    // The next start: the first folder any demo makes sweeps the dead process's folders first.
    const mine = demoTempDir("mcp-demo-", scratch);
    expect(readdirSync(scratch).sort()).toEqual([path.basename(mine)]);
    expect(sweepDemoTemp(scratch)).toEqual([]); // ours: this process is alive
  }, 60_000);
});

/**
 * A real tslab kernel, through Jupyter, holding unclosed clients in every teaching-server mode,
 * ended each way a kernel ends: SIGKILLed, restarted, shut down. /proc is polled for what is
 * left of the servers' groups up to a generous bound; the time it took is printed, not asserted.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { waitUntilGone } from "../../lib/src/chaos/leftovers.js";
import { TEACHING_MODES } from "../../lib/src/server-build/teaching-modes.js";
import { jupyterPython } from "../../lib/src/grading/checkpoint/notebook-runner-output.js";

const SCRIPT = path.join(__dirname, "../../scripts/kernel_ends.py");
const BOUND_MS = 20_000;

/** Runs kernel_ends.py; resolves with its JSON line the moment it is printed. */
function endKernel(
  how: string,
  modes: string[],
): Promise<{ held: { kernel: number; groups: number[] }; done: Promise<number | null> }> {
  const child = spawn(jupyterPython(), [SCRIPT, how, JSON.stringify(modes)], { stdio: ["ignore", "pipe", "pipe"] });
  const done = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve({ held: JSON.parse(out) as { kernel: number; groups: number[] }, done });
    });
    void done.then((code) =>
      reject(new Error(`kernel_ends.py ${how} exited ${code} before reporting: ${err.slice(-2000)}`)),
    );
  });
}

describe("a tslab kernel with unclosed clients in every mode ends, and nothing is left", () => {
  const modes = TEACHING_MODES.map((entry) => entry.mode);
  // The three kernels run at once: each waits mostly on Jupyter (a shutdown waits for the kernel to go).
  it.concurrent.each(["sigkill", "restart", "shutdown"])(
    "kernel %s",
    async (how) => {
      expect(modes.length).toBeGreaterThanOrEqual(20);
      const { held, done } = await endKernel(how, modes);
      expect(held.groups).toHaveLength(modes.length);
      const settled = await waitUntilGone(held.groups, BOUND_MS);
      console.log(
        `kernel ${how} with ${modes.length} unclosed clients: ${settled.left.length} processes left, ${Math.round(settled.ms)} ms after the kernel was gone`,
      );
      expect(settled.left).toEqual([]);
      expect(await done).toBe(0);
    },
    180_000,
  );
});

// The exercise checks' trial runners (rules/exercise-trials.ts) cost a host about 45 ms of CPU to
// load: a build notebook's host (sealLibrary), whose rules run no exercise trial, never loads them;
// any other host has them loaded before the graded code, as when answer.ts imported them.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openHostProbe } from "../../../lib/src/grading/checkpoint/host/host-probe.js";

// The built host (a test file's own folder holds only its TypeScript source).
const HOST_MAIN = resolve(__dirname, "../../../lib/dist/grading/checkpoint/host/host-main.js");
const dir = mkdtempSync(join(tmpdir(), "exercise-trials-"));
chmodSync(dir, 0o755);
const implementation = join(dir, "reports-loaded-runners.js");
// Which runners were loaded when the graded code loaded, and which are loaded when it is called.
writeFileSync(
  implementation,
  "const runners = () => Object.keys(require.cache).filter((path) =>\n" +
    "  /exercises\\/(ex4-cursor-loop\\/check|ex5-in-flight\\/check|ex7-dual-era\\/probe-trial)\\.js$/u.test(path)).length;\n" +
    "const atLoad = runners();\n" +
    "exports.encodeFrame = () => ({ atLoad, now: runners() });\n",
);
chmodSync(implementation, 0o644);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loadedRunners(sealLibrary: boolean): Promise<unknown> {
  const session = await openHostProbe(implementation, { user: "self", hostMain: HOST_MAIN, sealLibrary });
  try {
    const answer = await session.probe({ op: "call", fn: "encodeFrame", args: [] });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  } finally {
    await session.close();
  }
}

describe("the exercise trial runners in a grading host", () => {
  it("are never loaded by a build notebook's host", async () => {
    expect(await loadedRunners(true)).toEqual({ atLoad: 0, now: 0 });
  });

  it("are loaded by any other host before the graded code", async () => {
    expect(await loadedRunners(false)).toEqual({ atLoad: 3, now: 3 });
  });
});

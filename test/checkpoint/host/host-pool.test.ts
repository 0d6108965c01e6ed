// The hosts a checkpoint grades in: rules running at once each get a host of their own, so what
// the graded code prints during one rule is never counted as another's; a host that answered
// everything serves the next rule; dispose ends every host, idle or busy.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hostPool } from "../../../lib/src/checkpoint/host/host-probe.js";

// The built host (a test file's own folder holds only its TypeScript source).
const HOST_MAIN = resolve(__dirname, "../../../lib/dist/checkpoint/host/host-main.js");
const dir = mkdtempSync(join(tmpdir(), "host-pool-"));
chmodSync(dir, 0o755);
const implementation = join(dir, "prints-its-pid.js");
// Prints the host's pid and returns it: which host answered, and what it printed, are both visible.
writeFileSync(
  implementation,
  "exports.encodeFrame = () => { console.error(`pid ${process.pid}`); return String(process.pid); };\n",
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("hostPool", () => {
  it("gives rules open at once hosts of their own, reuses a host that answered, and ends them all", async () => {
    const pool = hostPool(implementation, { user: "self", hostMain: HOST_MAIN });
    const pidOf = async (probe: (typeof first)["probe"]) => {
      const answer = await probe({ op: "call", fn: "encodeFrame", args: [] });
      if (!answer.ok) throw new Error(answer.error.message);
      return Number(answer.value);
    };
    const first = await pool.openProbe();
    const second = await pool.openProbe();
    const [one, two] = [await pidOf(first.probe), await pidOf(second.probe)];
    expect(one).not.toBe(two);
    expect(await first.close()).toBe(`pid ${one}\n`);
    expect(await second.close()).toBe(`pid ${two}\n`);
    const third = await pool.openProbe();
    expect([one, two]).toContain(await pidOf(third.probe));
    await pool.dispose();
    expect([alive(one), alive(two)]).toEqual([false, false]);
  });
});

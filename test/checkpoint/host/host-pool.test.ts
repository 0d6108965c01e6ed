// The hosts a checkpoint grades in: rules running at once each get a host of their own, so what
// the graded code prints during one rule is never counted as another's; a host that answered
// everything serves the next rule; dispose ends every host, idle or busy.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hostPool } from "../../../lib/src/grading/checkpoint/host/host-probe.js";

// The built host (a test file's own folder holds only its TypeScript source).
const HOST_MAIN = resolve(__dirname, "../../../lib/dist/grading/checkpoint/host/host-main.js");
const dir = mkdtempSync(join(tmpdir(), "host-pool-"));
chmodSync(dir, 0o755);
const implementation = join(dir, "prints-its-name.js");
// Prints a name drawn when the host loads it and returns it: which host answered, and what it
// printed, are both visible (a pid would not do: each host may be pid 2 of a namespace of its own).
writeFileSync(
  implementation,
  'const name = require("node:crypto").randomUUID();\n' +
    "exports.encodeFrame = () => { console.error(`host ${name}`); return name; };\n",
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Live processes whose environment holds `mark` (zombies left out). */
const carrying = (mark: string): string[] =>
  readdirSync("/proc").filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return !/\) [ZX] /u.test(stat) && readFileSync(`/proc/${pid}/environ`, "utf8").includes(mark);
    } catch {
      return false;
    }
  });

describe("hostPool", () => {
  it("gives rules open at once hosts of their own, reuses a host that answered, and ends them all", async () => {
    const mark = `host-pool-${process.pid}-${Date.now()}`;
    const pool = hostPool(implementation, { user: "self", hostMain: HOST_MAIN, env: { POOL_MARK: mark } });
    const nameOf = async (probe: (typeof first)["probe"]) => {
      const answer = await probe({ op: "call", fn: "encodeFrame", args: [] });
      if (!answer.ok) throw new Error(answer.error.message);
      return String(answer.value);
    };
    const first = await pool.openProbe();
    const second = await pool.openProbe();
    const [one, two] = [await nameOf(first.probe), await nameOf(second.probe)];
    expect(one).not.toBe(two);
    expect(await first.close()).toBe(`host ${one}\n`);
    expect(await second.close()).toBe(`host ${two}\n`);
    const third = await pool.openProbe();
    expect([one, two]).toContain(await nameOf(third.probe));
    expect(carrying(mark).length).toBeGreaterThanOrEqual(2);
    await pool.dispose();
    expect(carrying(mark)).toEqual([]);
  });
});

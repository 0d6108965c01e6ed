// The source checks run beside the tests (scripts/test.sh) and the closing line waits for them:
// what it counts as failed is what the checks wrote, and it never waits on a folder that is gone.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { awaitSourceChecks, type SOURCE_CHECKS } from "../support/source-checks.js";

function folder(statuses: Partial<Record<(typeof SOURCE_CHECKS)[number], number>>): string {
  const dir = mkdtempSync(join(tmpdir(), "source-checks-"));
  for (const [name, status] of Object.entries(statuses)) {
    writeFileSync(join(dir, `${name}.out`), `${name} said this\n`);
    writeFileSync(join(dir, `${name}.status`), `${status}\n`);
  }
  return dir;
}

describe("awaitSourceChecks", () => {
  it("finds nothing when every check exited 0, and each that did not, with its output", async () => {
    expect(await awaitSourceChecks(folder({ tsc: 0, eslint: 0, prettier: 0 }))).toEqual([]);
    expect(await awaitSourceChecks(folder({ tsc: 2, eslint: 0, prettier: 1 }))).toEqual([
      { name: "tsc", output: "exit status 2\ntsc said this\n" },
      { name: "prettier", output: "exit status 1\nprettier said this\n" },
    ]);
  });

  it("waits for a check still running, and counts one that never ends within the limit", async () => {
    const dir = folder({ tsc: 0, eslint: 0 });
    setTimeout(() => writeFileSync(join(dir, "prettier.status"), "0\n"), 300);
    expect(await awaitSourceChecks(dir, 5000, 20)).toEqual([]);
    const stuck = folder({ tsc: 0, prettier: 0 });
    expect(await awaitSourceChecks(stuck, 100, 20)).toEqual([
      { name: "eslint", output: expect.stringMatching(/^no outcome within 0.1 s/u) },
    ]);
  });

  it("stops waiting once the test command removed the folder", async () => {
    const dir = folder({ tsc: 0 });
    setTimeout(() => rmSync(dir, { recursive: true, force: true }), 100);
    const [gone] = await awaitSourceChecks(dir, 60_000, 20);
    expect(gone?.output).toMatch(/is gone: the test command ended/u);
  });
});

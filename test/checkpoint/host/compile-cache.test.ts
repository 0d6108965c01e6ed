// The grader's compile cache (host/compile-cache.ts): made by the checkpoint command in a folder
// only the grader's uid may enter, so graded code (another uid, or its own /tmp) can neither read
// nor write what the next grader runs; a folder of that name anyone could have written is replaced,
// never used. Each case starts the command with a temporary folder of its own.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { reachableBy } from "../../../lib/src/grading/checkpoint/host/reachable-copy.js";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";

const CLI = join(REPO_ROOT, "lib", "dist", "cli", "main.js");
const root = process.getuid?.() === 0;
const scratch = mkdtempSync(join(tmpdir(), "compile-cache-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `checkpoint --help` with TMPDIR at a new folder; returns that folder's cache folder. */
function checkpointHelp(prepare: (cache: string) => void = () => undefined): string {
  const temporary = mkdtempSync(join(scratch, "tmp-"));
  const cache = join(temporary, `workbook-compile-cache-${process.getuid!()}`);
  prepare(cache);
  const run = spawnSync(process.execPath, [CLI, "checkpoint", "--help"], {
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", TMPDIR: temporary },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return cache;
}

/** Every file under `folder`. */
function entries(folder: string): string[] {
  return readdirSync(folder, { recursive: true }).map(String);
}

describe("the grader's compile cache", () => {
  it("is a folder only the grader's uid may enter, holding what the checkpoint command compiled", () => {
    const cache = checkpointHelp();
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(entries(cache).length).toBeGreaterThan(50);
    if (root) expect(reachableBy({ uid: 65534, gid: 65534 }, cache)).toBe(false);
  });

  it("replaces a folder of that name that others could write, and keeps none of what was in it", () => {
    const cache = checkpointHelp((folder) => {
      mkdirSync(folder);
      chmodSync(folder, 0o777);
      writeFileSync(join(folder, "planted"), "compiled code of someone else's");
    });
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(entries(cache)).not.toContain("planted");
  });
});

// scripts/jupyter-python.sh is the one finder of the workbook's Python (set-up, open-workbook,
// run_notebook.py's re-execution, render-html and the browser test all ask it).
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const FINDER = resolve(__dirname, "../../scripts/jupyter-python.sh");
const scratch = mkdtempSync(join(tmpdir(), "python-finder-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A "python" that can import nothing: what a bare pyenv or venv build looks like to the probe. */
function barePython(): string {
  const path = join(scratch, "bare-python");
  // Called as: python -c PROBE MODULE...; the probe prints the modules it cannot import: all of them.
  writeFileSync(path, '#!/bin/sh\nshift 2\necho "$@"\n');
  chmodSync(path, 0o755);
  return path;
}

const find = (env: Record<string, string>, ...modules: string[]) =>
  spawnSync("bash", [FINDER, ...modules], { encoding: "utf8", env: { PATH: process.env["PATH"]!, ...env } });

describe("scripts/jupyter-python.sh", () => {
  it("passes over a WORKBOOK_PYTHON that lacks a module, saying what it lacks", () => {
    const bare = barePython();
    const found = find({ WORKBOOK_PYTHON: bare }, "json");
    expect(found.status).toBe(0);
    expect(found.stdout.trim()).not.toBe(bare);
    expect(find({ WORKBOOK_PYTHON: bare }, "no_such_module_here").stderr).toContain(
      `${bare} lacks: no_such_module_here`,
    );
  });

  it("takes WORKBOOK_PYTHON first when it has the modules", () => {
    const found = find({ WORKBOOK_PYTHON: "/usr/bin/python3" }, "json");
    expect(found.stdout.trim()).toBe("/usr/bin/python3");
  });

  it("exits 1 and names each candidate's missing modules when none has them", () => {
    const found = find({}, "json", "no_such_module_here");
    expect(found.status).toBe(1);
    expect(found.stdout).toBe("");
    expect(found.stderr).toMatch(/lacks: no_such_module_here/);
  });
});

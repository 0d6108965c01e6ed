// Binder's files (.binder/, read by repo2docker) make the environment the workbook's image makes:
// the same Jupyter versions, the same Node installer, the same build and kernelspec, and only
// Debian packages the image has too. repo2docker itself is not run here (it builds for minutes);
// this holds the two recipes together so a change to one is seen in the other.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const read = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");
const containerfile = read("scripts/containers/workbook.Containerfile").replace(/\\\n/gu, " ");
/** The lines of a list file, without comments and blank lines. */
const entries = (text: string) =>
  text
    .split("\n")
    .map((line) => line.replace(/#.*/u, "").trim())
    .filter(Boolean);
/** The words of the image's RUN step that starts with `command`. */
function runStep(command: string): string[] {
  const step = containerfile.split("\n").find((line) => line.startsWith("RUN ") && line.includes(command));
  if (step === undefined) throw new Error(`workbook.Containerfile has no RUN step with ${command}`);
  return step.split(/\s+/u);
}

describe("Binder's files and the workbook's image", () => {
  it("pin the same Jupyter packages", () => {
    const pinned = runStep("pip install").filter((word) => /^[\w.-]+==[\w.]+$/u.test(word));
    expect(pinned.length).toBeGreaterThan(0);
    expect(entries(read(".binder/requirements.txt")).sort()).toEqual(pinned.sort());
  });

  it("install only Debian packages the image installs too", () => {
    const installed = runStep("apt-get install");
    for (const name of entries(read(".binder/apt.txt"))) expect(installed).toContain(name);
  });

  it("install Node, the packages, the build and the kernel the same way", () => {
    const postBuild = read(".binder/postBuild");
    expect(() => execFileSync("bash", ["-n", join(REPO_ROOT, ".binder/postBuild")])).not.toThrow();
    expect(containerfile).toMatch(/install-node\.sh/u);
    expect(postBuild).toMatch(/^bash scripts\/containers\/install-node\.sh /mu);
    expect(containerfile).toMatch(/npm ci --no-audit --no-fund/u);
    expect(postBuild).toMatch(/^npm ci --no-audit --no-fund$/mu);
    expect(postBuild).toMatch(/^npm run build$/mu);
    expect(containerfile).toMatch(/node \/opt\/workbook\/scripts\/write-kernelspec\.mjs /u);
    expect(postBuild).toMatch(/^node scripts\/write-kernelspec\.mjs /mu);
  });
});

// The rules by which a learner's folder meets a new image (scripts/containers/course-files.mjs),
// over generated courses: after any course update, a file the learner changed is theirs, every
// other file is the new course's, and no course file is missing. The command's usage error too.
import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

const SCRIPT = join(REPO_ROOT, "scripts", "containers", "course-files.mjs");
const { syncCourseFiles } = (await import(SCRIPT)) as {
  syncCourseFiles(course: string, home: string): string[];
};
const root = mkdtempSync(join(tmpdir(), "course-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function writeTree(dir: string, files: Record<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const PATHS = ["notebooks/a.ipynb", "notebooks/b.ipynb", "learner/src/index.ts", "README.md"];
const course = fc.dictionary(fc.constantFrom(...PATHS), fc.constantFrom("v1", "v2", "fix", ""), { minKeys: 1 });

describe("course-files.mjs", () => {
  it("keeps what the learner changed and brings every other file to the new course", () => {
    let run = 0;
    fc.assert(
      fc.property(course, course, fc.subarray(PATHS), (first, second, edited) => {
        const dir = join(root, String(run++));
        writeTree(join(dir, "course"), first);
        syncCourseFiles(join(dir, "course"), join(dir, "home"));
        const mine = edited.filter((path) => path in first);
        for (const path of mine) writeFileSync(join(dir, "home", path), `${first[path]} and the learner's work`);
        writeTree(join(dir, "course"), second);
        syncCourseFiles(join(dir, "course"), join(dir, "home"));
        for (const [path, text] of Object.entries(second)) {
          const held = readFileSync(join(dir, "home", path), "utf8");
          const changedByLearner = mine.includes(path) && `${first[path]} and the learner's work` !== text;
          expect(held).toBe(changedByLearner ? `${first[path]} and the learner's work` : text);
        }
        rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: 25 },
    );
  });

  it("says which files it copied, updated and kept", () => {
    const dir = join(root, "lines");
    writeTree(join(dir, "course"), { "a.md": "1", "b.md": "1" });
    expect(syncCourseFiles(join(dir, "course"), join(dir, "home"))).toEqual(["copied a.md", "copied b.md"]);
    writeFileSync(join(dir, "home", "a.md"), "mine");
    writeTree(join(dir, "course"), { "a.md": "2", "b.md": "2" });
    expect(syncCourseFiles(join(dir, "course"), join(dir, "home"))).toEqual([
      "kept your a.md (the course's copy differs)",
      "updated b.md",
    ]);
  });

  it("copies what a link in the course points at, as a file of the learner's", () => {
    const dir = join(root, "link");
    writeTree(join(dir, "course"), { "checkpoints/c.ipynb": "graded" });
    mkdirSync(join(dir, "course", "notebooks"));
    symlinkSync("../checkpoints/c.ipynb", join(dir, "course", "notebooks", "c.ipynb"));
    expect(syncCourseFiles(join(dir, "course"), join(dir, "home"))).toContain("copied notebooks/c.ipynb");
    expect(lstatSync(join(dir, "home", "notebooks", "c.ipynb")).isFile()).toBe(true);
  });

  it("exits 2 with what it expected when the course folder is missing", () => {
    const ran = spawnSync(process.execPath, [SCRIPT, join(root, "no-such-course"), join(root, "home")], {
      encoding: "utf8",
    });
    expect(ran.status).toBe(2);
    expect(ran.stderr).toMatch(/^usage: node course-files\.mjs COURSE HOME \(COURSE a folder that exists\); got: /u);
  });
});

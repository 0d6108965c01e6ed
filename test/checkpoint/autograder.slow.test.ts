// Complete tier only: builds the Gradescope bundle, then grades submissions with its run_autograder.
// The Gradescope bundle, tried the way Gradescope would use it: `npm run autograder:bundle`, the
// zip unpacked into a temporary "source" folder, its packages installed from the bundled lockfile,
// and run_autograder run with the directory contract moved into temporary folders, on a correct
// and a wrong submission. setup.sh, and the bundle in Ubuntu 22.04 with no network, are tried by
// test/containers/gradescope.slow.test.ts (npm run test:containers).
// The install is `npm ci --offline` from npm's cache when WORKBOOK_AUTOGRADER_INSTALL=1
// (`npm run autograder:test`, about 35 s); in `npm test` the bundle uses the repository's
// node_modules, installed from the same lockfile (the test checks the two lockfiles are equal).
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { FULL_MARKS, RIGHT, WRONG, WRONG_MARKS, type Submission } from "./autograder-submissions.js";

const root = mkdtempSync(join(tmpdir(), "autograder-"));
chmodSync(root, 0o755);
const source = join(root, "source");
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(() => {
  const zip = join(root, "autograder.zip");
  execFileSync("bash", [join(REPO_ROOT, "scripts", "autograder-bundle.sh"), "--out", zip], {
    cwd: REPO_ROOT,
    stdio: "pipe",
  });
  mkdirSync(source);
  execFileSync("unzip", ["-q", zip, "-d", source]);
  if (process.env["WORKBOOK_AUTOGRADER_INSTALL"] === "1")
    execFileSync("npm", ["ci", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
      cwd: source,
      stdio: "pipe",
    });
  else symlinkSync(join(REPO_ROOT, "node_modules"), join(source, "node_modules"));
}, 180_000);

interface Graded {
  readonly status: number | null;
  readonly results: {
    score: number;
    max_score: number;
    tests: Array<{ name: string; status: string; output?: string }>;
  };
}

/** A submission folder holding `files`, graded by the bundle's run_autograder with the folders moved. */
function grade(name: string, files: Submission): Promise<Graded> {
  const submission = join(root, name, "submission");
  const results = join(root, name, "results");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(submission, path, ".."), { recursive: true });
    writeFileSync(join(submission, path), text);
  }
  return new Promise((resolve, reject) => {
    const child = spawn("bash", [join(source, "run_autograder")], {
      env: {
        PATH: process.env["PATH"] ?? "",
        AUTOGRADER_SOURCE: source,
        AUTOGRADER_SUBMISSION: submission,
        AUTOGRADER_RESULTS: results,
      },
      stdio: "ignore",
    });
    child.on("error", reject);
    child.on("close", (status) => {
      try {
        resolve({
          status,
          results: JSON.parse(readFileSync(join(results, "results.json"), "utf8")) as Graded["results"],
        });
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

describe("the Gradescope autograder bundle", () => {
  it("holds setup.sh, run_autograder and the repository's own lockfile", () => {
    expect(readFileSync(join(source, "package-lock.json"), "utf8")).toBe(
      readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8"),
    );
    expect(readFileSync(join(source, "setup.sh"), "utf8")).toMatch(/Ubuntu 22\.04[\s\S]*npm ci/u);
  });

  it("grades a correct learner/ submission with full marks and a wrong one with its one FAIL", async () => {
    const [right, wrong] = await Promise.all([grade("right", RIGHT), grade("wrong", WRONG)]);
    expect(right.status).toBe(0);
    // The failed tests' own lines first: what failed, not just the score.
    expect(right.results.tests.filter((test) => test.status === "failed")).toEqual([]);
    expect(right.results).toMatchObject({ score: FULL_MARKS, max_score: FULL_MARKS });
    expect(wrong.status).toBe(0); // Gradescope reads results.json, not the exit status
    const wrongFailed = wrong.results.tests.filter((test) => test.status === "failed");
    // The failed tests' own output in the message: what the grader saw, should another rule fail too.
    expect(
      wrongFailed.map((test) => test.name.split(":")[0]),
      JSON.stringify(wrongFailed, null, 1),
    ).toEqual(["ids-exact"]);
    expect(wrong.results.score).toBe(WRONG_MARKS);
  }, 300_000);

  it("an empty submission still gets a results.json that says why", async () => {
    const empty = await grade("empty", { "README.txt": "nothing here\n" });
    expect(empty.results.tests).toEqual([expect.objectContaining({ name: "checkpoint ran", status: "failed" })]);
  }, 60_000);
});

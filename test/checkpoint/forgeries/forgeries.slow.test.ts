// Complete tier only: grades every forgery through the isolated host and its relayed servers.
// The forgeries of issue 19, graded as the checkpoint grades (the isolated host, the relay to a
// server the grader runs), on the rules each one cheats on: the log scrubber, the forger of a
// purchase, the grader detectors, a build notebook whose pieces delegate to the library. Each
// gains no rule a correct client would not; a detector
// keyed on a tell docs/graders.md does not list fails the rules it cheats on; each tell the
// checkpoint still shows is listed there. The grader is the built one (lib/dist), as npm run checkpoint runs it.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeImplementation, type GradeReport } from "../../../lib/dist/grading/checkpoint/grade-implementation.js";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";
import { ruleById } from "../../../lib/dist/grading/checkpoint/rules/index.js";
import { gradeNotebook } from "../../../lib/dist/grading/checkpoint/grade-notebook.js";
import { readDoc } from "../../support/docs-pages.js";

const FORGERIES = join(REPO_ROOT, "checkpoints", "wrong-implementations", "forgeries");
const { REMOVED, REMAINING } = require(join(FORGERIES, "tells.js")) as {
  REMOVED: Record<string, unknown>;
  REMAINING: Record<string, unknown>;
};

/** The rules a detector cheats on (its answerFor and its allowlist), with the control the allowlist depends on. */
const CHEATED = ["ids-exact", "negative-control", "allowlist-before-write"].map((id) => ruleById(id)!);

const reports = new Map<string, GradeReport>();
let delegating: GradeReport | undefined;
const statuses = (file: string): Record<string, string> =>
  Object.fromEntries(reports.get(file)!.verdicts.map((verdict) => [verdict.rule, verdict.status]));
const printed = (file: string): string =>
  reports
    .get(file)!
    .verdicts.map((verdict) => verdict.output)
    .join("\n");

beforeAll(async () => {
  const files = ["reference", "log-scrubber.js", "fake-purchase.js", "detects-unlisted-tells.js"];
  await Promise.all([
    ...files.map(async (file) => {
      const path = file === "reference" ? join(REPO_ROOT, "lib", "dist", "index.js") : join(FORGERIES, file);
      reports.set(file, await gradeImplementation(path, { rules: CHEATED }));
    }),
    (async () => void ({ report: delegating } = await gradeNotebook(join(FORGERIES, "delegates-to-library.ipynb"))))(),
  ]);
}, 120_000);

describe("forgeries against evidence the grader keeps", () => {
  it("the reference passes the rules the forgeries cheat on", () => {
    expect(statuses("reference")).toEqual({
      "ids-exact": "passed",
      "negative-control": "passed",
      "allowlist-before-write": "passed",
    });
  });

  it("the log scrubber sends place_purchase, finds no log it may rewrite, and fails allowlist-before-write", () => {
    expect(statuses("log-scrubber.js")["allowlist-before-write"]).toBe("failed");
    const verdict = reports.get("log-scrubber.js")!.verdicts.find((each) => each.rule === "allowlist-before-write")!;
    // The server's own record of the refused call shows what was sent, before its log is read.
    expect(verdict.line).toMatch(
      /what reached the server while callTool\("place_purchase"\).*received \[tools\/call\]|the server's log: expected exactly one word_count call and no place_purchase/u,
    );
    expect(verdict.line).toContain("place_purchase");
    expect(printed("log-scrubber.js")).not.toMatch(/scrubbed/u);
  });

  it("the forger of a purchase cannot write the log: the negative control fails", () => {
    expect(statuses("fake-purchase.js")).toMatchObject({
      "negative-control": "failed",
      "allowlist-before-write": "not-graded",
    });
    expect(printed("fake-purchase.js")).not.toMatch(/appended a purchase/u);
  });

  it("a detector keyed on the tells the checkpoint no longer shows sees none of them and fails what it cheats on", () => {
    expect(statuses("detects-unlisted-tells.js")).toEqual({
      "ids-exact": "failed",
      "negative-control": "passed",
      "allowlist-before-write": "failed",
    });
    expect(printed("detects-unlisted-tells.js")).toMatch(/^tells seen: \[\]$/mu);
    expect(printed("detects-unlisted-tells.js")).not.toMatch(/tells seen: \[[^\]]/u);
  });
});

describe("a build notebook whose pieces delegate to the library's reference", () => {
  it("scores 0: graded, the reference is out of reach and each piece says it must be written, not imported", () => {
    const verdicts = delegating!.verdicts;
    expect(verdicts.length).toBeGreaterThan(20);
    expect(verdicts.filter((verdict) => verdict.score > 0).map((verdict) => verdict.rule)).toEqual([]);
    // A rule that runs says the piece must be written; one behind a failed rule is not graded; the
    // receipts' costs have nothing to check either way.
    for (const verdict of verdicts) {
      if (verdict.status === "not-graded" || verdict.status === "not-applicable") continue;
      // The forgery predates the topTools section: that piece is simply missing, and fails as such.
      expect(verdict.line).toMatch(
        /\w+ is not implemented in its build cell: it must be written, not imported|expected topTools; received not exported/u,
      );
    }
    expect(verdicts.filter((verdict) => verdict.status === "failed").length).toBeGreaterThan(20);
  });
});

describe("the tells", () => {
  const detectors = readdirSync(FORGERIES).filter(
    (name) => name.startsWith("detects-") && name !== "detects-unlisted-tells.js",
  );
  const grader = readDoc("graders");

  it("each tell has a detector keyed on it alone, and the unlisted-tells detector keys on every removed one", () => {
    expect(detectors.map((name) => name.replace(/^detects-|\.js$/gu, "")).sort()).toEqual(
      [...Object.keys(REMOVED), ...Object.keys(REMAINING)].sort(),
    );
  });

  it("the README's grader section lists each tell that remains, by name, and no removed one", () => {
    for (const tell of Object.keys(REMAINING)) expect(grader).toContain(`\`${tell}\``);
    for (const tell of Object.keys(REMOVED)) expect(grader).not.toContain(`\`${tell}\``);
  });
});

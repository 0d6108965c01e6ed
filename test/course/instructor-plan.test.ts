// docs/instructor-plan.md is true to the material: every step names a section or command that
// exists, in the notebooks' order, with its minutes computed from those sections; it warns about the
// instructor's own blank checkpoint and links the 2026-07-28 notebook. A wrong plan must fail.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { planProblems, planSteps } from "./plan-check.js";

const REPO = resolve(__dirname, "../..");
const PLAN = readFileSync(join(REPO, "docs/instructor-plan.md"), "utf8");
const notebookText = (path: string) => readFileSync(join(REPO, path), "utf8");

describe("the instructor's plan", () => {
  test("names only sections and commands that exist, in the notebooks' order, with computed minutes", () => {
    expect(planSteps(PLAN).length).toBeGreaterThanOrEqual(8);
    expect(planProblems(PLAN, REPO)).toEqual([]);
  });

  test("a wrong plan fails: a missing section, steps out of order, a typed minute, a command that is not there", () => {
    const rows = PLAN.split("\n");
    const partB = rows.findIndex((row) => row.includes("§ 1 · One question, one matching answer"));
    const swapped = [...rows];
    [swapped[partB], swapped[partB + 1]] = [swapped[partB + 1]!, swapped[partB]!];
    expect(planProblems(swapped.join("\n"), REPO).some((p) => p.includes("out of the notebook's order"))).toBe(true);
    expect(planProblems(PLAN.replace("§ 7 · The allowlist", "§ 7 · The allow list"), REPO)).toContainEqual(
      expect.stringContaining('no section "7 · The allow list"'),
    );
    expect(planProblems(PLAN.replace("| 8 | The allowlist", "| 6 | The allowlist"), REPO)).toContainEqual(
      expect.stringContaining("6 minutes stated"),
    );
    expect(planProblems(PLAN.replace("demo wrong-id --sdk", "demo wrong-id --official"), REPO)).toContainEqual(
      expect.stringContaining("demo has no --official"),
    );
    expect(planProblems(PLAN.replace("demo all`", "demo everything`"), REPO)).toContainEqual(
      expect.stringContaining("no mode everything"),
    );
    const galleryFirst = PLAN.replace(
      /(\| 9 \| In a coding agent[^\n]*)\n(\| 17 \| The failure gallery[^\n]*)/,
      "$2\n$1",
    );
    expect(planProblems(galleryFirst, REPO)).toContainEqual(expect.stringContaining("comes before a notebook"));
  });

  test("warns about the instructor's own blank checkpoint, and links the 2026-07-28 notebook", () => {
    expect(PLAN).toMatch(/## Before you show the checkpoint: your own copy grades blank/);
    expect(PLAN).toContain("every rule fails");
    expect(PLAN).toContain("](../notebooks/since-the-chapter-2026-07-28.ipynb)");
  });

  test("the notebooks agree: the gallery's old-version links 2026-07-28, no `demo all --trace`, no guessed duration", () => {
    const gallery = notebookText("notebooks/failure-gallery.ipynb");
    expect(gallery).not.toContain("demo all --trace");
    const cells = (JSON.parse(gallery) as { cells: Array<{ source: string[] }> }).cells.map((c) => c.source.join(""));
    expect(cells.find((cell) => cell.startsWith("## old-version"))).toContain("(since-the-chapter-2026-07-28.ipynb)");
    expect(notebookText("checkpoints/ch14-checkpoint.ipynb")).not.toMatch(/about a minute/);
  });
});

// Complete tier only: ten full checkpoint runs through the built command line and its isolated host.
// Mostly waits: each grading waits on deadlines, trickling servers and process groups of its own.
// Correct work the chapter allows gets full marks: each fair implementation graded once through
// `checkpoint --impl`, the seeds and --hidden spread across them so every seed and both settings
// are met, and two fair build notebooks through `--notebook`. A rule change that costs any of them
// a point fails here. `npm run grader:fair` grades every one at every seed, with and without --hidden.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DIR = resolve(__dirname, "../../../checkpoints/fair-implementations");
const load = createRequire(join(DIR, "index.js"));
interface Run {
  readonly kind: "impl" | "notebook";
  readonly name: string;
  readonly path: string;
  readonly seed: number;
  readonly hidden: boolean;
}
interface Result extends Run {
  readonly score: number;
  readonly max: number;
  readonly full: boolean;
  readonly short: readonly string[];
}
const { fairImplementations } = load("./fair-set.js") as {
  fairImplementations(): Array<{ name: string; path: string }>;
};
const { writeFairNotebooks } = load("./notebooks/make.js") as {
  writeFairNotebooks(dir: string): Array<{ name: string; path: string }>;
};
const { gradeFair, FAIR_SEEDS } = load("./grade-fair.js") as {
  gradeFair(runs: Run[], root: string, lanes: number): Promise<Result[]>;
  FAIR_SEEDS: readonly number[];
};

const root = mkdtempSync(join(tmpdir(), "fair-implementations-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Implementation i gets seed i mod 4 and --hidden on odd i: all four seeds, both settings.
const runs: Run[] = [
  ...fairImplementations().map((fair, index): Run => ({
    kind: "impl",
    ...fair,
    seed: FAIR_SEEDS[index % FAIR_SEEDS.length]!,
    hidden: index % 2 === 1,
  })),
  // A build notebook is graded by its own rules (`checkpoint --notebook` takes no --hidden).
  ...writeFairNotebooks(root).map((fair, index): Run => ({
    kind: "notebook",
    ...fair,
    seed: FAIR_SEEDS[index]!,
    hidden: false,
  })),
];

let results: Result[] = [];
beforeAll(async () => {
  // Two gradings at a time, each grading three rules at once: more would let the machine's load decide the deadline trials.
  results = await gradeFair(runs, join(root, "reports"), 2);
}, 600_000);

describe("fair implementations get full marks", () => {
  it("meets every seed and both --hidden settings", () => {
    expect(new Set(runs.map((run) => run.seed))).toEqual(new Set(FAIR_SEEDS));
    expect(new Set(runs.map((run) => run.hidden))).toEqual(new Set([false, true]));
  });

  it.each(runs.map((run) => [`${run.kind} ${run.name} (seed ${run.seed}${run.hidden ? ", --hidden" : ""})`, run.name]))(
    "%s",
    (_label, name) => {
      const result = results.find((each) => each.name === name)!;
      expect({ name, short: result.short, score: result.score }).toEqual({ name, short: [], score: result.max });
      expect(result.full).toBe(true);
    },
  );
});

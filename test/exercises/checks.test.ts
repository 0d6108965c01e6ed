// The checkpoint's optional exercise section: every exercise's check passes its reference answer,
// in the checkpoint's wording, and leaves no teaching server behind.
import { afterEach, describe, expect, it } from "vitest";
import { exerciseChecks, runExerciseSection } from "../../lib/src/exercises/index.js";
import { teachingServersStartedBy } from "../../lib/src/client/live-servers.js";

afterEach(() => {
  expect(teachingServersStartedBy()).toEqual([]);
});

describe("the exercise section (the checkpoint's optional part)", () => {
  it("passes all six against the reference answers, in the checkpoint's wording", async () => {
    const results = await runExerciseSection();
    expect(results.map((r) => r.name)).toEqual(exerciseChecks.map((c) => c.name));
    for (const result of results) expect(result.output, result.name).toMatch(/^ok exercise \d: /u);
    expect(results.every((r) => r.ok)).toBe(true);
  }, 60_000);
});

// The deadlines deadline-as-given draws (lib/src/checkpoint/rules/deadline-rules.ts): for every
// seed, inside the chapter's range as the issue fixes it (1 to 8 s), at least one of them 5 s or
// more (where a stretched long timeout shows), and the margin each is judged by stays far below
// the 60 s a stretched timeout runs to.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DRAWN_DEADLINE_MS,
  LONG_DEADLINE_MS,
  drawnDeadlines,
  latestEnd,
} from "../../../lib/src/checkpoint/rules/deadline-rules.js";

describe("the drawn deadlines", () => {
  it("are three per seed in [1, 8] s, at least one 5 s or more, each judged well below 60 s", () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const drawn = drawnDeadlines(seed);
        expect(drawn).toHaveLength(3);
        for (const timeoutMs of drawn) {
          expect(timeoutMs).toBeGreaterThanOrEqual(DRAWN_DEADLINE_MS.low);
          expect(timeoutMs).toBeLessThanOrEqual(DRAWN_DEADLINE_MS.high);
          expect(latestEnd(timeoutMs)).toBeLessThan(30_000);
        }
        expect(drawn.some((timeoutMs) => timeoutMs >= LONG_DEADLINE_MS)).toBe(true);
        expect(drawnDeadlines(seed)).toEqual(drawn);
      }),
    );
  });

  it("differ between seeds, and the public ones (seed 0) differ from each other", () => {
    expect(new Set(drawnDeadlines(0)).size).toBe(3);
    const seen = new Set(Array.from({ length: 20 }, (_, seed) => drawnDeadlines(seed + 1).join()));
    expect(seen.size).toBeGreaterThan(15);
  });
});

import { describe, expect, it } from "vitest";
import { DEMO_MODES, formatOutcomes, runAllModes } from "../../lib/src/demo/failure-modes.js";

describe("the failure-mode demo", () => {
  it("every mode ends as the chapter says, and none leaves a process behind", async () => {
    const outcomes = await runAllModes({ timeoutMs: 1000 });
    expect(outcomes.map((o) => [o.mode, o.outcome])).toEqual(DEMO_MODES.map((entry) => [entry.mode, entry.expect]));
    expect(outcomes.every((o) => o.leftBehind === 0)).toBe(true);
    expect(outcomes.filter((o) => o.outcome === "result").every((o) => o.detail === "3")).toBe(true);
    const table = formatOutcomes(outcomes);
    expect(table.split("\n")).toHaveLength(DEMO_MODES.length + 2);
    expect(table).toMatch(/^old-version\s+version\s+yes/m);
  }, 60_000);
});

import { describe, expect, it } from "vitest";
import { ERA_CHANGES, fallbackComparison, keyedTo32601 } from "../../lib/src/demo/since-the-chapter.js";
import { judgeProbe } from "../../lib/src/protocol/eras.js";

describe("the notebook's era comparison (lib/src/demo/since-the-chapter.ts)", () => {
  it("shows the spec's rule falling back to every legacy answer, where the -32601 foil strands all but one", () => {
    const rows = fallbackComparison();
    const legacy = rows.filter((row) => row.answer !== "-32022");
    expect(legacy.every((row) => row.spec === "initialize")).toBe(true);
    expect(legacy.filter((row) => row.keyed === "initialize").map((row) => row.answer)).toEqual(["-32601"]);
    expect(rows.find((row) => row.answer === "-32022")).toMatchObject({ spec: "refuse" });
  });

  it("the foil differs from the rule exactly on the non--32601 errors and silence", () => {
    for (const code of [-32700, -32603, -32600, -32602, 0, 1])
      expect([judgeProbe({ kind: "error", code }).next, keyedTo32601({ kind: "error", code })]).toEqual([
        "initialize",
        "refuse",
      ]);
  });

  it("names a source for every row of what stays and what changes", () => {
    for (const row of ERA_CHANGES) expect(row.source.length).toBeGreaterThan(0);
    expect(ERA_CHANGES.map((row) => row.topic)).toContain("the application's rules");
  });
});

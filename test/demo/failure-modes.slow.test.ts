// Complete tier only: runs the failure-mode demo over every teaching-server mode.
import { describe, expect, it } from "vitest";
import { DEMO_MODES, evidenceLines, runAllModes, signalsSent } from "../../lib/src/demo/failure-modes.js";
import { outcomeRows } from "../../lib/src/demo/outcome-rows.js";

describe("the failure-mode demo", () => {
  it("every mode ends as the chapter says, and none leaves a process behind", async () => {
    const outcomes = await runAllModes({ timeoutMs: 1000 });
    expect(outcomes.map((o) => [o.mode, o.outcome])).toEqual(DEMO_MODES.map((entry) => [entry.mode, entry.expect]));
    expect(outcomes.every((o) => o.leftBehind === 0)).toBe(true);
    expect(outcomes.filter((o) => o.outcome === "result").every((o) => o.detail === "3")).toBe(true);
    const format = outcomeRows(DEMO_MODES, { columns: 120, color: false }, false);
    const table = [...format.header, ...outcomes.flatMap((o) => format.row(o))].join("\n");
    // One line per mode at the margin, its error's message indented below it.
    expect(table.split("\n").filter((line) => !line.startsWith(" "))).toHaveLength(DEMO_MODES.length + 2);
    expect(table).toMatch(
      /^old-version +refused \(version\) +refused \(version\) +✓ as expected +\d+ +0\n {4}ProtocolError: /m,
    );

    const of = (mode: string) => outcomes.find((o) => o.mode === mode)!;
    // wrong-id: refused, yet the server's own log shows the tool ran
    expect(of("wrong-id").serverRan).toEqual(["word_count"]);
    expect(of("wrong-id").trace.entries.find((entry) => entry.decision === "refused")?.preview).toContain('"id":4');
    // old-version: refused at the handshake, nothing ran
    expect(of("old-version").serverRan).toEqual([]);
    // grandchild: two processes before close, both signals sent, none after
    expect(of("grandchild").groupBeforeClose.length).toBeGreaterThanOrEqual(2);
    expect(signalsSent(of("grandchild"))).toBe("SIGTERM, SIGKILL");
    expect(of("normal").groupBeforeClose).toHaveLength(1);
    // hostile: the purchase is tried, refused before sending, and absent from the server's log
    expect(of("hostile").purchase).toMatch(/^refused \[not-allowed\]: "place_purchase" is not allowed/);
    expect(of("hostile").serverRan).toEqual(["word_count"]);
    expect(evidenceLines(of("hostile")).at(-1)).toMatch(
      /^the purchase the description asks for: +refused \[not-allowed\]/,
    );
    expect(outcomes.filter((o) => o.mode !== "hostile").every((o) => o.purchase === undefined)).toBe(true);
  }, 60_000);
});

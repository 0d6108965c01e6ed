// The demo's rows, directly: a correct refusal is green and ✓, a wrong outcome red and ✗, every line
// fits the terminal, the compact form is one line per mode, and nothing depends on rows to come.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { outcomeRows, NOT_AS_EXPECTED, AS_EXPECTED } from "../../lib/src/demo/outcome-rows.js";
import { stripColor, visibleWidth } from "../../lib/src/demo/terminal.js";
import { DEMO_MODES, type ModeOutcome } from "../../lib/src/demo/failure-modes.js";

const outcome = (mode: string, got: string, expected: string, detail = "3"): ModeOutcome =>
  ({
    mode,
    outcome: got,
    detail,
    expected,
    asExpected: got === expected,
    ms: 1234,
    leftBehind: 0,
  }) as ModeOutcome;

describe("outcomeRows", () => {
  test("colour by meaning: a correct refusal is green with ✓, a surprise red with ✗", () => {
    const format = outcomeRows(DEMO_MODES, { columns: 120, color: true }, false);
    const refused = format.row(
      outcome("wrong-id", "wrong-id", "wrong-id", "ProtocolError: response id 4 does not answer request 3"),
    );
    expect(refused[0]).toContain(`\u001b[32m${AS_EXPECTED}\u001b[0m`);
    expect(stripColor(refused[0]!)).toMatch(
      /^wrong-id +refused \(wrong-id\) +refused \(wrong-id\) +✓ as expected +1234 +0$/,
    );
    expect(refused[1]).toBe("    ProtocolError: response id 4 does not answer request 3");
    const surprise = format.row(outcome("paged", "deadline", "catalog", "DeadlineError: slow"));
    expect(surprise[0]).toContain(`\u001b[31m${NOT_AS_EXPECTED}\u001b[0m`);
  });

  test("every line fits; compact is one line per mode (plus what was expected when it went wrong)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 60, max: 200 }),
        fc.boolean(),
        fc.boolean(),
        fc.string({ maxLength: 300 }),
        (columns, color, compact, message) => {
          const format = outcomeRows(DEMO_MODES, { columns, color }, compact);
          for (const line of format.header) expect(visibleWidth(line)).toBeLessThanOrEqual(columns);
          for (const { mode, expect: expected } of DEMO_MODES) {
            const lines = format.row(outcome(mode, expected, expected, `Error: ${message}`));
            for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(columns);
            if (compact) expect(lines).toHaveLength(1);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

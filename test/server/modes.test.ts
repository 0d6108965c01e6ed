import { describe, expect, it } from "vitest";
import { MODES, MODE_NAMES, spreadGapMs, type ModeName } from "../../server/src/modes.js";
import { usageText } from "../../server/src/args.js";
import { SPREAD_MODES, TEACHING_MODES } from "../../lib/src/server-build/teaching-modes.js";
import { SPREAD_DEADLINE_MS } from "../../lib/src/grading/trials/stall.js";
import { requestTrialDeadline } from "../../lib/src/pieces/piece-checks.js";
import { DEMO_MODES } from "../../lib/src/demo/failure-modes.js";
import { EXERCISE_MODES, GALLERY_MODES } from "../../lib/src/demo/gallery.js";
import { FAILURE_MODES } from "../../lib/src/grading/checkpoint/rules/mode-rules.js";
import { BUILD_MODES } from "../../lib/src/pieces/meet-the-server.js";
import { ERROR_REASONS } from "../../lib/src/errors/index.js";
import { FUZZED_MODES } from "../../lib/src/fuzz/server-fuzz.js";
import { DOC_PAGES, readDoc } from "../support/docs-pages.js";

/** A table row as the documentation writes it (docs/teaching-server.md), from one entry of the server's table. */
function readmeRow(mode: (typeof MODES)[number]): string {
  const eras = mode.eras.length === 1 ? `${mode.eras[0]} only` : "both";
  return `| \`${mode.name}\` | ${mode.summary} | ${mode.teaches} | ${mode.expect === "result" ? "a result" : `\`${mode.expect}\``} | ${eras} |`;
}

describe("one table of the teaching server's modes (server/src/modes.ts)", () => {
  it("the README's mode table is that table, word for word and in its order", () => {
    const rows = readDoc("modeTable")
      .split("\n")
      .filter((line) => /^\| `[a-z-]+` \|/.test(line));
    expect(rows, `the mode table in ${DOC_PAGES.modeTable}`).toEqual(MODES.map(readmeRow));
  });

  it("names each mode once, normal first, and --help prints every one with its summary", () => {
    expect(new Set(MODE_NAMES).size).toBe(MODES.length);
    expect(MODE_NAMES[0]).toBe("normal");
    const help = usageText();
    for (const mode of MODES)
      expect(help).toContain(
        `${mode.name.padEnd(Math.max(...MODE_NAMES.map((name) => name.length)))}  ${mode.summary}${mode.eras.length === 1 ? " (2025-06-18 only)" : ""}\n`,
      );
  });

  it("each mode ends in a result or in a reason the library's errors really have", () => {
    const reasons = new Set<string>(Object.values(ERROR_REASONS).flat());
    for (const mode of MODES) expect(mode.expect === "result" || reasons.has(mode.expect), mode.name).toBe(true);
    for (const mode of MODES) expect(mode.teaches.length, mode.name).toBeGreaterThan(0);
  });

  it("lib reads that table as it is, and every list of modes in lib is built from it", () => {
    expect(TEACHING_MODES.map((entry) => [entry.mode, entry.summary, entry.teaches, entry.expect, entry.eras])).toEqual(
      MODES.map((mode) => [mode.name, mode.summary, mode.teaches, mode.expect, mode.eras]),
    );
    expect(GALLERY_MODES).toEqual(TEACHING_MODES);
    expect(DEMO_MODES.map((entry) => entry.mode)).toEqual(MODES.filter((mode) => mode.demo).map((mode) => mode.name));
    expect([...DEMO_MODES, ...EXERCISE_MODES].map((entry) => entry.mode).sort()).toEqual([...MODE_NAMES].sort());
    expect(FAILURE_MODES).toEqual(
      MODES.flatMap((mode) => ("graded" in mode ? [{ mode: mode.name, expect: mode.expect, ...mode.graded }] : [])),
    );
    expect(BUILD_MODES).toEqual(MODES.filter((mode) => !("exercise" in mode)).map((mode) => mode.name));
  });

  it("the fuzz's chosen modes are modes of the table, and the chaos run takes them all", () => {
    for (const mode of FUZZED_MODES) expect(MODE_NAMES).toContain(mode);
    expect(TEACHING_MODES.map((entry) => entry.mode)).toEqual([...MODE_NAMES]);
  });

  it("the checkpoint grades only modes that end in a refusal, and gives hang a deadline it can meet", () => {
    for (const { mode } of FAILURE_MODES) expect(MODES.find((entry) => entry.name === mode)?.expect).not.toBe("result");
    expect(FAILURE_MODES.find((entry) => entry.mode === "hang")?.timeoutMs).toBe(1000);
  });

  it("a spread reply's gaps sit far below the spread deadline, and every spread mode is tried with it", () => {
    expect(SPREAD_MODES).toEqual(["trickle", "drip"]);
    for (const mode of SPREAD_MODES) {
      // Four gaps inside the deadline: a timer restarted on every read would be restarted long before it fired.
      expect(spreadGapMs(mode as ModeName), mode).toBeLessThanOrEqual(SPREAD_DEADLINE_MS / 4);
      expect(requestTrialDeadline(mode), mode).toBe(SPREAD_DEADLINE_MS);
      expect(MODES.find((entry) => entry.name === mode)?.expect, mode).toBe("deadline");
    }
    expect(() => spreadGapMs("hang")).toThrow(RangeError);
  });
});

// What `mcp-workbook checkpoint` prints: --help names every option the command reads (both come
// from one table), progress is one updating line on a terminal and a few plain lines elsewhere,
// so the report (summary first; test/checkpoint/cli.slow.test.ts runs it) holds each rule's line once.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHECKPOINT_USAGE } from "../../lib/src/cli/checkpoint.js";
import { NOTEBOOK_USAGE } from "../../lib/src/cli/checkpoint-notebook.js";
import { CHECKPOINT_OPTIONS, flagSpec, NOTEBOOK_OPTIONS } from "../../lib/src/cli/checkpoint-options.js";
import { gradingProgress, isTerminal } from "../../lib/src/cli/grading-progress.js";
import type { RuleVerdict } from "../../lib/src/grading/checkpoint/rules/types.js";
import { readFlags } from "../../lib/src/flags/flags.js";

/** The usage line proper: from "usage:" to the first line that is not its continuation. */
function usageLine(usage: string): string {
  const lines = usage.split("\n");
  const continued = lines.slice(1).findIndex((line) => !/^\s+\[/u.test(line));
  return lines.slice(0, continued + 1).join(" ");
}

describe("checkpoint --help", () => {
  it("names every option the command reads, --notebook among them, in its usage line and its list", () => {
    const line = usageLine(CHECKPOINT_USAGE);
    expect(line).toMatch(/^usage: mcp-workbook checkpoint /u);
    for (const option of CHECKPOINT_OPTIONS) {
      const flag = `--${option.name}${option.value === undefined ? "" : ` ${option.value}`}`;
      expect(line).toContain(`[${flag}]`);
      expect(CHECKPOINT_USAGE).toMatch(new RegExp(`^ {2}${flag.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")} `, "mu"));
    }
    expect(line).toContain("[--notebook PATH]");
    for (const option of NOTEBOOK_OPTIONS) expect(usageLine(NOTEBOOK_USAGE)).toContain(`--${option.name}`);
    // No line of --help is wider than a terminal of 100 columns.
    expect(CHECKPOINT_USAGE.split("\n").filter((each) => each.length > 100)).toEqual([]);
  });

  it("the options read are exactly the options listed: any other is refused as unknown", () => {
    const spec = flagSpec(CHECKPOINT_OPTIONS);
    for (const option of CHECKPOINT_OPTIONS)
      expect(() => readFlags([`--${option.name}`, ...(option.value ? ["x"] : [])], spec)).not.toThrow();
    expect(() => readFlags(["--jobs", "2"], spec)).toThrow(/unknown argument "--jobs"/u);
  });
});

const verdict = (rule: string, ok: boolean): RuleVerdict =>
  ({ rule, name: rule, ok, line: `${ok ? "ok" : "FAIL"} ${rule}`, visibility: "visible" }) as RuleVerdict;

describe("progress while grading", () => {
  it("on a terminal: one line, rewritten in place, never a newline, cleared at the end", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 20, max: 200 }),
        (oks, columns) => {
          let written = "";
          const progress = gradingProgress({ write: (text) => (written += text), terminal: true, columns }, oks.length);
          oks.forEach((ok, index) => progress.onVerdict(verdict(`rule-${index}`, ok)));
          progress.done();
          expect(written).not.toContain("\n");
          expect(written.endsWith("\r\u001b[K")).toBe(true);
          // Each redraw fits the terminal, so it never wraps onto a second line.
          for (const redraw of written.split("\r\u001b[K")) expect(redraw.length).toBeLessThan(columns);
        },
      ),
    );
  });

  it("elsewhere: a few plain lines that name no rule, the last saying all were graded", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), (oks) => {
        let written = "";
        const progress = gradingProgress({ write: (text) => (written += text), terminal: false }, oks.length);
        oks.forEach((ok, index) => progress.onVerdict(verdict(`rule-${index}`, ok)));
        progress.done();
        const lines = written.trimEnd().split("\n");
        expect(lines.length).toBeLessThanOrEqual(5);
        expect(written).not.toMatch(/rule-\d/u);
        expect(written).not.toContain("\r");
        expect(lines.at(-1)).toMatch(new RegExp(`^checkpoint: ${oks.length} of ${oks.length} rules graded`, "u"));
      }),
    );
  });

  it("a terminal under CI, or no terminal, gets plain lines", () => {
    expect(isTerminal({ isTTY: true }, {})).toBe(true);
    expect(isTerminal({ isTTY: true }, { CI: "true" })).toBe(false);
    expect(isTerminal({ isTTY: false }, {})).toBe(false);
    expect(isTerminal({}, {})).toBe(false);
  });
});

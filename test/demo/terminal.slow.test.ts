// Complete tier only: runs the demo in pseudo-terminals of several widths.
// The demo in a real terminal: `script` gives the command a pseudo-terminal whose width `stty`
// sets, so process.stdout.columns is what an instructor's terminal reports. Widths are measured
// after stripping colour codes. The layout's rules are also checked on generated rows, directly.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { describe, expect, it, test } from "vitest";
import { fitTable, paint, stripColor, terminalLayout, visibleWidth } from "../../lib/src/demo/terminal.js";
import { wrapHanging } from "../../lib/src/text/wrap.js";
import { paintMeaning } from "../../lib/src/demo/outcome-rows.js";

const CLI = path.join(__dirname, "../../lib/dist/cli/main.js");
const run = promisify(execFile);
const SCRIPT = "/usr/bin/script";

/** Runs `mcp-workbook ARGS` in a pseudo-terminal `columns` wide; the text it showed, carriage returns removed. */
async function inTerminal(columns: number, args: string, env: Record<string, string> = {}): Promise<string> {
  const command = `stty cols ${columns} rows 40; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} ${args}`;
  const options = { timeout: 90_000, env: { ...process.env, NO_COLOR: "", ...env } };
  // A mode that did not end as expected exits 1; its table is what is measured here.
  const { stdout } = await run(SCRIPT, ["-qec", command, "/dev/null"], options).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? "",
  }));
  return stdout.replaceAll("\r", "");
}

const widest = (text: string) =>
  Math.max(
    ...stripColor(text)
      .split("\n")
      .map((line) => [...line].length),
  );

// Each case runs its own demo in its own pseudo-terminal; the demos mostly wait on their servers.
describe.skipIf(!existsSync(SCRIPT))("mcp-workbook demo in a real terminal", { concurrent: true }, () => {
  it("demo all on a 40-row screen: compact, header on screen, colour by meaning with ✓/✗, the modes it leaves out named", async () => {
    for (const columns of [80]) {
      const shown = await inTerminal(columns, "demo all");
      const lines = stripColor(shown).trimEnd().split("\n");
      expect(widest(shown)).toBeLessThanOrEqual(columns);
      // The whole table fits the 40 rows, so its header never scrolls away.
      expect(lines.length).toBeLessThanOrEqual(40);
      expect(lines[0]).toMatch(/^mode +outcome +/);
      // Green means as expected, a correct refusal included; red is only ever beside ✗.
      expect(shown).toMatch(
        /^wrong-id +refused \(wrong-id\) +(refused \(wrong-id\) +)?\u001b\[32m✓ as expected\u001b\[0m +\d+ +0\r?$/m,
      );
      for (const line of shown.split("\n").filter((l) => l.includes("\u001b[31m")))
        expect(line).toMatch(/✗|did not end/);
      expect(stripColor(shown)).toMatch(/^not in "all", run by name: .*endless/m);
    }
  }, 180_000);

  it.each([120, 80])(
    "demo wrong-id --trace and demo trickle --trace fit %i columns",
    async (columns) => {
      for (const mode of ["wrong-id", "trickle"]) {
        const shown = await inTerminal(columns, `demo ${mode} --trace`);
        expect([mode, widest(shown)]).toEqual([mode, expect.any(Number)]);
        expect(widest(shown)).toBeLessThanOrEqual(columns);
        expect(stripColor(shown)).toMatch(
          /^tools\/call +[\d.]+ +client(?: ← server)? +(refused|deadline ended the operation)/m,
        );
      }
    },
    60_000,
  );

  it("honours NO_COLOR: the same words, no colour codes", async () => {
    const shown = await inTerminal(120, "demo wrong-id", { NO_COLOR: "1" });
    expect(shown).not.toContain("\u001b[");
    expect(shown).toMatch(/^wrong-id +refused \(wrong-id\) +refused \(wrong-id\) +✓ as expected/m);
  }, 30_000);
});

describe("the terminal layout", () => {
  test("width and colour come from the stream and NO_COLOR", () => {
    expect(terminalLayout({ isTTY: true, columns: 80 }, {})).toEqual({ columns: 80, color: true });
    expect(terminalLayout({ isTTY: true, columns: 80 }, { NO_COLOR: "1" })).toEqual({ columns: 80, color: false });
    expect(terminalLayout({ isTTY: true, columns: 80 }, { NO_COLOR: "" })).toEqual({ columns: 80, color: true });
    expect(terminalLayout({ columns: 80 }, {})).toEqual({ columns: 100, color: false });
    expect(paint("refused", "refused", { color: false })).toBe("refused");
    expect(paintMeaning("✓ as expected", true, { color: true })).toBe("\u001b[32m✓ as expected\u001b[0m");
    expect(paintMeaning("✗ NOT as expected", false, { color: true })).toBe("\u001b[31m✗ NOT as expected\u001b[0m");
    expect(paintMeaning("✓ as expected", true, { color: false })).toBe("✓ as expected");
  });

  const word = fc.stringMatching(/^[a-z0-9()[\]."/:-]{1,30}$/);
  const text = fc.array(word, { maxLength: 30 }).map((words) => words.join(" "));

  test("no line is wider than the terminal, no field is split, and every word of the detail is kept", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 60, max: 200 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.array(word, { minLength: 4, maxLength: 4 }), text), { minLength: 1, maxLength: 6 }),
        (columns, color, rows) => {
          const columnsOf = ["a", "b", "c", "d"].map((title) => ({ title }));
          const table = fitTable(
            columnsOf,
            rows.map(([cells, detail]) => ({
              cells: cells.map((cell) => cell.slice(0, 12)),
              paint: { column: 2, verdict: "refused" as const },
              detail: [{ text: detail }],
            })),
            { columns, color },
            4,
          );
          const lines = table.split("\n");
          expect(Math.max(...lines.map(visibleWidth))).toBeLessThanOrEqual(columns);
          const rowLines = lines.slice(2).filter((line) => !line.startsWith(" "));
          rowLines.forEach((line, i) => {
            const fields = stripColor(line).trim().split(/ {2,}/);
            expect(fields).toEqual(rows[i]![0].map((cell) => cell.slice(0, 12)));
          });
          const details = lines.slice(2).filter((line) => line.startsWith(" "));
          expect(details.join(" ").split(/\s+/).filter(Boolean).join(" ")).toBe(
            rows
              .map(([, detail]) => detail)
              .join(" ")
              .split(/\s+/)
              .filter(Boolean)
              .join(" "),
          );
        },
      ),
    );
  });

  test("wrapping breaks between words, and only cuts a word longer than a line", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 120 }), text, fc.nat(8), (width, words, indent) => {
        const line = `${" ".repeat(indent)}${words}`;
        const lines = wrapHanging(line, width);
        for (const out of lines) expect([...out].length).toBeLessThanOrEqual(width);
        const longest = Math.max(0, ...words.split(" ").map((w) => w.length));
        if (longest <= width / 2) {
          expect(lines.flatMap((l) => l.trim().split(/ +/)).filter(Boolean)).toEqual(words.split(" ").filter(Boolean));
        }
      }),
    );
  });
});

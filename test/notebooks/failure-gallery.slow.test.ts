import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { GALLERY_MODES } from "../../lib/src/demo/gallery.js";
import { MODE_NAMES } from "../../server/src/modes.js";
import { sharedNotebookRun, type NotebookRun } from "../support/notebook.js";

const NOTEBOOK = "notebooks/failure-gallery.ipynb";

let run: NotebookRun;

// The run's one executed copy, which the browser test (test/browser/executed-notebooks) shows too.
beforeAll(async () => {
  run = await sharedNotebookRun(NOTEBOOK);
}, 240_000);

/** The text of each cell of each body row of the gallery's HTML table. */
function tableRows(html: string): string[][] {
  const body = html.slice(html.indexOf("<tbody>"));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!),
  );
}

/** The cell that runs `mode` and the cells after it that show its run, up to the next mode's cell. */
function shown(mode: string): { outputs: string[]; svgs: string[] } {
  const at = run.cells.findIndex((cell) => cell.source.includes(`showBeside("${mode}"`));
  const end = run.cells.findIndex((cell, i) => i > at && cell.source.includes("showBeside("));
  const cells = run.cells.slice(at, end < 0 ? undefined : end);
  return { outputs: cells.flatMap((cell) => cell.outputs), svgs: cells.flatMap((cell) => cell.svgs) };
}

/** Everything shown about `mode`'s run, as text; a report line wrapped at a word reads as one line again. */
function said(mode: string): string {
  return shown(mode)
    .outputs.join("")
    .replace(/\n {6,}(?=\S)/g, " ");
}

/** The width an SVG asks for, in pixels. */
const svgWidth = (svg: string): number => Number(/<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1]);

describe("notebooks/failure-gallery.ipynb in a fresh tslab kernel", () => {
  it("runs top to bottom with no failed cell and nothing on stderr", () => {
    expect(run.error).toBeUndefined();
    expect(run.failures).toEqual([]);
    expect(run.ok).toBe(true);
    expect(run.cells.filter((cell) => cell.stderr !== "").map((cell) => `${cell.index}: ${cell.stderr}`)).toEqual([]);
  });

  it("shows every teaching-server mode in the table with its expected outcome, reason and time, nothing left behind", () => {
    const cell = run.cells.find((candidate) => candidate.source.includes("runGallery("))!;
    const html = cell.outputs.find((output) => output.includes("<table>"))!;
    const rows = tableRows(html);

    expect(rows.map((row) => row[0])).toEqual(GALLERY_MODES.map((entry) => entry.mode));
    expect([...rows.map((row) => row[0])].sort()).toEqual([...MODE_NAMES].sort());
    for (const { mode, expect: expected } of GALLERY_MODES) {
      const [, outcome, reason, ms, leftBehind, asExpected] = rows.find((row) => row[0] === mode)!;
      expect({ mode, reason, leftBehind, asExpected }).toEqual({
        mode,
        reason: expected === "result" ? "" : expected,
        leftBehind: "0",
        asExpected: "yes",
      });
      expect(outcome).toMatch(expected === "result" ? /^answered &quot;3&quot;$/ : /^(ProtocolError|DeadlineError)$/);
      expect(Number(ms)).toBeGreaterThan(0);
    }

    const said = cell.outputs.join("");
    expect(said).toContain(`${GALLERY_MODES.length} of ${GALLERY_MODES.length} modes as expected\n`);
    expect(said).toContain("left behind, all modes together: 0");
    expect(said).toContain("teaching servers still running from this kernel: 0");
  });

  it("runs every mode with both clients, one cell per mode in the table's order (hang and trickle together)", () => {
    const shown = run.cells.flatMap((cell) =>
      [...cell.source.matchAll(/showBeside\("([^"]+)"/g)].map((match) => match[1]!),
    );
    expect(shown).toEqual(GALLERY_MODES.map((entry) => entry.mode));
    for (const { mode, expect: expected } of GALLERY_MODES) {
      const printed = said(mode);
      expect(printed).toContain(`mode:        ${mode}\n`);
      expect(printed).toContain(expected === "result" ? 'outcome:     answered "3"' : `[${expected}]`);
      expect(printed).toContain("left behind: 0\n");
      expect(printed).toContain("as expected: yes");
      expect(printed).toMatch(
        /naive client: {2}(finished|stopped by the harness at the wall clock|crashed: out of memory|exited \S+) after \d+ ms/,
      );
    }
    expect(run.cells.at(-1)!.outputs.join("")).toBe(
      "teaching servers still running from this kernel: 0\nnaive clients' process groups still alive: 0\n",
    );
  });

  it("shows each failure happen to the naive client", () => {
    expect(said("wrong-id")).toContain("took reply id 4 as the answer to request 3");
    expect(said("stale")).toContain("took reply id 2 as the answer to request 3");
    const trickle = said("trickle").slice(said("trickle").indexOf("mode:        trickle"));
    expect(trickle).toMatch(/naive client: {2}stopped by the harness at the wall clock after (\d+) ms/);
    expect(Number(/stopped by the harness at the wall clock after (\d+) ms/.exec(trickle)![1])).toBeGreaterThanOrEqual(
      2000,
    );
    expect(said("endless")).toMatch(
      /naive client: {2}(stopped by the harness at the wall clock|crashed: out of memory)/,
    );
    expect(Number(/most held at once: (\d+) chars/.exec(said("endless"))![1])).toBeGreaterThan(1024 * 1024);
    expect(said("grandchild")).toMatch(/its close\(\): left 1 process\(es\) running/);
    expect(said("grandchild")).toMatch(
      /the harness: found 1 process\(es\) of its group still running besides the naive client \(\d+\); ended the group with SIGKILL/,
    );
    expect(said("hostile")).toContain("server's log: word_count, place_purchase");
  });

  it("shows the evidence behind our verdicts: the server's log, the processes around close(), the purchase refused", () => {
    expect(said("wrong-id")).toMatch(/tools the server's log says ran: +word_count\n/);
    expect(said("grandchild")).toMatch(/processes in the server's group before close\(\): 2 /);
    expect(said("grandchild")).toMatch(/signals close\(\) sent to the group: +SIGTERM, SIGKILL\n/);
    const hostile = said("hostile");
    expect(hostile).toMatch(/the purchase the description asks for: +refused \[not-allowed\]/);
    expect(hostile.slice(0, hostile.indexOf("naive client:"))).toMatch(
      /tools the server's log says ran: +word_count\n/,
    );
  });

  it("fits a classic Notebook cell: no SVG wider than 960 px, diagram text at least 11 px, report lines at most 100 characters", () => {
    const svgs = run.cells.flatMap((cell) => cell.svgs);
    expect(svgs.length).toBeGreaterThanOrEqual(4);
    for (const svg of svgs) {
      expect(svgWidth(svg)).toBeLessThanOrEqual(960);
      const sizes = [...svg.matchAll(/font-size="([\d.]+)px"/g)].map((match) => Number(match[1]));
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
    }
    // Printed text only: HTML tables and the charts' alt text are not console lines.
    const printed = run.cells.flatMap((cell) =>
      cell.outputs.filter((output) => !output.includes("<") && !output.startsWith("[")),
    );
    const widest = Math.max(...printed.flatMap((output) => output.split("\n").map((line) => [...line].length)));
    expect(widest).toBeLessThanOrEqual(100);
  });

  it("shows traces as tables and as sequence diagrams drawn in Node", () => {
    const cell = (mode: string) => shown(mode);
    const wrongId = cell("wrong-id").svgs.join("");
    expect(wrongId).toContain("refused · 75 B: ProtocolError [wrong-id]");
    const sideBySide = shown("trickle");
    expect(sideBySide.outputs.join("")).toContain("<h4>hang</h4>");
    expect(sideBySide.svgs).toHaveLength(1);
    expect(sideBySide.svgs[0]).toContain("trickle: a byte every 200 ms");
    // Reads held one after another (a read carries more than a byte when the kernel was slow to read).
    const heldBytes = [...sideBySide.svgs[0]!.matchAll(/held, no newline yet · (\d+) B/g)].map((m) => Number(m[1]));
    expect(heldBytes.length).toBeGreaterThanOrEqual(2);
    expect(heldBytes.reduce((sum, bytes) => sum + bytes, 0)).toBeGreaterThanOrEqual(3); // a byte every 200 ms, for one second
    expect(sideBySide.svgs[0]!.match(/>deadline ended the operation/g)).toHaveLength(2); // one each, hang and trickle
    expect(cell("grandchild").svgs.join("")).toContain("signal: SIGKILL to process group");
    expect(cell("normal").outputs.join("")).toContain('<td style="text-align:left">accepted as the answer</td>');
    expect(cell("hostile").outputs.join("")).toContain("RefusedError [not-allowed]");
  });

  it("is committed for the tslab kernel, without outputs or execution counts", () => {
    const notebook = JSON.parse(readFileSync(NOTEBOOK, "utf8")) as {
      metadata: { kernelspec: unknown };
      cells: Array<{ cell_type: string; outputs?: unknown[]; execution_count?: unknown }>;
    };
    expect(notebook.metadata.kernelspec).toEqual({
      name: "tslab",
      display_name: "TypeScript (mcp-workbook)",
      language: "typescript",
    });
    expect(
      notebook.cells
        .filter((cell) => cell.cell_type === "code")
        .every((cell) => cell.outputs?.length === 0 && cell.execution_count === null),
    ).toBe(true);
  });
});

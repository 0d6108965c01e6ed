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

/** The cell that shows `mode`'s screen and the cells after it, up to the next mode's screen. */
function shown(mode: string): { outputs: string[]; svgs: string[] } {
  const at = run.cells.findIndex((cell) => cell.source.includes(`showScreen("${mode}"`));
  const end = run.cells.findIndex((cell, i) => i > at && cell.source.includes("showScreen("));
  const cells = run.cells.slice(at, end < 0 ? undefined : end);
  const outputs = cells.flatMap((cell) => cell.outputs);
  // A screen's diagram is inline SVG in its HTML.
  const inline = outputs.flatMap((output) => [...output.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((match) => match[0]));
  return { outputs, svgs: [...cells.flatMap((cell) => cell.svgs), ...inline] };
}

const unescaped = (html: string): string =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Everything shown about `mode`'s run, as text; a report line wrapped at a word reads as one line again. */
function said(mode: string): string {
  return unescaped(shown(mode).outputs.join("")).replace(/\n {6,}(?=\S)/g, " ");
}

/** The width of an SVG's viewBox: a diagram fills its cell, so this is the width its sizes are drawn for. */
const svgViewBoxWidth = (svg: string): number => Number(/<svg[^>]*\sviewBox="[\d.-]+ [\d.-]+ ([\d.]+)/.exec(svg)?.[1]);

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
    const header = [...html.slice(0, html.indexOf("</thead>")).matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((m) => m[1]!);
    const rows = tableRows(html);

    expect(rows.map((row) => row[0])).toEqual(GALLERY_MODES.map((entry) => entry.mode));
    expect([...rows.map((row) => row[0])].sort()).toEqual([...MODE_NAMES].sort());
    for (const { mode, expect: expected } of GALLERY_MODES) {
      const row = rows.find((candidate) => candidate[0] === mode)!;
      const [, outcome, reason, ms, leftBehind, asExpected] = row;
      expect({ mode, reason, leftBehind, asExpected }).toEqual({
        mode,
        reason: expected === "result" ? "" : expected,
        leftBehind: "0",
        asExpected: "✓ yes",
      });
      // The official SDK's v1 and v2 met the same mode, live: how each ended, with its mark.
      for (const sdk of ["v1", "v2"]) {
        const sdkCell = row[header.findIndex((title) => title.startsWith(`official SDK ${sdk}`))]!;
        expect(sdkCell).toMatch(/\((✓ yes|✗ NO)\)$/);
      }
      expect(outcome).toMatch(expected === "result" ? /^answered &quot;3&quot;$/ : /^(ProtocolError|DeadlineError)$/);
      expect(Number(ms)).toBeGreaterThan(0);
    }

    const said = cell.outputs.join("");
    expect(said).toContain(`${GALLERY_MODES.length} of ${GALLERY_MODES.length} modes as expected\n`);
    expect(said).toContain("left behind, all modes together: 0");
    expect(said).toContain("teaching servers still running from this kernel: 0");
    console.log(/this cell took [\d.]+ s/.exec(said)?.[0]);
  });

  it("runs every mode with every client, one screen per mode in the table's order, the rest derived from the table", () => {
    const screens = run.cells.flatMap((cell) =>
      [...cell.source.matchAll(/showScreen\("([^"]+)"/g)].map((match) => match[1]!),
    );
    // A mode added to the server after the notebook was written gets its screen in the derived cell.
    const derived = run.cells.find((cell) => cell.source.includes("showUnshownModes("))!.outputs.join("");
    const added = GALLERY_MODES.map((entry) => entry.mode).filter((mode) => !screens.includes(mode));
    expect(screens).toEqual(GALLERY_MODES.map((entry) => entry.mode).filter((mode) => screens.includes(mode)));
    expect(derived).toContain(
      added.length === 0 ? "every mode has had its screen above" : `shown here: ${added.join(", ")}`,
    );
    for (const { mode, expect: expected } of GALLERY_MODES.filter((entry) => screens.includes(entry.mode))) {
      const printed = said(mode);
      expect(printed).toContain(`mode:        ${mode}\n`);
      expect(printed).toContain(expected === "result" ? 'outcome:     answered "3"' : `[${expected}]`);
      expect(printed).toContain("left behind: 0\n");
      expect(printed).toContain("as expected: yes");
      expect(printed).toMatch(
        /naive client: {2}(finished|stopped by the harness at the wall clock|crashed: out of memory|exited \S+) after \d+ ms/,
      );
      expect(printed).toMatch(/official SDK v1 \(@modelcontextprotocol\/sdk [\d.]+\): /);
      expect(printed).toMatch(/official SDK v2 \(@modelcontextprotocol\/client [\d.]+\): /);
      // The screen: the clients' table beside the diagram, the reports folded away (a click opens them).
      const screen = shown(mode).outputs.join("");
      expect(screen).toContain('<table class="gallery-clients"');
      expect(screen).toMatch(/<details><summary[^>]*>The naive client's report/);
      expect(screen).toMatch(/<details><summary[^>]*>The full trace, frame by frame/);
    }
    const last = [...run.cells].reverse().find((cell) => cell.source.includes("naiveGroupsAlive()"))!;
    expect(last.outputs.join("")).toBe(
      "teaching servers still running from this kernel: 0\nnaive clients' process groups still alive: 0\nofficial SDK sessions still alive: 0\n",
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

  it("fits a classic Notebook cell: every diagram fills its cell from a viewBox no wider than 960, text at least 14 px, report lines at most 100 characters", () => {
    const svgs = GALLERY_MODES.flatMap((entry) => shown(entry.mode).svgs);
    expect(svgs.length).toBeGreaterThanOrEqual(GALLERY_MODES.length);
    for (const svg of svgs) {
      expect(svg).toMatch(/^<svg[^>]* width="100%"/);
      expect(svgViewBoxWidth(svg)).toBeLessThanOrEqual(960);
      const sizes = [...svg.matchAll(/font-size="([\d.]+)px"/g)].map((match) => Number(match[1]));
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
      expect(svg).not.toMatch(/>[^<]*…[^<]*</); // no text cut with an ellipsis
    }
    // Printed text only: HTML tables and the charts' alt text are not console lines.
    const printed = run.cells.flatMap((cell) =>
      cell.outputs.filter((output) => !output.includes("<") && !output.startsWith("[")),
    );
    const widest = Math.max(...printed.flatMap((output) => output.split("\n").map((line) => [...line].length)));
    expect(widest).toBeLessThanOrEqual(100);
  });

  it("shows traces as sequence diagrams drawn in Node, and as tables folded under each screen", () => {
    const cell = (mode: string) => shown(mode);
    const wrongId = unescaped(cell("wrong-id").svgs.join(""));
    expect(wrongId).toContain("✗ refused · 75 B: ProtocolError [wrong-id]");
    const trickle = cell("trickle").svgs.join("");
    expect(trickle).toContain("trickle: a byte every 200 ms");
    // The held reads, one line on the screen's diagram (a read carries more than a byte when the kernel was slow).
    expect(trickle).toMatch(/held, no newline yet, \d+ times · \d+ B/);
    expect(trickle.match(/>✗ deadline ended the operation/g)!.length).toBeGreaterThanOrEqual(1);
    const side = run.cells.find((c) => c.source.includes("traceDiagramsSideBySide("))!.svgs;
    expect(side).toHaveLength(1);
    expect(side[0]!.match(/>✗ deadline ended the operation/g)).toHaveLength(2); // one each, hang and trickle
    expect(cell("grandchild").svgs.join("")).toMatch(/signal: SIGKILL to process group/);
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

import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { GALLERY_MODES } from "../../lib/src/notebook/gallery.js";
import { MODE_NAMES } from "../../server/src/modes.js";
import { runNotebook, type NotebookRun } from "../support/notebook.js";

const NOTEBOOK = "notebooks/failure-gallery.ipynb";

let run: NotebookRun;

beforeAll(async () => {
  run = await runNotebook(NOTEBOOK);
}, 240_000);

/** The text of each cell of each body row of the gallery's HTML table. */
function tableRows(html: string): string[][] {
  const body = html.slice(html.indexOf("<tbody>"));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!));
}

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
      expect({ mode, reason, leftBehind, asExpected }).toEqual({ mode, reason: expected === "result" ? "" : expected, leftBehind: "0", asExpected: "yes" });
      expect(outcome).toMatch(expected === "result" ? /^answered &quot;3&quot;$/ : /^(ProtocolError|DeadlineError)$/);
      expect(Number(ms)).toBeGreaterThan(0);
    }

    const said = cell.outputs.join("");
    expect(said).toContain(`${GALLERY_MODES.length} of ${GALLERY_MODES.length} modes as expected\n`);
    expect(said).toContain("left behind, all modes together: 0");
    expect(said).toContain("teaching servers still running from this kernel: 0");
  });

  it("has one demonstration cell per mode, each as expected and leaving nothing behind", () => {
    const shown = run.cells.filter((cell) => cell.source.includes("showMode("));
    expect(shown.map((cell) => /showMode\("([^"]+)"/.exec(cell.source)?.[1])).toEqual(GALLERY_MODES.map((entry) => entry.mode));
    for (const cell of shown) {
      const mode = /showMode\("([^"]+)"/.exec(cell.source)![1]!;
      const expected = GALLERY_MODES.find((entry) => entry.mode === mode)!.expect;
      const printed = cell.outputs.join("");
      expect(printed).toContain(`mode:        ${mode}\n`);
      expect(printed).toContain(expected === "result" ? 'outcome:     answered "3"' : `[${expected}]`);
      expect(printed).toContain("left behind: 0\n");
      expect(printed).toContain("as expected: yes");
    }
    expect(run.cells.at(-1)!.outputs.join("")).toBe("teaching servers still running from this kernel: 0\n");
  });

  it("is committed for the tslab kernel, without outputs or execution counts", () => {
    const notebook = JSON.parse(readFileSync(NOTEBOOK, "utf8")) as {
      metadata: { kernelspec: unknown };
      cells: Array<{ cell_type: string; outputs?: unknown[]; execution_count?: unknown }>;
    };
    expect(notebook.metadata.kernelspec).toEqual({ name: "tslab", display_name: "TypeScript (mcp-workbook)", language: "typescript" });
    expect(notebook.cells.filter((cell) => cell.cell_type === "code").every((cell) => cell.outputs?.length === 0 && cell.execution_count === null)).toBe(true);
  });
});

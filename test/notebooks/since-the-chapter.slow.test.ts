import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { runNotebook, type NotebookRun } from "../support/notebook.js";

const NOTEBOOK = "notebooks/since-the-chapter-2026-07-28.ipynb";

let run: NotebookRun;

beforeAll(async () => {
  run = await runNotebook(NOTEBOOK);
}, 240_000);

describe("notebooks/since-the-chapter-2026-07-28.ipynb in a fresh tslab kernel", () => {
  it("runs top to bottom with no failed cell and nothing on stderr", () => {
    expect(run.error).toBeUndefined();
    expect(run.ok).toBe(true);
    expect(run.cells.every((cell) => cell.stderr === "")).toBe(true);
  });

  it("speaks each era to the teaching server and gets 4 from word_count in both", () => {
    const printed = run.cells.map((cell) => cell.outputs.join("")).join("\n");
    expect(printed).toContain("2025-06-18 client: spoke 2025-06-18, word_count says 4");
    expect(printed).toContain("2026-07-28 client: spoke 2026-07-28, word_count says 4");
    // A modern request as it went out: its version in _meta.
    expect(printed).toContain("io.modelcontextprotocol/protocolVersion");
  });

  it("has exercise 7's cell, checked: the stub reads as not attempted", () => {
    const checked = run.cells.find((cell) => cell.source.includes("checkDualEra(connectEitherEra)"))!;
    expect(checked.outputs.join("")).toContain("not yet: not attempted");
  });

  it("is labeled as the workbook's update, and ends by naming the next notebook in a markdown cell", () => {
    const notebook = JSON.parse(readFileSync(NOTEBOOK, "utf8")) as {
      cells: Array<{ cell_type: string; source: string[] }>;
    };
    const text = (index: number): string => notebook.cells.at(index)!.source.join("");
    expect(text(0)).toContain("The workbook's update, not the chapter.");
    expect(notebook.cells.at(-1)!.cell_type).toBe("markdown");
    expect(text(-1)).toContain("exercises-14.ipynb");
  });
});

import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { runNotebook, type ExecutedCell, type NotebookRun } from "../support/notebook.js";

const EXERCISES = "notebooks/exercises-14.ipynb";
const SOLUTIONS = "notebooks/solutions/solutions-14.ipynb";

/** The check cells, in order: each calls one check and prints its verdict (exercises 2 and 6 end in a decision). */
const CHECKS = [
  "checkToolCosts",
  "checkDeclineCounts",
  "checkProtocolChoice",
  "checkLoopRecovery",
  "checkCursorLoop",
  "checkOutstandingTable",
  "checkPurchaseCounts",
  "checkWhatHeld",
];

// Both notebooks start at once, each in its own kernel; each describe waits for its own.
let solutionsRun: Promise<NotebookRun>;
let exercisesRun: Promise<NotebookRun>;
beforeAll(() => {
  solutionsRun = runNotebook(SOLUTIONS);
  exercisesRun = runNotebook(EXERCISES);
});

function checkLines(run: NotebookRun): Record<string, string[]> {
  const lines: Record<string, string[]> = {};
  for (const name of CHECKS) {
    const cells = run.cells.filter((cell) => cell.source.includes(`await ${name}(`));
    expect(cells, `cells calling ${name}`).toHaveLength(1);
    lines[name] = cells[0]!.outputs
      .join("")
      .split("\n")
      .filter((line) => line !== "");
  }
  return lines;
}

function printedBy(run: NotebookRun, fragment: string): string {
  const cells = run.cells.filter((cell) => cell.source.includes(fragment));
  expect(
    cells.map((cell) => cell.index),
    `cells whose source holds ${JSON.stringify(fragment)}`,
  ).toHaveLength(1);
  return cells[0]!.outputs.join("");
}

function ranClean(run: NotebookRun): void {
  expect(run.error).toBeUndefined();
  expect(run.failures).toEqual([]);
  expect(run.ok).toBe(true);
  expect(
    run.cells.filter((cell: ExecutedCell) => cell.stderr !== "").map((cell) => `${cell.index}: ${cell.stderr}`),
  ).toEqual([]);
}

describe(`${SOLUTIONS} in a fresh tslab kernel`, () => {
  let run: NotebookRun;
  beforeAll(async () => {
    run = await solutionsRun;
  }, 240_000);

  it("runs top to bottom with no failed cell and nothing on stderr", () => ranClean(run));

  it("prints one ok line in every check cell", () => {
    for (const [name, lines] of Object.entries(checkLines(run))) {
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toMatch(/^ok /);
    }
  });

  it("labels the offline receipts as the retrieval baseline, never as a model", () => {
    expect(printedBy(run, "rows from ${ex1Receipt.run.providerLabel}")).toMatch(
      /^192 rows from retrieval baseline, not a language model: bm25-top1/,
    );
    expect(checkLines(run)["checkToolCosts"]![0]).toMatch(
      /^ok tokens per tool .*\(bm25-top1: [\d.]+ tokens per tool, \d+\/48 right at 64\)$/,
    );
  });

  it("shows that the plain constrained choice calls a tool for every request that needs none", () => {
    expect(checkLines(run)["checkDeclineCounts"]![0]).toContain("choice 12/12 false");
  });

  it("reads from the transcripts that the plain loop loses the message and search_tools recovers it", () => {
    expect(checkLines(run)["checkLoopRecovery"]![0]).toMatch(
      /^ok .*\(lost send_message_to_lucy, .*recovered.* over 6 transcripts\)$/,
    );
    expect(printedBy(run, "console.log(loopRecovery(ex3Transcript, TWO_STEPS))")).toContain("recovered: true");
  });

  it("refuses the endless and the repeating cursor lists, and drops the late reply from the reverse server", () => {
    const listed = printedBy(run, 'for (const mode of ["paged", "endless-cursor", "repeat-cursor"])');
    expect(listed).toMatch(/paged +\d+ ms +accepted: \["word_count",.*\]/);
    expect(listed).toMatch(/endless-cursor +\d+ ms +refused \[catalog\]: the list goes on past 5 pages/);
    expect(listed).toMatch(/repeat-cursor +\d+ ms +refused \[catalog\]: the cursor "again" came back on page 2/);
    const reverse = printedBy(run, 'new StdioClient(teachingServerCommand("reverse")');
    expect(reverse).toContain("a lone call:    refused [deadline]");
    expect(reverse).toContain('then a pair:    accepted: ["1","3"]');
    expect(reverse).toContain("late replies dropped: 1   still in flight: []");
  });

  it("refuses every purchase the stand-in asked for; the server's log holds only word_count", () => {
    const fates = printedBy(run, "for (const call of ex6Result.calls)");
    expect(fates).toMatch(/^place_purchase +refused +not-allowed$/m);
    expect(fates).toContain("calls the server's log records: [ 'word_count', 'word_count' ]");
  });

  it("leaves no teaching server running", () => {
    expect(printedBy(run, "teachingServersStartedBy()")).toBe("teaching servers this kernel still runs: 0\n");
  });
});

describe(`${EXERCISES} in a fresh tslab kernel, starting cells untouched`, () => {
  let run: NotebookRun;
  beforeAll(async () => {
    run = await exercisesRun;
  }, 240_000);

  it("runs to the end: the untouched starting cells do not break the notebook", () => ranClean(run));

  it("prints one 'not yet' line with a hint in every check cell", () => {
    for (const [name, lines] of Object.entries(checkLines(run))) {
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toMatch(/^not yet: .*Hint: /);
    }
  });

  it("says, for each exercise, what the starting cell still lacks", () => {
    const lines = checkLines(run);
    expect(lines["checkToolCosts"]![0]).toMatch(/answer\.bm25-top1: missing\. Hint: return one entry per model/);
    expect(lines["checkDeclineCounts"]![0]).toMatch(
      /answer\.bm25-min1: missing; .*Hint: return \{ \[model\]: \{ \[protocol\]/,
    );
    expect(lines["checkLoopRecovery"]![0]).toMatch(
      /answer\.done: expected 1 entries, got 0.*Hint: a step is done when its call ran and answered/,
    );
    expect(lines["checkCursorLoop"]![0]).toMatch(
      /seven tools in pages of three: expected \[tool_1, .*\], in order; got \[tool_1, tool_2, tool_3\]/,
    );
    expect(lines["checkOutstandingTable"]![0]).toMatch(/DeadlineError.*send every request first/);
    expect(lines["checkPurchaseCounts"]![0]).toMatch(
      /answer\.purchaseRequests: expected [1-9]\d*, got 0\. Hint: a purchase request is an answer that calls place_purchase/,
    );
    expect(lines["checkProtocolChoice"]![0]).toMatch(
      /answer: expected "(native|choice|choice-none)", got null\. Hint: the error Lucy would rather have/,
    );
    expect(lines["checkWhatHeld"]![0]).toMatch(/answer: expected "the application", got "the model"/);
  });

  it("leaves no teaching server running, whatever the starting cells did", () => {
    expect(printedBy(run, "teachingServersStartedBy()")).toBe("teaching servers this kernel still runs: 0\n");
  });
});

describe.each([EXERCISES, SOLUTIONS])("%s as committed", (path) => {
  const notebook = JSON.parse(readFileSync(path, "utf8")) as {
    metadata: { kernelspec: unknown };
    cells: Array<{ cell_type: string; source: string[]; outputs?: unknown[]; execution_count?: unknown }>;
  };
  const code = notebook.cells.filter((cell) => cell.cell_type === "code");

  it("is for the tslab kernel, without outputs or execution counts", () => {
    expect(notebook.metadata.kernelspec).toEqual({
      name: "tslab",
      display_name: "TypeScript (mcp-workbook)",
      language: "typescript",
    });
    expect(code.every((cell) => cell.outputs?.length === 0 && cell.execution_count === null)).toBe(true);
  });

  it("ends with a markdown cell naming what comes next: the failure gallery, and the solutions for after trying", () => {
    const last = notebook.cells.at(-1)!;
    expect(last.cell_type).toBe("markdown");
    expect(last.source.join("")).toMatch(/failure-gallery\.ipynb/);
    // The learner's copy points to the solutions; the solved copy says it is them.
    expect(last.source.join("")).toMatch(/(solutions-14\.ipynb|worked answers).*after you have tried/s);
  });

  it("keeps every code cell within a screen", () => {
    const long = code.map((cell) => cell.source.length).filter((lines) => lines > 20);
    expect(long).toEqual([]);
  });
});

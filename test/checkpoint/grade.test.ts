// From a notebook run to graded tests: lines become tests in the checks' order, hidden lines join,
// and a notebook that did not run clean fails even when the lines it printed were ok.
import { describe, expect, it } from "vitest";
import { gradeRun } from "../../lib/src/checkpoint/grade.js";
import { CHECK_TAG, HIDDEN_TAG, type CellReport, type NotebookRunReport } from "../../lib/src/checkpoint/notebook-run.js";

const names = ["one", "two", "three"].map((name) => ({ name }));
const checkCell = (index: number, lines: string[]): CellReport => ({ index, tags: [CHECK_TAG], hiddenFile: undefined, lines, seconds: 0.5 });
const run = (cells: CellReport[], extra: Partial<NotebookRunReport> = {}): NotebookRunReport => ({
  exitCode: 0, clean: true, cells, failures: [], kernelStartSeconds: 4, cellSeconds: 6, runnerError: "", ...extra,
});

describe("gradeRun", () => {
  it("one test a check, in order, with the cell's time", () => {
    const tests = gradeRun(run([checkCell(2, ["ok one"]), checkCell(3, ["FAIL two: no"]), checkCell(4, ["ok three"])]), names);
    expect(tests).toEqual([
      { name: "one", ok: true, output: "ok one", seconds: 0.5 },
      { name: "two", ok: false, output: "FAIL two: no", seconds: 0.5 },
      { name: "three", ok: true, output: "ok three", seconds: 0.5 },
    ]);
  });

  it("a cell that errored: its check and the ones after it fail, and so does the notebook", () => {
    const failures = [
      { index: 3, status: "error", source: "console.log((await workbook.checkSession(impl)).output);", stderr: "evalmachine.<anonymous>:1\n    at foo\nTypeError: impl.StdioClient is not a constructor\n" },
      { index: 4, status: "not run", source: "console.log(...)", stderr: "" },
    ];
    const tests = gradeRun(run([checkCell(2, ["ok one"]), checkCell(3, []), checkCell(4, [])], { exitCode: 1, clean: false, failures }), names);
    expect(tests.map((test) => test.output)).toEqual([
      "ok one",
      "FAIL two: the notebook printed no line for this check (cell 3 error: TypeError: impl.StdioClient is not a constructor)",
      "FAIL three: the notebook printed no line for this check (cell 4 not run)",
      "FAIL notebook: cell 3 (error) console.log((await workbook.checkSession(impl)).output);: TypeError: impl.StdioClient is not a constructor; 1 more cell(s) failed or did not run",
    ]);
  });

  it("a notebook that could not run at all fails every check and says why", () => {
    const tests = gradeRun(run([], { exitCode: 2, clean: false, runnerError: "run_notebook: Jupyter is missing. Run `npm run setup`" }), names);
    expect(tests.every((test) => !test.ok)).toBe(true);
    expect(tests[0]!.output).toBe("FAIL one: the notebook printed no line for this check (the notebook did not run)");
    expect(tests.at(-1)!.output).toBe("FAIL notebook: run_notebook: Jupyter is missing. Run `npm run setup`");
  });

  it("hidden cells: one test a line, numbered when a cell prints several; a silent cell fails", () => {
    const hidden = (index: number, file: string, lines: string[]): CellReport => ({ index, tags: [HIDDEN_TAG], hiddenFile: file, lines, seconds: 0.1 });
    const tests = gradeRun(run([checkCell(2, ["ok one"]), hidden(5, "a.ts", ["ok a"]), hidden(6, "b.ts", ["ok b1", "FAIL b2"]), hidden(7, "c.ts", [])]), [{ name: "one" }]);
    expect(tests.map((test) => [test.name, test.ok])).toEqual([
      ["one", true], ["hidden a.ts", true], ["hidden b.ts #1", true], ["hidden b.ts #2", false], ["hidden c.ts", false],
    ]);
    expect(tests.at(-1)!.output).toBe("FAIL hidden c.ts: printed no ok or FAIL line");
  });
});

// The course's one order (lib/src/notebook/course-path.ts): the server's landing page is its first
// stop, the masters stay out of the file browser, the notebooks this issue owns end by linking
// to the next stop, and the minutes are an estimate that grows with what a notebook asks.
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { COURSE_PATH, SOLUTIONS_DIR, estimateMinutes, lastCellHrefs } from "../../lib/src/notebook/course-path.js";

const config = JSON.parse(readFileSync(join(REPO_ROOT, ".jupyter", "jupyter_notebook_config.json"), "utf8")) as {
  NotebookApp: { default_url: string };
  ContentsManager: { hide_globs: string[] };
};
const notebook = (file: string): unknown => JSON.parse(readFileSync(join(REPO_ROOT, file), "utf8"));

describe("the path", () => {
  it("lands on its first stop, hides the masters, and keeps the solutions off the path", () => {
    expect(config.NotebookApp.default_url).toBe(`/notebooks/${COURSE_PATH[0]!.file}`);
    expect(config.ContentsManager.hide_globs).toContain("masters");
    expect(COURSE_PATH.at(-1)!.file).toBe("notebooks/ch14-checkpoint.ipynb");
    expect(COURSE_PATH.filter((stop) => stop.file.startsWith(SOLUTIONS_DIR))).toEqual([]);
    for (const solved of ["solutions-14.ipynb", "ch14-part-b-build-solutions.ipynb"])
      expect(existsSync(join(REPO_ROOT, SOLUTIONS_DIR, solved))).toBe(true);
  });

  // The stops whose last cell this issue writes (the others' owners write theirs; the walk test holds them all).
  const OWNED = [
    "notebooks/start-here.ipynb",
    "notebooks/00-smoke.ipynb",
    "notebooks/ch14-part-a.ipynb",
    "notebooks/ch14-part-b.ipynb",
    "notebooks/ch14-coding-agent.ipynb",
    "notebooks/failure-gallery.ipynb",
  ];
  it.each(OWNED)("%s ends with a link to the next stop", (file) => {
    const at = COURSE_PATH.findIndex((stop) => stop.file === file);
    const linked = lastCellHrefs(notebook(file)).map((href) => posix.normalize(posix.join(posix.dirname(file), href)));
    expect(linked).toContain(COURSE_PATH[at + 1]!.file);
  });

  it("the exercises end by linking the gallery, and the solutions in their own folder", () => {
    const file = "notebooks/exercises-14.ipynb";
    const linked = lastCellHrefs(notebook(file)).map((href) => posix.normalize(posix.join(posix.dirname(file), href)));
    expect(linked).toEqual(["notebooks/failure-gallery.ipynb", `${SOLUTIONS_DIR}/solutions-14.ipynb`]);
    const solved = `${SOLUTIONS_DIR}/solutions-14.ipynb`;
    const back = lastCellHrefs(notebook(solved)).map((href) =>
      posix.normalize(posix.join(posix.dirname(solved), href)),
    );
    expect(back).toEqual(["notebooks/failure-gallery.ipynb"]);
  });

  it("the checkpoint ends by pointing back to the build notebook and the start page", () => {
    const file = COURSE_PATH.at(-1)!.file;
    const linked = lastCellHrefs(notebook(file)).map((href) => posix.normalize(posix.join(posix.dirname(file), href)));
    expect(linked).toEqual(["notebooks/ch14-part-b-build.ipynb", COURSE_PATH[0]!.file]);
  });
});

describe("estimateMinutes", () => {
  const cell = fc.record({
    cell_type: fc.constantFrom("markdown", "code"),
    source: fc.array(fc.constantFrom("word ", "two words\n", "// TODO write it\n", "\n"), { maxLength: 30 }),
  });
  it("is a multiple of five, at least five, and never shrinks when a cell is added", () => {
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 40 }), cell, (cells, extra) => {
        const before = estimateMinutes({ cells });
        expect(before % 5).toBe(0);
        expect(before).toBeGreaterThanOrEqual(5);
        expect(estimateMinutes({ cells: [...cells, extra] })).toBeGreaterThanOrEqual(before);
      }),
    );
  });
  it("counts a cell a learner writes as writing time", () => {
    const run = { cell_type: "code", source: ["x();\n"] };
    const todo = { cell_type: "code", source: ["// TODO\n"] };
    expect(estimateMinutes({ cells: Array(10).fill(todo) })).toBeGreaterThan(
      estimateMinutes({ cells: Array(10).fill(run) }),
    );
  });
});

describe("lastCellHrefs", () => {
  const last = (source: string) => ({
    cells: [
      { cell_type: "code", source: ["[no](a.ipynb)"] },
      { cell_type: "markdown", source: [source] },
    ],
  });
  it("reads markdown and HTML links to notebooks from the last cell only, fragments dropped", () => {
    expect(
      lastCellHrefs(last('**Next:** [x](next.ipynb), or <a href="../b/c.ipynb#top">c</a> and [s](s.ipynb#part)')),
    ).toEqual(["next.ipynb", "../b/c.ipynb", "s.ipynb"]);
    expect(lastCellHrefs(last("no link here, [a page](x.html)"))).toEqual([]);
    expect(lastCellHrefs({ cells: [{ cell_type: "code", source: ["[x](y.ipynb)"] }] })).toEqual([]);
  });
});

// Complete tier only: validates both copies of the build notebook through every check cell's rules.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  assignNotebook,
  assignSource,
  notebookText,
  type NotebookDocument,
} from "../../lib/src/assign/assign-notebook.js";
import { ASSIGNMENTS, generate, REPO_ROOT } from "../../lib/src/assign/assignments.js";

describe("assignSource: solution and TODO markers", () => {
  const master = [
    "function f(): number {",
    "  // BEGIN SOLUTION",
    "  return 1;",
    "  // END SOLUTION",
    "  // BEGIN TODO",
    '  return todo("f");',
    "  // END TODO",
    "}",
  ].join("\n");

  it("keeps the TODO for the learner and the solution for the solutions, markers dropped", () => {
    expect(assignSource(master, "student")).toBe('function f(): number {\n  return todo("f");\n}');
    expect(assignSource(master, "solutions")).toBe("function f(): number {\n  return 1;\n}");
  });

  it("refuses blocks that nest, end without beginning, or never end", () => {
    expect(() => assignSource("// BEGIN SOLUTION\n// BEGIN TODO\n// END TODO\n// END SOLUTION", "student")).toThrow(
      /inside another block/,
    );
    expect(() => assignSource("x\n// END SOLUTION", "student")).toThrow(/without its BEGIN/);
    expect(() => assignSource("// BEGIN TODO\nx", "solutions")).toThrow(/never ended/);
  });

  it("drops solution-only cells from the learner's copy and student-only cells from the solutions, outputs stripped", () => {
    const notebook: NotebookDocument = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [
        { cell_type: "markdown", id: "a", metadata: { tags: ["solution-only"] }, source: ["the answer"] },
        { cell_type: "markdown", id: "b", metadata: { tags: ["student-only", "x"] }, source: ["your answer here"] },
        {
          cell_type: "code",
          id: "c",
          metadata: {},
          source: ["1\n", "// BEGIN SOLUTION\n", "2\n", "// END SOLUTION"],
          outputs: [{}],
          execution_count: 3,
        },
      ],
    };
    const student = assignNotebook(notebook, "student");
    expect(student.cells.map((cell) => cell.id)).toEqual(["b", "c"]);
    expect(student.cells[0]!.metadata).toEqual({ tags: ["x"] });
    expect(student.cells[1]).toMatchObject({ source: ["1"], outputs: [], execution_count: null });
    const solutions = assignNotebook(notebook, "solutions");
    expect(solutions.cells.map((cell) => cell.id)).toEqual(["a", "c"]);
    expect(solutions.cells[0]!.metadata).toEqual({});
    expect(solutions.cells[1]!.source).toEqual(["1\n", "2"]);
  });
});

describe.each(ASSIGNMENTS.map((assignment) => [assignment.master, assignment] as const))(
  "%s",
  (_master, assignment) => {
    it("generates the committed learner and solutions copies byte for byte", () => {
      const copies = generate(assignment);
      expect(copies.studentText).toBe(readFileSync(join(REPO_ROOT, assignment.student), "utf8"));
      expect(copies.solutionsText).toBe(readFileSync(join(REPO_ROOT, assignment.solutions), "utf8"));
      expect(notebookText(JSON.parse(copies.studentText) as NotebookDocument)).toBe(copies.studentText);
    });

    it("validates: the solved copy passes every check and the learner's copy fails every one", async () => {
      const copies = generate(assignment);
      await expect(assignment.validate(copies.student, copies.solutions)).resolves.toMatch(/all ok on the solutions/);
    }, 60_000);

    it("refuses to publish when the solved copy fails a check", async () => {
      const copies = generate(assignment);
      // The learner's copy handed in as the solutions: every check fails, so validation must too.
      await expect(assignment.validate(copies.student, copies.student)).rejects.toThrow(/does not pass every check/);
    }, 60_000);
  },
);

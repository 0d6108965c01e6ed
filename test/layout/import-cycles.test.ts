// No import circle in lib/src: a file's imports form a one-way graph, so each folder can be read
// (and moved) without the ones that depend on it. Type-only imports count too: `import type` is
// erased at run time, but a circle of types still means two files that cannot be understood, or
// owned, apart (receipt.ts and summarize.ts were such a pair).
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { findCycles, importGraph, LIB_SRC, sourceFiles } from "./import-graph.js";

describe("lib/src's import graph", () => {
  it("has no circle (type-only imports included)", () => {
    const files = sourceFiles(LIB_SRC);
    const graph = importGraph(files);
    expect(files.length).toBeGreaterThan(100);
    // A scanner that saw nothing would pass: make sure it reads the imports this test is about.
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    expect(edges).toBeGreaterThan(files.length);
    const shown = findCycles(graph).map((cycle) => cycle.map((file) => path.relative(LIB_SRC, file)).join(" -> "));
    expect(shown, `import circles in lib/src:\n${shown.join("\n")}`).toEqual([]);
  });
});

describe("findCycles", () => {
  it("finds a two-file circle, a longer one and a self-import, each once", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["a", "c"]],
      ["c", ["d"]],
      ["d", ["e"]],
      ["e", ["c"]],
      ["f", ["f"]],
      ["g", ["a", "c"]],
    ]);
    expect(findCycles(graph)).toEqual([
      ["a", "b", "a"],
      ["c", "d", "e", "c"],
      ["f", "f"],
    ]);
  });

  it("finds none in a graph that only joins again (a diamond)", () => {
    expect(
      findCycles(
        new Map([
          ["a", ["b", "c"]],
          ["b", ["d"]],
          ["c", ["d"]],
          ["d", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("sees type-only imports, re-exports and import() calls", () => {
    const { importedFiles } = ts.preProcessFile(
      'import type { A } from "./a.js";\nexport { B } from "./b.js";\nexport type { C } from "./c.js";\nconst d = await import("./d.js");\n',
      true,
      true,
    );
    expect(importedFiles.map((ref) => ref.fileName)).toEqual(["./a.js", "./b.js", "./c.js", "./d.js"]);
  });
});

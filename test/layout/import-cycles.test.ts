// No import circle in lib/src: a file's imports form a one-way graph, so each folder can be read
// (and moved) without the ones that depend on it. Type-only imports count too: `import type` is
// erased at run time, but a circle of types still means two files that cannot be understood, or
// owned, apart (receipt.ts and summarize.ts were such a pair).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const LIB_SRC = path.resolve(__dirname, "../../lib/src");

/** Every .ts file under `root` (declaration files excluded), as absolute paths. */
function sourceFiles(root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root)) {
    const full = path.join(root, entry);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(full));
    else if (entry.endsWith(".ts") && !entry.endsWith(".d.ts")) found.push(full);
  }
  return found.sort();
}

/** The file a relative specifier names: "./x.js" is ./x.ts, a folder is its index.ts. */
function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, ".ts"), `${base}.ts`, path.join(base, "index.ts")];
  const hit = candidates.find((candidate) => known.has(candidate));
  if (hit === undefined)
    throw new Error(`${path.relative(LIB_SRC, from)} imports ${specifier}, which is no file under lib/src`);
  return hit;
}

/**
 * The relative imports of every file, read by TypeScript's own scanner: static imports and
 * re-exports (`import type` and `export type ... from` included) and `import()` calls.
 */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    // A relative import that leaves lib/src (the teaching server's mode table, read from its build) cannot close a circle in it.
    const targets = importedFiles
      .map((ref) => ref.fileName)
      .filter((name) => name.startsWith(".") && path.resolve(path.dirname(file), name).startsWith(LIB_SRC + path.sep));
    graph.set(file, [...new Set(targets.map((name) => resolveSpecifier(file, name, known)))]);
  }
  return graph;
}

/** Circles as the paths that close them (a -> b -> a), each once: depth-first search finds at least one through every tangle, so none found means there is none. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        // The same circle entered from another file is the same circle: key it by its members.
        const key = [...new Set(cycle)].sort().join("\n");
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (state.get(next) === undefined) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (state.get(node) === undefined) visit(node);
  return cycles;
}

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

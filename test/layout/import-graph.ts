// lib/src's imports as a graph, read by TypeScript's own scanner, and the circles in a graph:
// shared by the file-level circle test and the folder layers test.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const LIB_SRC = path.resolve(__dirname, "../../lib/src");

/** Every .ts file under `root` (declaration files excluded), as absolute paths. */
export function sourceFiles(root: string = LIB_SRC): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root)) {
    const full = path.join(root, entry);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(full));
    else if (entry.endsWith(".ts") && !entry.endsWith(".d.ts")) found.push(full);
  }
  return found.sort();
}

/**
 * The relative specifiers `file` imports: static imports and re-exports (`import type` and
 * `export type ... from` included) and `import()` calls.
 */
export function relativeImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles.map((ref) => ref.fileName).filter((name) => name.startsWith("."));
}

/** Whether `specifier`, imported by `from`, names something inside lib/src. */
export function staysInLib(from: string, specifier: string): boolean {
  return path.resolve(path.dirname(from), specifier).startsWith(LIB_SRC + path.sep);
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

/** File -> the files under lib/src it imports (what leaves lib/src, the server's build, is left out). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = relativeImports(file).filter((name) => staysInLib(file, name));
    graph.set(file, [...new Set(targets.map((name) => resolveSpecifier(file, name, known)))]);
  }
  return graph;
}

/** lib/src/layers.json's layers, lowest first. */
export const LAYERS = (JSON.parse(readFileSync(path.join(LIB_SRC, "layers.json"), "utf8")) as { layers: string[][] })
  .layers;

/** The verbs' homes: top folders of lib/src whose folders are placed in layers.json by path ("grading/trials"). */
export const HOMES: ReadonlySet<string> = new Set(
  LAYERS.flat()
    .filter((folder) => folder.includes("/"))
    .map((folder) => folder.split("/")[0]!),
);

/**
 * The folder of lib/src a file belongs to: its first path part, or its first two inside a home
 * ("grading/checkpoint"), or "index.ts" for the root's barrel.
 */
export function folderOf(file: string): string {
  const parts = path.relative(LIB_SRC, file).split(path.sep);
  return HOMES.has(parts[0]!) ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** Folder -> the other folders its files import, each with how many imports. */
export function folderGraph(files: ReadonlyMap<string, readonly string[]>): Map<string, Map<string, number>> {
  const folders = new Map<string, Map<string, number>>();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Map<string, number>();
    folders.set(from, edges);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from) edges.set(to, (edges.get(to) ?? 0) + 1);
    }
  }
  return folders;
}

/** Circles as the paths that close them (a -> b -> a), each once: depth-first search finds at least one through every tangle, so none found means there is none. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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
        // The same circle entered from another node is the same circle: key it by its members.
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

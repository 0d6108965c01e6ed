// A build notebook's pieces, graded as written: the tagged build cells are read from the .ipynb
// (the notebook is never executed), each is transpiled on its own with the kernel's own
// TypeScript (tslab's 5.0.4), and evaluated in a scope holding the library's exports and the
// other pieces, looked up by name when used. A cell that does not transpile defines nothing, so
// it costs only the checks that need its pieces.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import type * as TypeScript from "typescript";
import { UsageError } from "../errors/usage-error.js";
import { BUILD_PIECE_TAG } from "../notebook/build-sections.js";
import { isPieceName, type PieceName, type PieceSet } from "./piece-names.js";

/** The tag that marks a build cell: one that declares pieces and does nothing else. */
export const BUILD_CELL_TAG = BUILD_PIECE_TAG;

type Ts = typeof TypeScript;

let kernelTs: Ts | undefined;

/** The TypeScript tslab compiles cells with (its bundled copy), so grading sees what the kernel sees. */
export function kernelTypescript(): Ts {
  if (kernelTs) return kernelTs;
  const fromHere = createRequire(__filename);
  const tslabDir = dirname(fromHere.resolve("tslab/package.json"));
  kernelTs = createRequire(`${tslabDir}/`)("@tslab/typescript-for-tslab") as Ts;
  return kernelTs;
}

/** One build cell as read from the notebook. */
export interface BuildCell {
  /** Position among all cells. */
  readonly index: number;
  readonly source: string;
  /** Piece names the cell declares at top level. */
  readonly declares: PieceName[];
}

interface NotebookJson {
  cells: Array<{ cell_type: string; source: string | string[]; metadata?: { tags?: string[] } }>;
}

/** A cell's source as one string: nbformat allows a string or a list of lines. */
export const joinedSource = (source: string | readonly string[]): string =>
  typeof source === "string" ? source : source.join("");

/** The build cells of a notebook (parsed JSON), with the pieces each declares. */
export function buildCells(notebook: unknown): BuildCell[] {
  const cells = (notebook as NotebookJson)?.cells;
  if (!Array.isArray(cells))
    throw new UsageError("notebook", { what: "not a notebook", expected: "an .ipynb with a cells array" });
  const ts = kernelTypescript();
  return cells.flatMap((cell, index) => {
    if (cell.cell_type !== "code" || !(cell.metadata?.tags ?? []).includes(BUILD_CELL_TAG)) return [];
    const source = joinedSource(cell.source);
    const file = ts.createSourceFile(`cell-${index}.ts`, source, ts.ScriptTarget.ES2022, false);
    const declares = file.statements.flatMap((statement) => {
      const name =
        ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) ? statement.name?.text : undefined;
      return name !== undefined && isPieceName(name) ? [name] : [];
    });
    return [{ index, source, declares }];
  });
}

/** The build cells of the notebook at `path`. */
export function readBuildCells(path: string): BuildCell[] {
  let notebook: unknown;
  try {
    notebook = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(
      "notebook",
      { what: `cannot read ${path} as a notebook`, expected: "a readable .ipynb (JSON)", received: String(error) },
      { cause: error },
    );
  }
  return buildCells(notebook);
}

/** A build cell as CommonJS, as tslab would compile it (no "use strict"), or its syntax errors. */
export function transpileBuildCell(cell: BuildCell): { code: string } | { error: string } {
  const ts = kernelTypescript();
  const output = ts.transpileModule(cell.source, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, alwaysStrict: false },
  });
  const errors = (output.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0)
    return { error: errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("; ") };
  return { code: output.outputText.replace(/^"use strict";\s*/u, "") };
}

/** What evaluating the cells gave: the pieces, and for each cell that defined nothing, why. */
export interface EvaluatedPieces {
  readonly pieces: PieceSet;
  /** Cell index -> the syntax or evaluation error that kept its pieces out. */
  readonly broken: ReadonlyMap<number, string>;
}

/** A build cell after transpiling: its pieces, and its CommonJS code or why it has none. */
export type TranspiledCell = Pick<BuildCell, "index" | "declares"> &
  ({ readonly code: string } | { readonly error: string });

/** Every build cell transpiled on its own (the grader does this once, in its own process). */
export function transpileBuildCells(cells: readonly BuildCell[]): TranspiledCell[] {
  return cells
    .filter((cell) => cell.declares.length > 0)
    .map((cell) => ({ index: cell.index, declares: cell.declares, ...transpileBuildCell(cell) }));
}

/**
 * Transpiles and evaluates each build cell on its own. Names a cell uses resolve, when used, to
 * the pieces (the latest cell declaring each wins, as in the kernel), then to `library`'s
 * exports, then to Node's globals.
 */
export function evaluateBuildCells(cells: readonly BuildCell[], library: Record<string, unknown>): EvaluatedPieces {
  return evaluateTranspiled(transpileBuildCells(cells), library);
}

/** Evaluates transpiled build cells (no TypeScript needed: what the grading host runs). */
export function evaluateTranspiled(
  cells: readonly TranspiledCell[],
  library: Record<string, unknown>,
): EvaluatedPieces {
  const pieces: PieceSet = {};
  const broken = new Map<number, string>();
  const scope = new Proxy(Object.create(null) as Record<string | symbol, unknown>, {
    has: (_target, key) =>
      typeof key === "string" && ((isPieceName(key) && pieces[key] !== undefined) || key in library),
    get: (_target, key) => {
      if (key === Symbol.unscopables || typeof key !== "string") return undefined;
      if (isPieceName(key) && pieces[key] !== undefined) return pieces[key];
      return library[key];
    },
  });
  for (const cell of cells) {
    if ("error" in cell) {
      broken.set(cell.index, cell.error);
      continue;
    }
    const returned = `return { ${cell.declares.map((name) => `${name}: ${name}`).join(", ")} };`;
    try {
      // `with` gives each cell the notebook's names without sharing a module; strict mode forbids it, so the cell runs sloppy, as tslab's own output does.
      const run = new Function("scope", `with (scope) { return (function () {\n${cell.code}\n${returned}\n})(); }`) as (
        scope: object,
      ) => Record<string, unknown>;
      Object.assign(pieces, run(scope));
    } catch (error) {
      broken.set(cell.index, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  }
  return { pieces, broken };
}

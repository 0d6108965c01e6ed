// One master notebook, two generated copies (otter-grader's `otter assign` is the model): the
// learner's copy keeps each TODO and drops the solution; the solutions copy keeps the solution
// and drops the TODO. Markers are comment lines inside code cells; whole cells can be tagged
// `solution-only` or `student-only`. Both copies are written stripped, in nbformat's layout, so
// regenerating gives the same bytes.
import { UsageError } from "../errors/usage-error.js";
import { withKernelMetadata } from "./kernel-metadata.js";

export const SOLUTION_ONLY_TAG = "solution-only";
export const STUDENT_ONLY_TAG = "student-only";
const MARKERS = { solution: ["// BEGIN SOLUTION", "// END SOLUTION"], todo: ["// BEGIN TODO", "// END TODO"] } as const;

interface Cell {
  cell_type: string;
  id?: string;
  metadata: { tags?: string[]; [key: string]: unknown };
  source: string | string[];
  outputs?: unknown[];
  execution_count?: number | null;
  [key: string]: unknown;
}

export interface NotebookDocument {
  cells: Cell[];
  metadata: Record<string, unknown>;
  nbformat: number;
  nbformat_minor: number;
}

export type Copy = "student" | "solutions";

const lines = (source: string | string[]): string[] => (Array.isArray(source) ? source.join("") : source).split("\n");

/** A cell's source for `copy`: the other copy's blocks removed, marker lines dropped. */
export function assignSource(source: string, copy: Copy, where = "a cell"): string {
  const drop = copy === "student" ? MARKERS.solution : MARKERS.todo;
  const keep = copy === "student" ? MARKERS.todo : MARKERS.solution;
  const out: string[] = [];
  let inside: "drop" | "keep" | undefined;
  for (const line of source.split("\n")) {
    const marker = line.trim();
    if (marker === drop[0] || marker === keep[0]) {
      if (inside !== undefined)
        throw new UsageError("master", {
          what: `${where}: ${marker} inside another block`,
          expected: "blocks that do not nest",
        });
      inside = marker === drop[0] ? "drop" : "keep";
      continue;
    }
    if (marker === drop[1] || marker === keep[1]) {
      if (inside !== (marker === drop[1] ? "drop" : "keep"))
        throw new UsageError("master", {
          what: `${where}: ${marker} without its BEGIN`,
          expected: "BEGIN ... END pairs",
        });
      inside = undefined;
      continue;
    }
    if (inside !== "drop") out.push(line);
  }
  if (inside !== undefined)
    throw new UsageError("master", { what: `${where}: a block is never ended`, expected: "an END for every BEGIN" });
  return out.join("\n");
}

function toSourceList(text: string): string[] {
  const split = text.split("\n");
  return split
    .map((line, index) => (index < split.length - 1 ? `${line}\n` : line))
    .filter((line, index, all) => !(index === all.length - 1 && line === ""));
}

/** The `copy` of a master notebook: cells filtered and their sources assigned, outputs stripped. */
export function assignNotebook(master: NotebookDocument, copy: Copy): NotebookDocument {
  const cells: Cell[] = [];
  master.cells.forEach((cell, index) => {
    const tags = cell.metadata.tags ?? [];
    if (copy === "student" && tags.includes(SOLUTION_ONLY_TAG)) return;
    if (copy === "solutions" && tags.includes(STUDENT_ONLY_TAG)) return;
    const kept = tags.filter((tag) => tag !== SOLUTION_ONLY_TAG && tag !== STUDENT_ONLY_TAG);
    const { tags: _dropped, ...rest } = cell.metadata;
    const metadata = kept.length > 0 ? { ...rest, tags: kept } : rest;
    const source = toSourceList(assignSource(lines(cell.source).join("\n"), copy, `cell ${index}`));
    cells.push(
      cell.cell_type === "code"
        ? { ...cell, metadata, source, outputs: [], execution_count: null }
        : { ...cell, metadata, source },
    );
  });
  return { ...master, cells };
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * A notebook as Jupyter leaves it once the workbook's kernel has started in it: the kernel's
 * metadata (kernel-metadata.ts), in nbformat's layout (keys sorted, one-space indent, a final
 * newline). Opening what this writes changes nothing in it.
 */
export function notebookText(notebook: NotebookDocument): string {
  const opened = { ...notebook, metadata: withKernelMetadata(notebook.metadata) };
  return `${JSON.stringify(sortKeys(opened), null, 1)}\n`;
}

// Minutes for a stretch of a notebook, by the course's one reading rule (course-path.ts's
// MINUTES_RULE without the writing term: a live class runs cells, it does not write them):
// words at 150 a minute plus one minute per code cell. The instructor's plan states these, and its
// test recomputes them, so the plan's minutes are computed from the material, never typed.
import { UsageError } from "../errors/usage-error.js";

interface CellLike {
  readonly cell_type?: unknown;
  readonly source?: unknown;
}

const text = (cell: CellLike): string =>
  Array.isArray(cell.source) ? cell.source.join("") : typeof cell.source === "string" ? cell.source : "";

/** A section's heading as written after "## " (the first level-2 heading of a markdown cell). */
function headingOf(cell: CellLike): string | undefined {
  if (cell.cell_type !== "markdown") return undefined;
  return /^## +(.+?)\s*$/m.exec(text(cell))?.[1];
}

/** The level-2 headings of a notebook, in order. */
export function sectionHeadings(notebook: unknown): string[] {
  const cells = ((notebook as { cells?: unknown }).cells ?? []) as readonly CellLike[];
  return cells.flatMap((cell) => headingOf(cell) ?? []);
}

/**
 * Minutes for the named sections (each from its heading to the next level-2 heading), or for the
 * whole notebook when `sections` is empty: words / 150 + code cells, rounded up to a whole minute.
 */
export function sectionMinutes(notebook: unknown, sections: readonly string[]): number {
  const cells = ((notebook as { cells?: unknown }).cells ?? []) as readonly CellLike[];
  const known = new Set(sectionHeadings(notebook));
  const missing = sections.filter((section) => !known.has(section));
  if (missing.length > 0) {
    throw new UsageError("notebook", {
      what: "sectionMinutes: no such section",
      expected: `level-2 headings of the notebook: ${[...known].join(" | ")}`,
      received: missing.join(" | "),
    });
  }
  let current: string | undefined;
  let words = 0;
  let code = 0;
  for (const cell of cells) {
    current = headingOf(cell) ?? current;
    if (sections.length > 0 && (current === undefined || !sections.includes(current))) continue;
    words += text(cell)
      .split(/\s+/u)
      .filter((word) => word !== "").length;
    if (cell.cell_type === "code") code += 1;
  }
  return Math.ceil(words / 150 + code);
}

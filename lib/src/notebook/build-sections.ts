// The build notebook's sections, read from the notebook itself: a section starts at a markdown
// cell whose first line is a "## N · title" heading and runs to the next heading; a build-piece
// section holds at least one code cell tagged build-piece. Every count of sections or pieces the
// course states is derived from this walk, never typed.

/** The tag of the code cells a learner writes a piece in (assembly/notebook-pieces.ts reads the same tag). */
export const BUILD_PIECE_TAG = "build-piece";

export interface NotebookSection {
  /** The number in the heading ("## 9 · ..." is 9). */
  readonly number: number;
  /** The heading's title without its number and markup ("`request`: one id, one reply, one deadline"). */
  readonly title: string;
  /** Index of the heading cell. */
  readonly heading: number;
  /** Indexes of every cell of the section, the heading included. */
  readonly cells: readonly number[];
  /** Indexes of the section's build-piece cells. */
  readonly buildCells: readonly number[];
}

interface CellLike {
  readonly cell_type?: unknown;
  readonly source?: unknown;
  readonly metadata?: { readonly tags?: unknown };
}

/** A cell's source as one string (nbformat allows a string or a list of lines). */
export function cellText(cell: CellLike): string {
  return Array.isArray(cell.source) ? cell.source.join("") : typeof cell.source === "string" ? cell.source : "";
}

/** True when `cell` carries `tag` in its metadata. */
export function hasTag(cell: CellLike, tag: string): boolean {
  const tags = cell.metadata?.tags;
  return Array.isArray(tags) && tags.includes(tag);
}

const HEADING = /^##\s+(\d+)\s*·\s*(.+)$/u;

/** Every numbered section of `notebook`, in order. */
export function notebookSections(notebook: unknown): NotebookSection[] {
  const cells = ((notebook as { cells?: unknown }).cells ?? []) as readonly CellLike[];
  const sections: Array<{ number: number; title: string; heading: number; cells: number[]; buildCells: number[] }> = [];
  cells.forEach((cell, index) => {
    const first = cellText(cell).split("\n")[0]?.trim() ?? "";
    const match = cell.cell_type === "markdown" ? HEADING.exec(first) : null;
    if (match !== null) {
      sections.push({ number: Number(match[1]), title: match[2]!.trim(), heading: index, cells: [], buildCells: [] });
    } else if (cell.cell_type === "markdown" && first.startsWith("## ")) {
      // An unnumbered heading ("## Next") ends the section before it and starts none.
      sections.push({ number: Number.NaN, title: first.slice(3).trim(), heading: index, cells: [], buildCells: [] });
    }
    const current = sections[sections.length - 1];
    if (current === undefined) return;
    current.cells.push(index);
    if (cell.cell_type === "code" && hasTag(cell, BUILD_PIECE_TAG)) current.buildCells.push(index);
  });
  return sections.filter((section) => !Number.isNaN(section.number));
}

/** The sections where a learner writes a piece. */
export function buildPieceSections(notebook: unknown): NotebookSection[] {
  return notebookSections(notebook).filter((section) => section.buildCells.length > 0);
}

/** The markdown of a section, cell after cell: what a learner reads there. */
export function sectionMarkdown(notebook: unknown, section: NotebookSection): string {
  const cells = ((notebook as { cells?: unknown }).cells ?? []) as readonly CellLike[];
  return section.cells
    .map((index) => cells[index]!)
    .filter((cell) => cell.cell_type === "markdown")
    .map(cellText)
    .join("\n\n");
}

const WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];

/** A count as a sentence writes it: in words up to twenty, in digits above. */
export function countWord(count: number): string {
  return WORDS[count] ?? String(count);
}

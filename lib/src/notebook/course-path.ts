// The course's one order: the notebooks a learner walks, from the start page to the checkpoint.
// The start page prints it, the walk test follows it link by link through a running Jupyter
// server, and the student copy is cut from it. Minutes per stop are estimates computed from a
// notebook's own cells (reading and running), never measured on learners.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildPieceSections, countWord } from "./build-sections.js";

export interface CourseStop {
  /** The notebook, relative to the repository's root. */
  readonly file: string;
  /**
   * What the stop is for, in one line. `{build-sections}` stands for the number of the notebook's
   * build-piece sections, counted from the notebook when the table is made (never typed).
   */
  readonly purpose: string;
}

export const COURSE_PATH: readonly CourseStop[] = [
  { file: "notebooks/start-here.ipynb", purpose: "the objectives, the order, how to get help" },
  { file: "notebooks/00-smoke.ipynb", purpose: "the kernel runs and the library loads" },
  { file: "notebooks/ch14-part-a.ipynb", purpose: "Part A: what every offered tool costs, from receipts" },
  { file: "notebooks/ch14-part-b.ipynb", purpose: "Part B: the bounded client, one decision at a time" },
  {
    file: "notebooks/ch14-part-b-build.ipynb",
    purpose: "Part B: write the client yourself, in {build-sections} sections",
  },
  { file: "notebooks/ch14-coding-agent.ipynb", purpose: "the chapter's 'In a coding agent', measured with our tools" },
  {
    file: "notebooks/since-the-chapter-2026-07-28.ipynb",
    purpose: "what changed in MCP after the chapter (revision 2026-07-28)",
  },
  { file: "notebooks/exercises-14.ipynb", purpose: "the chapter's six exercises, each with its own check" },
  { file: "notebooks/failure-gallery.ipynb", purpose: "every failure mode, live, ours beside a naive client" },
  // The link in notebooks/: Jupyter's file browser cannot open the folder checkpoints/, whose name its contents API reserves.
  { file: "notebooks/ch14-checkpoint.ipynb", purpose: "the checkpoint: your saved build notebook, graded" },
];

/** Where the worked answers live: reached after the exercises, never on the path itself. */
export const SOLUTIONS_DIR = "notebooks/solutions";

/** How the estimate is made, said wherever minutes are shown. */
export const MINUTES_RULE =
  "estimate: markdown and code read at 150 words a minute, plus 1 minute per code cell to run and read its output, plus 8 minutes per cell a learner writes (a TODO)";

interface CellLike {
  readonly cell_type?: unknown;
  readonly source?: unknown;
}

function sourceText(cell: CellLike): string {
  return Array.isArray(cell.source) ? cell.source.join("") : typeof cell.source === "string" ? cell.source : "";
}

/** Minutes a stop takes by MINUTES_RULE, rounded up to the next 5 (an estimate, not a measurement). */
export function estimateMinutes(notebook: unknown): number {
  const cells = ((notebook as { cells?: unknown }).cells ?? []) as readonly CellLike[];
  let words = 0;
  let codeCells = 0;
  let writing = 0;
  for (const cell of cells) {
    const text = sourceText(cell);
    words += text.split(/\s+/u).filter((word) => word !== "").length;
    if (cell.cell_type === "code") {
      codeCells += 1;
      if (/\bTODO\b/u.test(text)) writing += 1;
    }
  }
  const minutes = words / 150 + codeCells + writing * 8;
  return Math.max(5, Math.ceil(minutes / 5) * 5);
}

/** A stop's purpose with its counts taken from the notebook. */
export function derivedPurpose(purpose: string, notebook: unknown): string {
  return purpose.replace("{build-sections}", () => countWord(buildPieceSections(notebook).length));
}

/** Every stop with its estimated minutes, read from the notebooks under `repoRoot` (a stop not there yet says so). */
export function courseTable(repoRoot: string): Array<CourseStop & { minutes: number | undefined }> {
  return COURSE_PATH.map((stop) => {
    try {
      const notebook: unknown = JSON.parse(readFileSync(join(repoRoot, stop.file), "utf8"));
      return { ...stop, purpose: derivedPurpose(stop.purpose, notebook), minutes: estimateMinutes(notebook) };
    } catch {
      return { ...stop, minutes: undefined };
    }
  });
}

/** The notebook links (hrefs as written, ending in .ipynb, without a #fragment) in the last cell of `notebook`, when it is markdown. */
export function lastCellHrefs(notebook: unknown): string[] {
  const cells = ((notebook as { cells?: unknown }).cells ?? []) as readonly CellLike[];
  const last = cells.at(-1);
  if (last === undefined || last.cell_type !== "markdown") return [];
  // Markdown links, [text](x.ipynb), and HTML ones, href="x.ipynb", as a notebook renders both.
  return [
    ...sourceText(last).matchAll(/\]\(<?([^)\s>]+\.ipynb)(?:#[^)\s>]*)?>?\)|href="([^"]+\.ipynb)(?:#[^"]*)?"/gu),
  ].map((match) => (match[1] ?? match[2])!);
}

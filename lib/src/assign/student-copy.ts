// A student copy for a class that grades the build notebook (`npm run student-copy -- DIR`): the
// repository's tracked files, minus what would hand a learner the answers: the solutions, the
// masters they are generated from, the reference files (wrong near-copies of the library and the
// tests' answered fixtures) and the grader's own side; and in every notebook, the reveal cells
// (code tagged build-reveal, markdown <details> answers). The library stays: the notebooks import
// it, and it is the chapter's client, which the build notebook asks the learner to write anew.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path/posix";
import { UsageError } from "../errors/usage-error.js";
import { notebookText, type NotebookDocument } from "./assign-notebook.js";

export interface LeftOut {
  /** A path prefix relative to the repository's root (a folder ends with "/"). */
  readonly path: string;
  readonly why: string;
}

export const STUDENT_COPY_LEAVES_OUT: readonly LeftOut[] = [
  { path: "notebooks/solutions/", why: "the solutions: the build notebook and the exercises solved" },
  { path: "notebooks/masters/", why: "the masters: each holds its solutions between markers" },
  { path: "checkpoints/wrong-implementations/", why: "reference files: near-copies of the library, one mistake each" },
  { path: "test/", why: "reference files: answered exercise fixtures and the grader's own tests" },
  { path: "scripts/autograder/", why: "the grader's side: the Gradescope autograder" },
  { path: "docs/instructor-plan.md", why: "the instructor's plan" },
];

/** Files the copy holds at another place than the repository does (the repository runs no checkpoint workflow itself). */
export const STUDENT_COPY_PLACES: readonly { readonly from: string; readonly to: string; readonly why: string }[] = [
  {
    from: "scripts/classroom/checkpoint.yml",
    to: ".github/workflows/checkpoint.yml",
    why: "GitHub Actions grades each push with the checkpoint (no Classroom needed)",
  },
];

/** The tag of the build notebook's cells that show the library's own code for a piece. */
export const REVEAL_TAG = "build-reveal";
const DETAILS = /\n?[ \t]*<details>[\s\S]*?<\/details>/gu;

interface Cell {
  readonly cell_type?: unknown;
  readonly metadata?: { readonly tags?: readonly string[] };
  readonly source?: unknown;
}

function isRevealCell(cell: Cell): boolean {
  if (cell.metadata?.tags?.includes(REVEAL_TAG) === true) return true;
  const text = Array.isArray(cell.source) ? cell.source.join("") : String(cell.source ?? "");
  return cell.cell_type === "code" && /\brevealAfterTrying\(/u.test(text);
}

/** `notebook` without its reveal cells and with every <details> answer taken out of its markdown. */
export function studentNotebook(notebook: NotebookDocument): { notebook: NotebookDocument; removed: number } {
  const cells = (notebook.cells ?? []) as readonly Cell[];
  let removed = 0;
  const kept = cells.flatMap((cell) => {
    if (isRevealCell(cell)) {
      removed += 1;
      return [];
    }
    if (cell.cell_type !== "markdown" || !Array.isArray(cell.source)) return [cell];
    const text = (cell.source as string[]).join("");
    const stripped = text.replace(DETAILS, "");
    if (stripped === text) return [cell];
    removed += 1;
    const lines = stripped.split(/(?<=\n)/u);
    return [{ ...cell, source: lines }];
  });
  return { notebook: { ...notebook, cells: kept } as NotebookDocument, removed };
}

/**
 * `markdown` (the page at `file`) with every relative link to a left-out file or folder turned into
 * its text alone: the copy holds no link that leads nowhere (the README links the instructor's plan).
 */
export function withoutLinksToLeftOut(markdown: string, file: string): { text: string; unlinked: number } {
  let unlinked = 0;
  const text = markdown.replace(/\[([^\]]*)\]\(([^)\s#]+)(#[^)\s]*)?\)/gu, (link, label: string, target: string) => {
    if (/^[a-z][a-z+.-]*:/iu.test(target)) return link;
    const path = normalize(join(dirname(file), target));
    if (leftOut(path) === undefined && leftOut(`${path}/`) === undefined) return link;
    unlinked += 1;
    return label;
  });
  return { text, unlinked };
}

/** Whether `file` (relative to the root) is left out of the student copy. */
export function leftOut(file: string): LeftOut | undefined {
  return STUDENT_COPY_LEAVES_OUT.find((entry) =>
    entry.path.endsWith("/") ? file.startsWith(entry.path) : file === entry.path,
  );
}

/** Writes the student copy of `files` (relative to `repoRoot`) into `outDir`; returns what it did. */
export function writeStudentCopy(
  repoRoot: string,
  outDir: string,
  files: readonly string[],
): { written: number; leftOut: number; revealsRemoved: number } {
  if (outDir === repoRoot || outDir.startsWith(`${repoRoot}/`))
    throw new UsageError("arguments", {
      what: `the student copy would be written inside the repository (${outDir})`,
      expected: "a folder outside the repository",
    });
  let written = 0;
  let skipped = 0;
  let revealsRemoved = 0;
  for (const file of files) {
    if (leftOut(file) !== undefined) {
      skipped += 1;
      continue;
    }
    const target = join(outDir, file);
    mkdirSync(dirname(target), { recursive: true });
    if (file.endsWith(".ipynb")) {
      const copy = studentNotebook(JSON.parse(readFileSync(join(repoRoot, file), "utf8")) as NotebookDocument);
      revealsRemoved += copy.removed;
      // A notebook with nothing to take out keeps its bytes.
      if (copy.removed === 0) copyFileSync(join(repoRoot, file), target);
      else writeFileSync(target, notebookText(copy.notebook));
    } else if (file.endsWith(".md")) {
      const page = withoutLinksToLeftOut(readFileSync(join(repoRoot, file), "utf8"), file);
      if (page.unlinked === 0) copyFileSync(join(repoRoot, file), target);
      else writeFileSync(target, page.text);
    } else copyFileSync(join(repoRoot, file), target);
    written += 1;
  }
  for (const place of STUDENT_COPY_PLACES) {
    if (!files.includes(place.from)) continue;
    mkdirSync(dirname(join(outDir, place.to)), { recursive: true });
    copyFileSync(join(repoRoot, place.from), join(outDir, place.to));
    written += 1;
  }
  return { written, leftOut: skipped, revealsRemoved };
}

// What a class folder holds, learner by learner, as a class hands work in: a build notebook per
// learner (DIR/alice.ipynb), nbgrader's tree (DIR/alice/<assignment>/*.ipynb), a learner folder
// (DIR/alice/src/index.ts), or a module (DIR/alice.js, DIR/alice/ with package.json or index.js).
// The learner's id is the file's or folder's name. A learner whose work cannot be graded gets the
// reason in words they can act on, and the rest of the class is graded.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { BUILD_CELL_TAG, buildCells } from "../../assembly/notebook-pieces.js";
import { isLearnerCopy } from "../checkpoint/learner-copy.js";

export type SubmissionKind = "notebook" | "module" | "learner copy";

export type Submission =
  | { readonly learner: string; readonly kind: SubmissionKind; readonly path: string; readonly source: string }
  | { readonly learner: string; readonly problem: string; readonly source: string };

/** Why the notebook at `path` cannot be graded, or undefined when it holds build cells. */
export function notebookProblem(path: string): string | undefined {
  const text = readFileSync(path, "utf8");
  if (text.trim() === "") return "the notebook file is empty: save the notebook in Jupyter and hand it in again";
  let notebook: unknown;
  try {
    notebook = JSON.parse(text);
  } catch {
    return "the file is not a notebook (it is not JSON): hand in the .ipynb file Jupyter saves";
  }
  let cells;
  try {
    cells = buildCells(notebook);
  } catch {
    return "the file is not a notebook (it has no cells): hand in the .ipynb file Jupyter saves";
  }
  if (cells.length === 0)
    return `the notebook has no build cells (code cells tagged "${BUILD_CELL_TAG}"): hand in the Part B build notebook`;
  return undefined;
}

function notebooksIn(dir: string, depth: number): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith("."))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return depth > 1 ? notebooksIn(path, depth - 1) : [];
      return entry.name.endsWith(".ipynb") ? [path] : [];
    })
    .sort();
}

/** A learner's folder: a learner copy, a notebook (nbgrader keeps one folder per assignment), or a module. */
function folderSubmission(learner: string, dir: string): Submission {
  const source = `${basename(dir)}/`;
  if (isLearnerCopy(dir)) return { learner, kind: "learner copy", path: dir, source };
  const notebooks = notebooksIn(dir, 2);
  if (notebooks.length > 0) {
    const withCells = notebooks.filter((path) => notebookProblem(path) === undefined);
    const named = (paths: readonly string[]): string => paths.map((path) => relative(dir, path)).join(", ");
    if (withCells.length === 1) return { learner, kind: "notebook", path: withCells[0]!, source };
    if (withCells.length > 1)
      return {
        learner,
        problem: `${withCells.length} notebooks hold build cells (${named(withCells)}): keep the build cells in one notebook`,
        source,
      };
    if (notebooks.length === 1) return { learner, problem: notebookProblem(notebooks[0]!)!, source };
    return {
      learner,
      problem: `none of the notebooks (${named(notebooks)}) holds build cells: hand in the Part B build notebook`,
      source,
    };
  }
  if (existsSync(join(dir, "package.json")) || existsSync(join(dir, "index.js")))
    return { learner, kind: "module", path: dir, source };
  return {
    learner,
    problem: "the folder holds no submission (expected src/index.ts, a build notebook, or a module)",
    source,
  };
}

/**
 * Every learner in `dir`, sorted by id; `skip` (the report folder, when it lies inside) and hidden
 * entries are left out, and other files are returned as ignored.
 */
export function findSubmissions(
  dir: string,
  skip: readonly string[] = [],
): { submissions: Submission[]; ignored: string[] } {
  const byLearner = new Map<string, Submission[]>();
  const ignored: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name.startsWith(".") || skip.includes(path)) continue;
    let found: Submission | undefined;
    const isDirectory = entry.isDirectory() || (entry.isSymbolicLink() && statSync(path).isDirectory());
    if (isDirectory) found = folderSubmission(entry.name, path);
    else if (entry.name.endsWith(".ipynb")) {
      const learner = entry.name.slice(0, -".ipynb".length);
      const problem = notebookProblem(path);
      found =
        problem === undefined
          ? { learner, kind: "notebook", path, source: entry.name }
          : { learner, problem, source: entry.name };
    } else if (entry.name.endsWith(".js"))
      found = { learner: entry.name.slice(0, -".js".length), kind: "module", path, source: entry.name };
    if (found === undefined) {
      ignored.push(entry.name);
      continue;
    }
    byLearner.set(found.learner, [...(byLearner.get(found.learner) ?? []), found]);
  }
  const submissions = [...byLearner.entries()].map(([learner, found]): Submission => {
    if (found.length === 1) return found[0]!;
    const sources = found.map((each) => each.source).sort();
    return {
      learner,
      problem: `two submissions for one learner (${sources.join(" and ")}): hand in one`,
      source: sources.join(", "),
    };
  });
  submissions.sort((a, b) => (a.learner < b.learner ? -1 : a.learner > b.learner ? 1 : 0));
  return { submissions, ignored: ignored.sort() };
}

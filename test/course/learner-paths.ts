// The notebooks the pages and the notebooks send a reader to open: every `.ipynb` path that README.md,
// a page of docs/ or a notebook's markdown names, as a path from the repository's root (`notebooks/x.ipynb`)
// or as a link relative to where it is written (`[next](ch14-part-a.ipynb)`). Paths inside the
// folders the workbook's Jupyter config hides from the file browser on purpose (the masters, which
// their pages name for editing, not for opening) are left out: that config is read, not restated.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { documentationPages } from "../support/docs-pages.js";

export interface LearnerPath {
  /** The notebook's path from the repository's root. */
  readonly path: string;
  /** Where it is named: `docs/learners.md` or `notebooks/failure-gallery.ipynb`. */
  readonly from: string;
}

/** Names the file browser hides (ContentsManager.hide_globs in .jupyter/jupyter_notebook_config.json): plain names only. */
export function hiddenNames(repo: string): Set<string> {
  const config = JSON.parse(readFileSync(join(repo, ".jupyter", "jupyter_notebook_config.json"), "utf8")) as {
    ContentsManager?: { hide_globs?: string[] };
  };
  return new Set((config.ContentsManager?.hide_globs ?? []).filter((glob) => !/[*?[]/u.test(glob)));
}

/** The `.ipynb` paths in one text: links relative to `folder`, and root paths under notebooks/ or checkpoints/. */
export function pathsIn(text: string, folder: string): string[] {
  const links = [...text.matchAll(/\]\(([^)\s#?]+\.ipynb)(?:[#?][^)]*)?\)/gu)].map((match) =>
    normalize(join(folder, decodeURIComponent(match[1]!))),
  );
  const rooted = [...text.matchAll(/(?<![\w./-])((?:notebooks|checkpoints)\/[\w./-]+\.ipynb)/gu)].map((match) =>
    normalize(match[1]!),
  );
  return [...links, ...rooted];
}

/** Every notebook path a page or a notebook names, once each, with the first place that names it. */
export function learnerPaths(repo: string): LearnerPath[] {
  const hidden = hiddenNames(repo);
  const found = new Map<string, string>();
  const add = (paths: readonly string[], from: string): void => {
    for (const path of paths)
      if (!path.startsWith("..") && !path.split("/").some((part) => hidden.has(part)) && !found.has(path))
        found.set(path, from);
  };
  for (const page of documentationPages(repo))
    add(pathsIn(readFileSync(join(repo, page), "utf8"), dirname(page)), page);
  const notebooks = execFileSync("git", ["ls-files", "*.ipynb"], { cwd: repo, encoding: "utf8" })
    .split("\n")
    .filter((path) => path !== "" && !path.split("/").some((part) => hidden.has(part)));
  for (const notebook of notebooks) {
    const cells = (
      JSON.parse(readFileSync(join(repo, notebook), "utf8")) as {
        cells: Array<{ cell_type: string; source: string | string[] }>;
      }
    ).cells;
    const markdown = cells
      .filter((cell) => cell.cell_type === "markdown")
      .map((cell) => (Array.isArray(cell.source) ? cell.source.join("") : cell.source))
      .join("\n");
    add(pathsIn(markdown, dirname(notebook)), notebook);
  }
  return [...found].map(([path, from]) => ({ path, from }));
}

// "What is where" (docs/folders.md) names every folder of the repository in backticks, so a newcomer
// never meets one it does not explain, and names none that is gone, so the map cannot go stale.
// The README's short map does the same for the folders at the top. The files the map and
// docs/contributing.md ("Where to change what", the checklists, "Deliberate near-copies") name
// must exist too.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DOC_PAGES, readDoc } from "../support/docs-pages.js";

const REPO = resolve(__dirname, "../..");
const isCheckout = spawnSync("git", ["-C", REPO, "rev-parse", "--git-dir"]).status === 0;
/** Folders the map mentions that are made by a build or a run, never committed. */
const GENERATED = new Set(["dist", "build", "node_modules", ".venv", "checkpoints/reports"]);

function trackedFiles(): string[] {
  return spawnSync("git", ["-C", REPO, "ls-files"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
}

/** Folders that hold files, and every folder above one. */
function trackedFolders(): { holding: string[]; all: Set<string> } {
  const holding = new Set<string>();
  const all = new Set<string>();
  for (const file of trackedFiles()) {
    if (dirname(file) !== ".") holding.add(dirname(file));
    for (let folder = dirname(file); folder !== "."; folder = dirname(folder)) all.add(folder);
  }
  return { holding: [...holding].sort(), all };
}

/** The README's own section: from its heading to the next (or the end). */
function readmeMap(): string {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const start = readme.indexOf("## What is where");
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

function foldersIn(text: string): Set<string> {
  return new Set([...text.matchAll(/`([\w.@-]+(?:\/[\w.@-]+)*)\/`/g)].map((m) => m[1]!));
}

function namedFolders(): Set<string> {
  return foldersIn(readDoc("folderMap"));
}

describe.skipIf(!isCheckout)("README's What is where", () => {
  it("names every folder in the repository", () => {
    const named = namedFolders();
    const missing = trackedFolders().holding.filter((folder) => !named.has(folder));
    expect(
      missing,
      `add these folders to the "What is where" table of ${DOC_PAGES.folderMap} (as \`folder/\`): ${missing.join(", ")}`,
    ).toEqual([]);
  });

  it("names no folder that is not there", () => {
    const { all } = trackedFolders();
    const gone = [...namedFolders()].filter((folder) => !all.has(folder) && !GENERATED.has(folder));
    expect(
      gone,
      `the "What is where" of ${DOC_PAGES.folderMap} names folders the repository does not hold: ${gone.join(", ")}`,
    ).toEqual([]);
  });

  it("the README's short map names every folder at the top, and none that is not there", () => {
    const top = new Set([...trackedFolders().all].filter((folder) => !folder.includes("/")));
    const named = foldersIn(readmeMap());
    expect(
      [...top].filter((folder) => !named.has(folder)),
      'add these folders to README.md\'s "What is where" (as `folder/`)',
    ).toEqual([]);
    expect([...named].filter((folder) => !top.has(folder) && !GENERATED.has(folder))).toEqual([]);
  });

  it("points only at files that exist when it says where to change what", () => {
    const pages = readDoc("folderMap") + readDoc("changeGuide");
    const paths = [...pages.matchAll(/`([\w.@-]+(?:\/[\w.@-]+)+\.(?:ts|js|json|ipynb|md|txt))`/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(20);
    const gone = paths.filter((path) => !existsSync(join(REPO, path)));
    expect(
      gone,
      `${DOC_PAGES.folderMap} or ${DOC_PAGES.changeGuide} names files that are not there: ${gone.join(", ")}`,
    ).toEqual([]);
  });
});

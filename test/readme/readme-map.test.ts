// The README's "What is where" names every folder of the repository, so a newcomer never meets one
// it does not explain. A folder counts as named when the table names it in backticks, when it is
// test/X for a lib/src/X (the mirror rule the table states), or when it lies more than three
// levels down inside a folder that is named. Folders that hold only folders need no row of their own.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const REPO = resolve(__dirname, "../..");
const isCheckout = spawnSync("git", ["-C", REPO, "rev-parse", "--git-dir"]).status === 0;

function trackedFolders(): string[] {
  const files = spawnSync("git", ["-C", REPO, "ls-files"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) if (dirname(file) !== ".") folders.add(dirname(file)); // folders that hold files
  return [...folders].sort();
}

function namedInMap(): Set<string> {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const start = readme.indexOf("## What is where");
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  return new Set([...section.matchAll(/`([\w.@-]+(?:\/[\w.@-]+)*)\/`/g)].map((m) => m[1]!));
}

describe.skipIf(!isCheckout)("README's What is where", () => {
  it("names every folder in the repository", () => {
    const named = namedInMap();
    const folders = trackedFolders();
    const covered = (folder: string): boolean => {
      if (named.has(folder)) return true;
      const mirror = /^test\/([^/]+)/.exec(folder);
      if (mirror && folders.includes(`lib/src/${mirror[1]!}`)) return folder.split("/").length <= 3 ? true : covered(dirname(folder));
      return folder.split("/").length > 3 && covered(dirname(folder));
    };
    const missing = folders.filter((folder) => !covered(folder));
    expect(missing, `add these folders to README.md's "What is where" table (as \`folder/\`): ${missing.join(", ")}`).toEqual([]);
  });
});

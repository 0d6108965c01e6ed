// Where the documentation lives, for the tests that hold it to the code. The README is a front door;
// each table a test reads is on one page of docs/, named here once, so a section that moves to
// another page is moved here and nowhere else.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const REPO = resolve(__dirname, "../..");

/** The page of each part of the documentation that a test reads. */
export const DOC_PAGES = {
  /** Every folder with what it holds (test/readme/readme-map.test.ts). */
  folderMap: "docs/folders.md",
  /** Where to change what, the checklists, the deliberate near-copies: files they name must exist. */
  changeGuide: "docs/contributing.md",
  /** The teaching server's modes, word for word from server/src/modes.ts. */
  modeTable: "docs/teaching-server.md",
  /** The error classes and their closed sets of reasons. */
  errorTable: "docs/client.md",
  /** The checkpoint's rules: points, exports, the total, and the demands table made by demandsTable(RULES). */
  ruleTables: "docs/rules.md",
  /** The grader's section: the wrong implementations caught, the tells that remain. */
  graders: "docs/graders.md",
} as const;

export type DocPart = keyof typeof DOC_PAGES;

/** The text of the page that holds `part`, in this checkout. */
export function readDoc(part: DocPart): string {
  return readFileSync(join(REPO, DOC_PAGES[part]), "utf8");
}

/**
 * Every page of the documentation, relative to `root`: README.md first (its quick start's set-up is
 * the first line the README test runs), then each docs/*.md by name.
 */
export function documentationPages(root: string = REPO): string[] {
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort();
  return ["README.md", ...docs.map((name) => `docs/${name}`)];
}

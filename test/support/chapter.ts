// The chapter's text, which some tests cite line by line, lives beside the repository
// (../shared/reference/), not in it: our machines and CI put it there, a clone elsewhere has none.
// Those tests read it here, once: where it is absent they skip with a notice that says where it was
// looked for; under CI=true, where it must be present, its absence is a failure.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

export const CHAPTER = resolve(__dirname, "../../../shared/reference/000_7b55a53db26c1c02.txt");

/** The chapter's lines, or undefined (having printed why) where a clone has no chapter beside it. */
export function chapterLines(path = CHAPTER, ci = process.env["CI"] === "true"): string[] | undefined {
  if (existsSync(path)) return readFileSync(path, "utf8").split("\n");
  if (ci) throw new Error(`the chapter's text is not at ${path}, and under CI=true it must be`);
  process.stderr.write(`notice: the chapter's text is not at ${path}; the tests that cite its lines are skipped\n`);
  return undefined;
}

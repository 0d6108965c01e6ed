// Classes made from the workbook's own implementations, for the soak and the benchmark: learners
// who are right (the solved build notebook, the library), wrong (implementations in
// checkpoints/wrong-implementations/, each breaking one rule) and fair but different (the small
// client those are built from, written unlike the reference and passing every rule it is graded by);
// and a small class with a roster, for trying the class command's exports.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../checkpoint/paths.js";

export const SOLVED_BUILD_NOTEBOOK = join(REPO_ROOT, "notebooks", "solutions", "ch14-part-b-build-solutions.ipynb");
const WRONG = join(REPO_ROOT, "checkpoints", "wrong-implementations");

/** Writes a module learner at DIR/<learner>/ whose index.js is `index`, beside the small client it may use. */
function moduleLearner(dir: string, learner: string, index: string, extra: readonly string[] = []): void {
  const at = join(dir, learner);
  mkdirSync(at, { recursive: true });
  for (const file of ["small-client.js", ...extra]) copyFileSync(join(WRONG, file), join(at, file));
  writeFileSync(join(at, "index.js"), index);
}

/** The wrong implementations a mixed class holds (one rule each). */
export const MIXED_WRONG = ["ids-fresh", "close-group", "framing-utf8-split", "handshake-version"] as const;

/** A mixed class in `dir`: right (the library, and the solved notebook unless left out), wrong, and fair but different. */
export function writeMixedClass(dir: string, withNotebook = true): string[] {
  mkdirSync(dir, { recursive: true });
  if (withNotebook) copyFileSync(SOLVED_BUILD_NOTEBOOK, join(dir, "right-notebook.ipynb"));
  moduleLearner(dir, "right-library", 'module.exports = require("mcp-workbook");\n');
  moduleLearner(dir, "fair-small-client", 'module.exports = require("./small-client.js").withMistakes();\n');
  for (const wrong of MIXED_WRONG)
    moduleLearner(dir, `wrong-${wrong}`, `module.exports = require("./${wrong}.js");\n`, [`${wrong}.js`]);
  return [
    ...(withNotebook ? ["right-notebook"] : []),
    "right-library",
    "fair-small-client",
    ...MIXED_WRONG.map((wrong) => `wrong-${wrong}`),
  ].sort();
}

/** The small class's learners: right, wrong (ids-fresh) and fair but different. */
export const SMALL_CLASS = ["right-library", "wrong-ids-fresh", "fair-small-client"] as const;

/**
 * A small class in `dir` (SMALL_CLASS), and at `roster` a roster for it as a school would keep
 * one: Canvas's student columns and Moodle's "Email address" beside each id. It names a learner
 * who handed nothing in (absent-learner) and leaves out fair-small-client, so an export says both.
 */
export function writeSmallClass(dir: string, roster: string): void {
  mkdirSync(dir, { recursive: true });
  moduleLearner(dir, "right-library", 'module.exports = require("mcp-workbook");\n');
  moduleLearner(dir, "fair-small-client", 'module.exports = require("./small-client.js").withMistakes();\n');
  moduleLearner(dir, "wrong-ids-fresh", 'module.exports = require("./ids-fresh.js");\n', ["ids-fresh.js"]);
  writeFileSync(
    roster,
    [
      "learner,Student,ID,SIS User ID,SIS Login ID,Section,Email address",
      'right-library,"Lovelace, Ada",1001,S1001,ada,Section 1,ada@example.edu',
      'wrong-ids-fresh,"Hopper, Grace",1002,S1002,grace,Section 1,grace@example.edu',
      'absent-learner,"Turing, Alan",1003,S1003,alan,Section 2,alan@example.edu',
      "",
    ].join("\n"),
  );
}

/** `count` learners each handing in the solved build notebook, or `notebook` (learner-01 ... learner-30). */
export function writeNotebookClass(dir: string, count: number, notebook = SOLVED_BUILD_NOTEBOOK): void {
  mkdirSync(dir, { recursive: true });
  for (let index = 1; index <= count; index += 1)
    copyFileSync(notebook, join(dir, `learner-${String(index).padStart(2, "0")}.ipynb`));
}

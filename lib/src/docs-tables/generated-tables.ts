// Tables in docs/ that the code they describe makes, each between a start line and an end line:
//   <!-- NAME: made by MAKER; npm run docs:tables -->
//   ...the table...
//   <!-- end of NAME -->
// A new mode or rule reaches its page by `npm run docs:tables`, never by hand, and a test fails
// while a page holds another table than the code makes (`npm run docs:tables -- --check` says which).
import { RULES } from "../grading/checkpoint/rules/index.js";
import { demandsTable } from "../grading/checkpoint/rules/demands-table.js";
import { UsageError } from "../errors/usage-error.js";
import { DIMENSIONS } from "../grading/checkpoint/rules/dimensions.js";
import { dimensionsTable } from "./dimensions-table.js";
import { modeTable } from "./mode-table.js";
import { ruleTable } from "./rule-table.js";
import { learnerTable } from "./learner-table.js";
import { EXERCISE_RULES } from "../grading/checkpoint/rules/exercise-rules.js";

export interface GeneratedTable {
  /** The page, from the repository's root. */
  readonly page: string;
  /** The words the start and end lines name it by. */
  readonly name: string;
  /** What makes it, as the start line says. */
  readonly madeBy: string;
  readonly make: () => string;
}

export const GENERATED_TABLES: readonly GeneratedTable[] = [
  { page: "docs/teaching-server.md", name: "mode table", madeBy: "modeTable()", make: () => modeTable() },
  {
    page: "learner/README.md",
    name: "file table",
    madeBy: "learnerTable(RULES, EXERCISE_RULES)",
    make: () => learnerTable(RULES, EXERCISE_RULES),
  },
  { page: "docs/rules.md", name: "rule table", madeBy: "ruleTable(RULES)", make: () => ruleTable(RULES) },
  { page: "docs/rules.md", name: "demands table", madeBy: "demandsTable(RULES)", make: () => demandsTable(RULES) },
  {
    page: "docs/rules.md",
    name: "dimensions table",
    madeBy: "dimensionsTable(RULES, DIMENSIONS)",
    make: () => dimensionsTable(RULES, DIMENSIONS),
  },
];

const startLine = (table: GeneratedTable): string =>
  `<!-- ${table.name}: made by ${table.madeBy}; npm run docs:tables -->`;
const endLine = (table: GeneratedTable): string => `<!-- end of ${table.name} -->`;

/** Where the table sits in `text`: the index just past its start line, and that of its end line. */
function region(text: string, table: GeneratedTable): { from: number; to: number } {
  const start = text.indexOf(startLine(table));
  const to = text.indexOf(endLine(table));
  if (start < 0 || to < start)
    throw new UsageError("docs-table", {
      what: `${table.page} has no place for its ${table.name}`,
      expected: `a line "${startLine(table)}", the table, then a line "${endLine(table)}"`,
      received: start < 0 ? "no start line" : "no end line after the start line",
    });
  return { from: text.indexOf("\n", start) + 1, to };
}

/** The table as `text` holds it now, without its end-of-line. */
export function shownTable(text: string, table: GeneratedTable): string {
  const { from, to } = region(text, table);
  return text.slice(from, to).trimEnd();
}

/** `text` with the table between its lines replaced by what the code makes. */
export function withTable(text: string, table: GeneratedTable): string {
  const { from, to } = region(text, table);
  return `${text.slice(0, from)}${table.make()}\n${text.slice(to)}`;
}

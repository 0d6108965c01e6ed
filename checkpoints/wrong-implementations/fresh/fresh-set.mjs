// The fresh wrong implementations (issue 25): each a plausible mistake nobody wrote the checks
// for, in one piece. A build-notebook mistake is a JSON file of find/replace edits on one cell of
// the solved build notebook (so it follows the notebook when the notebook is regenerated); a
// client mistake on the --impl path is a module (*.js) like the suite one folder up.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const FRESH_DIR = dirname(fileURLToPath(import.meta.url));
export const SOLVED_NOTEBOOK = join(
  FRESH_DIR,
  "..",
  "..",
  "..",
  "notebooks",
  "solutions",
  "ch14-part-b-build-solutions.ipynb",
);

/** Every notebook mistake: { name, piece, client, breaks, edits: [{ find, replace }] }. */
export function notebookMistakes() {
  return readdirSync(FRESH_DIR)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(FRESH_DIR, file), "utf8")));
}

/** Every --impl module mistake: { name, file, breaks } (its first comment line says what it breaks). */
export function moduleMistakes() {
  return readdirSync(FRESH_DIR)
    .filter((file) => file.endsWith(".js"))
    .sort()
    .map((file) => ({
      name: file.replace(/\.js$/u, ""),
      file: join(FRESH_DIR, file),
      breaks: readFileSync(join(FRESH_DIR, file), "utf8")
        .split("\n")[0]
        .replace(/^\/\/ Breaks /u, ""),
    }));
}

const source = (cell) => (typeof cell.source === "string" ? cell.source : cell.source.join(""));

/** The solved notebook (parsed) with `mistake`'s edits made in the one build cell that declares its piece. */
export function variantNotebook(mistake, solved = JSON.parse(readFileSync(SOLVED_NOTEBOOK, "utf8"))) {
  const declares = new RegExp(`^(?:async )?(?:function|class) ${mistake.piece}\\b`, "mu");
  const cells = solved.cells.filter(
    (cell) =>
      cell.cell_type === "code" && (cell.metadata?.tags ?? []).includes("build-piece") && declares.test(source(cell)),
  );
  if (cells.length !== 1) throw new Error(`${mistake.name}: ${cells.length} build cells declare ${mistake.piece}`);
  let text = source(cells[0]);
  for (const { find, replace } of mistake.edits) {
    const count = text.split(find).length - 1;
    if (count !== 1)
      throw new Error(`${mistake.name}: its edit's text occurs ${count} times in ${mistake.piece}'s cell`);
    text = text.replace(find, () => replace);
  }
  cells[0].source = text;
  return solved;
}

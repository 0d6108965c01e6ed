// `npm run docs:tables`: writes each generated table of docs/ (generated-tables.ts) from the code it
// describes. `--check` writes nothing and exits 1, naming each table a page holds out of date.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../grading/checkpoint/paths.js";
import { argumentsOrExit, readFlags } from "../flags/flags.js";
import { UsageError } from "../errors/usage-error.js";
import { GENERATED_TABLES, withTable } from "./generated-tables.js";

const USAGE =
  "usage: npm run docs:tables [-- --check]\n  writes docs/'s generated tables from the code; --check writes nothing and exits 1 on a difference";

function main(argv: readonly string[]): number {
  const { values } = argumentsOrExit("docs:tables", USAGE, () =>
    readFlags(argv, { check: { type: "boolean" }, help: { type: "boolean" } }),
  );
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const checkOnly = values.check === true;
  const differing: string[] = [];
  for (const table of GENERATED_TABLES) {
    const file = join(REPO_ROOT, table.page);
    const text = readFileSync(file, "utf8");
    const made = withTable(text, table);
    if (made === text) continue;
    differing.push(`${table.page} (${table.name})`);
    if (!checkOnly) writeFileSync(file, made);
  }
  if (differing.length === 0) process.stdout.write("docs:tables: every table is what the code makes\n");
  else if (checkOnly) process.stderr.write(`docs:tables: out of date: ${differing.join(", ")}\n`);
  else process.stdout.write(`docs:tables: wrote ${differing.join(", ")}\n`);
  return checkOnly && differing.length > 0 ? 1 : 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  // A page without its table's lines: said in one line, as a usage error is.
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`docs:tables: ${error.message}\n`);
  process.exitCode = 2;
}

#!/usr/bin/env node
// Notebooks are committed clean: no outputs, no execution counts. Outputs go stale the moment
// the library changes, bloat every diff, and can carry a machine's paths or a learner's keys.
//
//   node scripts/strip-check.mjs [--fix] [--json] [NOTEBOOK...]
//
// Without paths it checks every notebooks/**/*.ipynb and checkpoints/**/*.ipynb that git tracks
// or would track (untracked files not ignored). Exit 0 all clean, 1 some are not (each named,
// with its cells), 2 usage error. --fix strips them in place, keeping nbformat's layout.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const NOTEBOOK_FOLDERS = ["notebooks", "checkpoints"];

/** Notebooks in git's view of the tree: tracked plus untracked-but-not-ignored. */
export function committedNotebooks(repo = REPO) {
  const pathspecs = NOTEBOOK_FOLDERS.map((folder) => `${folder}/*.ipynb`); // git's * crosses folders
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...pathspecs], {
    cwd: repo,
    encoding: "utf8",
  });
  const paths = [...new Set(listed.split("\n").filter(Boolean))];
  return paths.filter((path) => existsSync(resolve(repo, path))).sort();
}

/** What is left in a notebook that a clean one does not hold, one line per cell. */
export function leftovers(notebook) {
  const problems = [];
  (notebook.cells ?? []).forEach((cell, index) => {
    if (cell.cell_type !== "code") return;
    const outputs = cell.outputs ?? [];
    if (outputs.length > 0) problems.push(`cell ${index}: ${outputs.length} output(s)`);
    if (cell.execution_count != null) problems.push(`cell ${index}: execution_count ${cell.execution_count}`);
  });
  return problems;
}

/** The same notebook with outputs, execution counts and run timings removed. */
export function stripped(notebook) {
  const cells = (notebook.cells ?? []).map((cell) => {
    if (cell.cell_type !== "code") return cell;
    const { execution, ...metadata } = cell.metadata ?? {};
    return { ...cell, metadata, outputs: [], execution_count: null };
  });
  return { ...notebook, cells };
}

/** nbformat's own layout (sorted keys, one-space indent, final newline), so a fix is a small diff. */
export function nbformatText(value) {
  const sortKeys = (node) =>
    Array.isArray(node)
      ? node.map(sortKeys)
      : node && typeof node === "object"
        ? Object.fromEntries(
            Object.keys(node)
              .sort()
              .map((key) => [key, sortKeys(node[key])]),
          )
        : node;
  return `${JSON.stringify(sortKeys(value), null, 1)}\n`;
}

function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { fix: { type: "boolean" }, json: { type: "boolean" } },
    });
  } catch (error) {
    process.stderr.write(`strip-check: ${error.message} (expected --fix, --json, NOTEBOOK...)\n`);
    return 2;
  }
  const flags = new Set(Object.keys(parsed.values).map((name) => `--${name}`));
  const given = parsed.positionals;
  const paths = given.length > 0 ? given : committedNotebooks();

  const dirty = [];
  for (const path of paths) {
    let notebook;
    try {
      notebook = JSON.parse(readFileSync(resolve(REPO, path), "utf8"));
    } catch (error) {
      dirty.push({ path, problems: [`not a readable notebook: ${error.message}`] });
      continue;
    }
    const problems = leftovers(notebook);
    if (problems.length === 0) continue;
    if (flags.has("--fix")) writeFileSync(resolve(REPO, path), nbformatText(stripped(notebook)));
    dirty.push({ path, problems, fixed: flags.has("--fix") });
  }

  const stillDirty = dirty.filter((entry) => !entry.fixed);
  if (flags.has("--json")) {
    process.stdout.write(`${JSON.stringify({ ok: stillDirty.length === 0, notebooks: paths, dirty })}\n`);
  } else {
    for (const { path, problems, fixed } of dirty) {
      process.stderr.write(`strip-check: ${fixed ? "stripped" : "NOT CLEAN"} ${path}\n`);
      for (const problem of problems) process.stderr.write(`  ${problem}\n`);
    }
    if (stillDirty.length > 0) process.stderr.write("strip-check: fix with: node scripts/strip-check.mjs --fix\n");
    else process.stdout.write(`strip-check: ${paths.length} notebook(s) clean\n`);
  }
  return stillDirty.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}

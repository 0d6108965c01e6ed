// Makes each fair build notebook from the solved one: the cells its module names are replaced, the
// rest are the solutions' own, so the notebooks follow the solutions as they change.
"use strict";
const { readdirSync, readFileSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const SOLUTIONS = join(__dirname, "..", "..", "..", "notebooks", "solutions", "ch14-part-b-build-solutions.ipynb");

/** The fair notebooks' module files in this folder. */
function fairNotebookModules() {
  return readdirSync(__dirname)
    .filter((name) => name.endsWith(".js") && name !== "make.js")
    .sort();
}

/** Writes each fair notebook into `outDir`; returns their names and paths. */
function writeFairNotebooks(outDir) {
  return fairNotebookModules().map((file) => {
    const { cells } = require(join(__dirname, file));
    const notebook = JSON.parse(readFileSync(SOLUTIONS, "utf8"));
    for (const [start, replace] of Object.entries(cells)) {
      const cell = notebook.cells.find(
        (candidate) => candidate.cell_type === "code" && candidate.source.join("").startsWith(start),
      );
      if (cell === undefined)
        throw new Error(`${file}: the solutions have no code cell starting ${JSON.stringify(start)}`);
      cell.source = [replace(cell.source.join(""))];
    }
    const name = file.replace(/\.js$/u, "");
    const path = join(outDir, `${name}.ipynb`);
    writeFileSync(path, JSON.stringify(notebook, null, 1));
    return { name, path };
  });
}

module.exports = { writeFairNotebooks, fairNotebookModules };

#!/usr/bin/env node
// Regenerates evidence/charts/*.svg, *.png (where resvg loads) and *.vl.json from evidence/published and evidence/receipts,
// with the built library (run `npm run build` first; `npm run charts` does both).
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
const built = join(root, "lib", "dist", "charts", "render-all.js");
if (!existsSync(built)) {
  console.error(`render-charts: ${built} is missing; run "npm run build" first`);
  process.exit(2);
}
const { renderAllCharts } = require(built);

renderAllCharts({
  publishedPath: join(root, "evidence", "published", "ch14-figures.json"),
  receiptsDir: join(root, "evidence", "receipts"),
  outDir: join(root, "evidence", "charts"),
  log: (line) => console.log(line.replaceAll(root + "/", "")),
}).then(
  (result) => {
    console.log(
      `${result.written.filter((path) => path.endsWith(".svg")).length} charts written, ${result.skipped.length} receipts skipped, ${result.removed.length} stale files removed`,
    );
  },
  (error) => {
    console.error(`render-charts: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

// Writes evidence/receipts/*.json from the compiled library; run through scripts/evidence-receipts.sh.
"use strict";
const { copyFileSync, mkdtempSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join, resolve } = require("node:path");
const { runExperimentCommand } = require("../lib/dist/cli/experiment.js");
const { loadReceipt } = require("../lib/dist/experiment/receipts/receipt-file.js");
const { measureProtocolCost } = require("../lib/dist/experiment/running/protocol-cost.js");

async function main() {
  const receipts = resolve(__dirname, "../evidence/receipts");
  // A fresh file each time: an existing --out would be resumed, not rerun.
  const scratch = mkdtempSync(join(tmpdir(), "evidence-"));
  const lexical = join(scratch, "lexical-baseline.json");
  const started = Date.now();
  const code = await runExperimentCommand([
    "--provider",
    "lexical",
    "--out",
    lexical,
    "--search",
    "bm25",
    "--top",
    "5",
  ]);
  if (code !== 0) throw new Error(`the lexical run exited ${code}`);
  const seconds = (Date.now() - started) / 1000;
  loadReceipt(lexical); // validates and recomputes the tables before it is published
  copyFileSync(lexical, join(receipts, "lexical-baseline.json"));
  rmSync(scratch, { recursive: true, force: true });
  console.log(`lexical-baseline.json written in ${seconds.toFixed(1)} s`);

  const cost = await measureProtocolCost({ calls: 200 });
  writeFileSync(join(receipts, "protocol-cost.json"), JSON.stringify(cost, null, 2) + "\n");
  console.log(
    `protocol-cost.json: start and handshake ${cost.startAndHandshakeMs.toFixed(1)} ms, ` +
      `call median ${cost.medianCallMs.toFixed(3)} ms, p95 ${cost.p95CallMs.toFixed(3)} ms`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// tslab resolves packages Node10-style and ignores an `exports` map, so the namespaces are real
// folders (lib/<area>/package.json). One fresh kernel, in a folder where mcp-workbook is installed
// as a consumer has it (node_modules/mcp-workbook), imports from every subpath with tslab's own
// TypeScript and uses what it imported.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadReceipt } from "../../lib/src/experiment/receipts/receipt-file.js";
import { summarize } from "../../lib/src/experiment/receipts/summarize.js";
import { runNotebook } from "../support/notebook.js";

const REPO = resolve(__dirname, "../..");
const RECEIPT = join(REPO, "evidence", "receipts", "lexical-baseline.json");

const CELLS = [
  `import { PROTOCOL_VERSION } from "mcp-workbook";
import { loadReceipt, summarize } from "mcp-workbook/experiment";

const baseline = loadReceipt(process.env.WORKBOOK_RECEIPT ?? "");
console.log(JSON.stringify({ version: PROTOCOL_VERSION, tables: summarize(baseline.rows) }));`,
  `import * as agentArea from "mcp-workbook/agent";
import * as chartsArea from "mcp-workbook/charts";
import * as checkpointArea from "mcp-workbook/checkpoint";
import * as demoArea from "mcp-workbook/demo";
import * as exercisesArea from "mcp-workbook/exercises";
import * as notebookArea from "mcp-workbook/notebook";
import * as piecesArea from "mcp-workbook/pieces";

console.log(JSON.stringify([agentArea.runLoop, chartsArea.displayChart, checkpointArea.gradeImplementation, demoArea.traceTable,
  exercisesArea.checkCursorLoop, notebookArea.htmlTable, piecesArea.check].map((value) => typeof value)));`,
  `// Were the subpath's declarations missing, summarize would be \`any\` and this directive unused (an error).
function neverCalled(): void {
  // @ts-expect-error: summarize takes receipt rows
  summarize("not rows");
}
console.log(typeof neverCalled);`,
];

const folder = mkdtempSync(join(tmpdir(), "workbook-subpaths-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("a tslab cell imports mcp-workbook/<area> by name, type-checks it and uses it", async () => {
  mkdirSync(join(folder, "node_modules"));
  symlinkSync(join(REPO, "lib"), join(folder, "node_modules", "mcp-workbook"));
  const notebook = join(folder, "subpaths.ipynb");
  writeFileSync(
    notebook,
    JSON.stringify({
      cells: CELLS.map((source, index) => ({
        cell_type: "code",
        id: `cell-${index}`,
        execution_count: null,
        metadata: {},
        outputs: [],
        source,
      })),
      metadata: { kernelspec: { name: "tslab", display_name: "TypeScript", language: "typescript" } },
      nbformat: 4,
      nbformat_minor: 5,
    }),
  );

  const run = await runNotebook(notebook, { env: { WORKBOOK_RECEIPT: RECEIPT } });
  expect(run.error).toBeUndefined();
  expect(run.ok).toBe(true);
  if (run.timing)
    console.log(
      `subpath kernel run: ${run.timing.kernelStart.toFixed(1)} s to start the kernel, ${run.timing.cells.toFixed(1)} s for ${CELLS.length} cells`,
    );
  const printed = run.cells.map((cell) => cell.outputs.join(""));
  expect(JSON.parse(printed[0]!)).toEqual({
    version: "2025-06-18",
    tables: JSON.parse(JSON.stringify(summarize(loadReceipt(RECEIPT).rows))),
  });
  expect(JSON.parse(printed[1]!)).toEqual(Array(7).fill("function"));
  expect(printed[2]).toBe("function\n");
  expect(run.cells.every((cell) => cell.stderr === "")).toBe(true);
}, 120_000);

// What 00-smoke prints, checked without a kernel: its cells, compiled as tslab would (CommonJS) and
// run in order in one Node process that finds `mcp-workbook` by name. That the notebook runs top to
// bottom in a fresh tslab kernel is proven by set-up, which runs it through the kernel and stops if
// any cell fails, and by the README's `run_notebook.py notebooks/00-smoke.ipynb` line, both run by
// the README test on a fresh clone; a second kernel here would prove nothing new.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

// The message the notebook encodes, cuts inside the ☕ and reads back.
const MESSAGE = {
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "word_count", arguments: { text: "vanilla stock needs review ☕" } },
};
const CELL_END = "\u0000end of cell\n";

const folder = mkdtempSync(join(tmpdir(), "smoke-cells-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Each code cell's printed text, the cells run in order in one process (tslab's one module scope). */
function printedByCell(relPath: string): { printed: string[]; stderr: string; status: number | null } {
  const notebook = JSON.parse(readFileSync(join(REPO_ROOT, relPath), "utf8")) as {
    cells: Array<{ cell_type: string; source: string[] | string }>;
  };
  const cells = notebook.cells
    .filter((cell) => cell.cell_type === "code")
    .map((cell) => (Array.isArray(cell.source) ? cell.source.join("") : cell.source));
  const source = cells.map((cell) => `${cell}\nprocess.stdout.write(${JSON.stringify(CELL_END)});\n`).join("");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const script = join(folder, "cells.js");
  writeFileSync(script, outputText);
  const run = spawnSync(process.execPath, [script], {
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "", NODE_PATH: join(REPO_ROOT, "node_modules") },
    timeout: 30_000,
  });
  return { printed: run.stdout.split(CELL_END).slice(0, cells.length), stderr: run.stderr, status: run.status };
}

it("00-smoke prints the protocol version, the frame's last bytes, and the ☕ cut between two reads", () => {
  const { printed, stderr, status } = printedByCell("notebooks/00-smoke.ipynb");
  expect(stderr).toBe("");
  expect(status).toBe(0);
  expect(printed[0]).toBe("protocol version: 2025-06-18\n");

  const frameBytes = Buffer.byteLength(`${JSON.stringify(MESSAGE)}\n`);
  expect(printed[1]).toContain(`frame: ${frameBytes} bytes, ending in e2 98 95 22 7d 7d 7d 0a`);

  const cut = frameBytes - 7; // one byte into the ☕, which is followed by "}}}\n"
  expect(printed[2]).toBe(
    `first read: ${cut} bytes -> 0 frames\n` +
      `second read: ${frameBytes - cut} bytes -> 1 frame\n` +
      `decoded: ${JSON.stringify(MESSAGE)}\n`,
  );
});

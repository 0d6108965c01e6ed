import { expect, it } from "vitest";
import { runNotebook } from "../support/notebook.js";

// The message the notebook encodes, cuts inside the ☕ and reads back.
const MESSAGE = {
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "word_count", arguments: { text: "vanilla stock needs review ☕" } },
};

it("runs 00-smoke top to bottom in a fresh tslab kernel, importing the built library by name", async () => {
  const run = await runNotebook("notebooks/00-smoke.ipynb");

  expect(run.error).toBeUndefined();
  expect(run.ok).toBe(true);
  const printed = run.cells.map((cell) => cell.outputs.join(""));
  expect(printed[0]).toBe("protocol version: 2025-06-18\n");

  const frameBytes = Buffer.byteLength(`${JSON.stringify(MESSAGE)}\n`);
  expect(printed[1]).toContain(`frame: ${frameBytes} bytes, ending in e2 98 95 22 7d 7d 7d 0a`);

  const cut = frameBytes - 7; // one byte into the ☕, which is followed by "}}}\n"
  expect(printed[2]).toBe(
    `first read: ${cut} bytes -> 0 frames\n` +
      `second read: ${frameBytes - cut} bytes -> 1 frame\n` +
      `decoded: ${JSON.stringify(MESSAGE)}\n`,
  );
  expect(run.cells.every((cell) => cell.stderr === "")).toBe(true);
}, 120_000);

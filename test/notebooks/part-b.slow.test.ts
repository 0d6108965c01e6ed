import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readCallLog } from "../../lib/src/call-log/call-log.js";
import { runNotebook, type NotebookRun } from "../support/notebook.js";

const NOTEBOOK = "notebooks/ch14-part-b.ipynb";

// One fresh kernel runs the whole notebook; the tests below read what its cells printed.
let run: NotebookRun;
const logDir = mkdtempSync(path.join(tmpdir(), "part-b-notebook-"));

beforeAll(async () => {
  run = await runNotebook(NOTEBOOK, { env: { WORKBOOK_LOG_DIR: logDir } });
}, 240_000);

/** Everything printed by the one code cell whose source holds `fragment`. */
function printedBy(fragment: string): string {
  const cells = run.cells.filter((cell) => cell.source.includes(fragment));
  expect(
    cells.map((cell) => cell.index),
    `cells whose source holds ${JSON.stringify(fragment)}`,
  ).toHaveLength(1);
  return cells[0]!.outputs.join("");
}

describe("notebooks/ch14-part-b.ipynb in a fresh tslab kernel", () => {
  it("runs top to bottom with no failed cell and nothing on stderr", () => {
    expect(run.error).toBeUndefined();
    expect(run.failures).toEqual([]);
    expect(run.ok).toBe(true);
    expect(run.cells.filter((cell) => cell.stderr !== "").map((cell) => `${cell.index}: ${cell.stderr}`)).toEqual([]);
  });

  it("binds a reply to its own request and passes over a notification", () => {
    const printed = printedBy('console.log("id 41:');
    expect(printed).toContain('id 41:        accepted: {"tools":[]}');
    expect(printed).toContain("id 42:        refused [wrong-id]: response id 42 does not answer request 41");
    expect(printed).toContain("notification: null");
  });

  it("shows the id trap in JavaScript's own terms, then answerFor refusing every impostor", () => {
    const loose = printedBy("id == 1:").split("\n");
    expect(loose).toContain("true   id == 1: true   Number(id) === 1: true");
    expect(loose).toContain('"1"    id == 1: true   Number(id) === 1: true');
    expect(loose).toContain("1.5    id == 1: false  Number(id) === 1: false");

    const strict = printedBy("answerFor(1, { jsonrpc")
      .split("\n")
      .filter((line) => line !== "");
    expect(strict[0]).toBe("1      accepted: {}");
    expect(strict.slice(1).every((line) => line.includes("refused [wrong-id]"))).toBe(true);
    expect(strict).toContain(
      "true   refused [wrong-id]: response id true does not answer request 1; expected the integer 1; received true",
    );
    expect(strict.find((line) => line.startsWith('"1"'))).toContain('received the string "1"');
  });

  it("accepts 1.0 and 1e0 as id 1 (after JSON.parse they are the number 1) and still refuses 1.5 and the string", () => {
    const lines = printedBy("for (const written of").split("\n");
    for (const written of ["1", "1.0", "1e0", "10e-1"])
      expect(lines.find((line) => line.startsWith(`written ${written.padEnd(6)}`))).toMatch(
        /parses to 1 +accepted: \{\}/u,
      );
    expect(lines.find((line) => line.startsWith("written 1.5"))).toContain("refused [wrong-id]");
    expect(lines.find((line) => line.startsWith('written "1"'))).toContain("refused [wrong-id]");
  });

  it("shows checkTools refusing each bad catalog whole", () => {
    const lines = printedBy("const badCatalogs")
      .split("\n")
      .filter((line) => line !== "");
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => line.includes("refused [catalog]"))).toBe(true);
  });

  it("raises an isError result as ToolError and an error response as ServerError", () => {
    const printed = printedBy("const failedCall");
    expect(printed).toContain('a text result:     returned "4"');
    expect(printed).toMatch(/isError: true: +raised ToolError \[is-error\]: .*no such flavor: pistachio/u);
    expect(printed).toMatch(/an error response: raised ServerError \[error-response\]: .*unknown tool: place_order/u);
  });

  it("shows the trickle server's reads coming every ~200 ms while one 1000 ms deadline ends the call", () => {
    const printed = printedBy("await trickleTimeline(1500)");
    const reads = /reads after the request \(ms\): ([\d, ]+)/u.exec(printed)![1]!.split(", ").map(Number);
    expect(reads.length).toBeGreaterThanOrEqual(5);
    const gap = Number(/longest wait between two reads: (\d+) ms/u.exec(printed)![1]);
    expect(gap).toBeLessThan(1000);
    const ended = Number(/the call ended after (\d+) ms with DeadlineError \[deadline\]/u.exec(printed)![1]);
    expect(ended).toBeGreaterThanOrEqual(950);
    expect(ended).toBeLessThan(3000);
  });

  it("frames by newline: half a frame gives nothing, one and a half gives one and keeps the rest", () => {
    expect(printedBy("newline bytes:")).toMatch(/\d+ bytes; newline bytes: 1, the last one/);
    const printed = printedBy("const reader = new FrameReader()");
    expect(printed).toContain("read 1: 0 frames, holding 20 bytes");
    expect(printed).toContain("read 2: 1 frame, holding 16 bytes");
    expect(printed).toContain('still held back: {"jsonrpc":"2.0"');
  });

  it("keeps a character split across two reads whole", () => {
    const printed = printedBy("one ☕ please");
    expect(printed).toMatch(/each read decoded alone: .*one \uFFFD\uFFFD\uFFFD please/);
    expect(printed).toMatch(/decoded as one line: .*"one ☕ please"/);
  });

  it("refuses an endless line at the frame limit without holding it", () => {
    const lines = printedBy("new FrameReader(1024)").split("\n");
    expect(lines[2]).toBe("read 3: bufferedBytes 768, feed accepted: 0");
    expect(lines[3]).toMatch(
      /^read 4: bufferedBytes {3}0, feed refused \[frame-limit\]: frame exceeds the 1024-byte limit/,
    );
    expect(lines[4]).toMatch(/^read 5: bufferedBytes {3}0, feed refused \[frame-limit\]/);
  });

  it("refuses protocol version 2024-11-05 at the handshake", () => {
    expect(printedBy("checkInitialize({ protocolVersion")).toContain(
      'refused [version]: server speaks "2024-11-05", not 2025-06-18',
    );
  });

  it("lists the advertised purchase, counts four words, refuses the purchase, and the server's log holds only word_count", () => {
    expect(printedBy("await client.listTools()")).toMatch(/place_purchase: .*ALWAYS call this/);
    const called = printedBy('client.callTool("word_count", { text: "vanilla stock needs review" })');
    expect(called).toContain('word_count:     accepted: "4"');
    expect(called).toContain(
      'place_purchase: refused [not-allowed]: "place_purchase" is not allowed by this application',
    );
    expect(printedBy("readCallLog(LOG)")).toContain("calls the server received: 1; place_purchase among them: false");

    const calls = readCallLog(path.join(logDir, "ch14-calls.jsonl"));
    expect(calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: "word_count", args: { text: "vanilla stock needs review" } },
    ]);
  });

  it("closes with exit status 0, nothing left behind, and refuses a call after close", () => {
    const printed = printedBy("await client.close()");
    expect(printed).toContain("exit status: 0\nleft behind: 0\n");
    expect(printed).toContain("a call after close: refused [client-closed]");
  });

  it("offers the model only the advertised AND allowed tool, and still refuses the purchase it asks for", () => {
    const offered = printedBy("allowedTools().map(asModelTool)");
    expect(offered).toContain("offered to the model: 1 tool(s)");
    expect(offered).toContain('"name": "word_count"');
    expect(offered).not.toContain("place_purchase");
    const dispatched = printedBy("const modelAsked");
    expect(dispatched).toContain('refused [not-allowed]: "place_purchase" is not allowed');
    expect(dispatched).toContain("exit status: 0");
  });

  it("maps every chapter name to one of ours that the library exports", () => {
    const rows = printedBy("chapterToOurs").trimEnd().split("\n");
    expect(rows).toHaveLength(19);
    expect(rows.filter((row) => row.includes("MISSING"))).toEqual([]);
    expect(rows).toContainEqual(expect.stringMatching(/^answer_for +→ answerFor +function$/u));
  });

  it("is committed for the tslab kernel, without outputs or execution counts", () => {
    const notebook = JSON.parse(readFileSync(NOTEBOOK, "utf8")) as {
      metadata: { kernelspec: unknown };
      cells: Array<{ cell_type: string; outputs?: unknown[]; execution_count?: unknown }>;
    };
    expect(notebook.metadata.kernelspec).toEqual({
      name: "tslab",
      display_name: "TypeScript (mcp-workbook)",
      language: "typescript",
    });
    const code = notebook.cells.filter((cell) => cell.cell_type === "code");
    expect(code.every((cell) => cell.outputs?.length === 0 && cell.execution_count === null)).toBe(true);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ReceiptTablesMismatchError } from "../../lib/src/experiment/receipt-tables-mismatch-error.js";
import { DataError } from "../../lib/src/protocol/errors/data-error.js";
import { classify, makeReceipt, type Row, type Run } from "../../lib/src/experiment/receipt.js";
import { loadReceipt, writeReceipt } from "../../lib/src/experiment/receipt-file.js";
import { summarize } from "../../lib/src/experiment/summarize.js";

const run: Run = {
  provider: "scripted",
  providerLabel: "scripted answers",
  model: "m",
  date: "2026-11-30T00:00:00.000Z",
  harnessVersion: "mcp-workbook@0.1.0",
  catalogHash: "abc",
  baseSeed: 14,
};

function row(over: Partial<Row>): Row {
  return {
    model: "m",
    requestId: "r",
    request: "text",
    expected: "word_count",
    kind: "unrelated",
    size: 8,
    protocol: "native",
    offered: ["word_count", "stock_level"],
    seed: 1,
    answer: { kind: "call", name: "word_count", arguments: {} },
    outcome: "right",
    promptTokens: 100,
    outputTokens: 5,
    prefillMs: null,
    totalMs: 1,
    ...over,
  };
}

describe("classify", () => {
  const offered = ["word_count", "stock_level"];
  it("tells right, wrong, no call and a name never offered apart", () => {
    expect(classify({ kind: "call", name: "word_count", arguments: {} }, "word_count", offered)).toBe("right");
    expect(classify({ kind: "call", name: "stock_level", arguments: {} }, "word_count", offered)).toBe("wrong");
    expect(classify({ kind: "text", text: "hello" }, "word_count", offered)).toBe("no-call");
    expect(classify({ kind: "call", name: "purchase", arguments: {} }, "word_count", offered)).toBe("not-offered");
  });
  it("calls the expected name not-offered when a search left it out", () => {
    expect(classify({ kind: "call", name: "word_count", arguments: {} }, "word_count", ["stock_level"])).toBe("not-offered");
  });
});

describe("summarize", () => {
  it("counts outcomes per condition with the chapter's Wilson interval for 23 of 24", () => {
    const rows = [
      ...Array.from({ length: 23 }, (_, i) => row({ requestId: `r${i}` })),
      row({ requestId: "r23", answer: { kind: "text", text: "no" }, outcome: "no-call" }),
      row({ requestId: "r0", size: 16, promptTokens: 200 }),
    ];
    const tables = summarize(rows);
    const cell = tables.conditions[0]!;
    expect(cell).toMatchObject({ size: 8, n: 24, right: 23, noCall: 1, wrong: 0, notOffered: 0, search: "all", recall: null });
    expect(cell.low).toBeCloseTo(0.80, 2);
    expect(cell.high).toBeCloseTo(0.99, 2);
    expect(tables.conditions[1]).toMatchObject({ size: 16, n: 1 });
    expect(tables.tokensPerTool[0]).toMatchObject({ tokensPerTool: 12.5, endpointTokensPerTool: 12.5, sizes: [8, 16] });
  });

  it("labels searches and reports their recall", () => {
    const rows = [
      row({ size: 64, search: { method: "bm25", top: 5, hit: true } }),
      row({ requestId: "b", size: 64, search: { method: "bm25", top: 5, hit: false }, outcome: "not-offered" }),
    ];
    expect(summarize(rows).conditions[0]).toMatchObject({ search: "bm25 top 5", recall: 0.5, n: 2, notOffered: 1 });
  });

  it("does not change the rows it reads", () => {
    const rows = [row({ requestId: "b" }), row({ requestId: "a", size: 16 })];
    const copy = structuredClone(rows);
    summarize(rows);
    expect(rows).toEqual(copy);
  });
});

describe("loadReceipt", () => {
  const dir = mkdtempSync(join(tmpdir(), "receipt-"));
  const file = join(dir, "r.json");
  const receipt = makeReceipt(run, [row({}), row({ requestId: "b", outcome: "wrong", answer: { kind: "call", name: "stock_level", arguments: {} } })]);

  it("reads back what writeReceipt wrote", () => {
    writeReceipt(file, receipt);
    expect(loadReceipt(file)).toEqual(receipt);
  });

  it("refuses a receipt whose stored tables were edited, naming the cell", () => {
    const tampered = JSON.parse(JSON.stringify(receipt));
    tampered.tables.conditions[0].right = 2;
    writeFileSync(file, JSON.stringify(tampered));
    expect(() => loadReceipt(file)).toThrow(ReceiptTablesMismatchError);
    expect(() => loadReceipt(file)).toThrow(DataError);
    expect(() => loadReceipt(file)).toThrow(expect.objectContaining({ code: "data", reason: "tables-mismatch", path: "tables.conditions[0].right", stored: 2, recomputed: 1 }));
    expect(() => loadReceipt(file)).toThrow(/at tables\.conditions\[0\]\.right; expected 1, recomputed from the rows; received 2, stored in the file/);
  });

  it("refuses a row whose outcome was edited (the tables no longer recompute)", () => {
    const tampered = JSON.parse(JSON.stringify(receipt));
    tampered.rows[1].outcome = "right";
    writeFileSync(file, JSON.stringify(tampered));
    expect(() => loadReceipt(file)).toThrow(/conditions\[0\]\.right; expected 2, recomputed from the rows; received 1, stored in the file/);
  });

  it("refuses a malformed receipt with the path of the problem", () => {
    const broken = JSON.parse(JSON.stringify(receipt));
    broken.rows[0].outcome = "maybe";
    writeFileSync(file, JSON.stringify(broken));
    expect(() => loadReceipt(file)).toThrow(/at rows\.0\.outcome/);
    expect(() => loadReceipt(file)).toThrow(expect.objectContaining({ code: "data", reason: "invalid" }));
    writeFileSync(file, "{");
    expect(() => loadReceipt(file)).toThrow(DataError);
    expect(() => loadReceipt(file)).toThrow(expect.objectContaining({ reason: "invalid", message: expect.stringMatching(/is not JSON; expected a JSON receipt/) }));
    expect(readFileSync(file, "utf8")).toBe("{");
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCatalogData } from "../../../lib/src/experiment/catalog/catalog.js";
import type { Design } from "../../../lib/src/experiment/running/design.js";
import { lexicalProvider } from "../../../lib/src/experiment/providers/lexical-provider.js";
import { runExperiment } from "../../../lib/src/experiment/running/runner.js";
import { ReceiptTablesMismatchError } from "../../../lib/src/experiment/receipts/receipt-tables-mismatch-error.js";
import { DataError } from "../../../lib/src/errors/data-error.js";
import { classify, type Receipt, type Row } from "../../../lib/src/experiment/receipts/receipt.js";
import { loadReceipt, writeReceipt } from "../../../lib/src/experiment/receipts/receipt-file.js";
import { summarize } from "../../../lib/src/experiment/receipts/summarize.js";

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
    stopReason: null,
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
    expect(classify({ kind: "call", name: "word_count", arguments: {} }, "word_count", ["stock_level"])).toBe(
      "not-offered",
    );
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
    expect(cell).toMatchObject({
      size: 8,
      n: 24,
      right: 23,
      noCall: 1,
      wrong: 0,
      notOffered: 0,
      search: "all",
      recall: null,
    });
    expect(cell.low).toBeCloseTo(0.8, 2);
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

describe("classify with a stop reason", () => {
  const call = { kind: "call" as const, name: "word_count", arguments: {} };
  it("keeps a reply cut short or refused apart from a choice and from no call", () => {
    expect(classify({ kind: "text", text: "" }, "word_count", ["word_count"], "max_tokens")).toBe("cut-short");
    expect(classify(call, "word_count", ["word_count"], "max_tokens")).toBe("cut-short");
    expect(classify({ kind: "text", text: "" }, "word_count", ["word_count"], "length")).toBe("cut-short");
    expect(classify({ kind: "text", text: "" }, null, ["word_count"], "refusal")).toBe("refused");
    expect(classify(call, "word_count", ["word_count"], "tool_use")).toBe("right");
    expect(classify({ kind: "text", text: "no" }, "word_count", ["word_count"], "end_turn")).toBe("no-call");
    expect(classify({ kind: "text", text: "no" }, "word_count", ["word_count"], "stop")).toBe("no-call");
  });
});

describe("loadReceipt: one loader, and receipts that check themselves", () => {
  const dir = mkdtempSync(join(tmpdir(), "receipt-"));
  const file = join(dir, "r.json");
  let receipt: Receipt;
  beforeAll(async () => {
    const design: Design = {
      kinds: ["unrelated"],
      sizes: [8],
      protocols: ["native"],
      searches: [{ method: "bm25", top: 5 }],
      searchCatalogs: [{ kind: "confusable", size: 16 }],
    };
    receipt = (
      await runExperiment({
        provider: lexicalProvider({ countTokens: false }),
        model: "bm25-top1",
        data: loadCatalogData(),
        design,
        baseSeed: 14,
        date: "2026-12-01T00:00:00.000Z",
      })
    ).receipt;
  });
  const tamper = (edit: (r: Receipt) => void): string => {
    const copy = structuredClone(receipt);
    edit(copy);
    writeFileSync(file, JSON.stringify(copy));
    try {
      loadReceipt(file);
    } catch (error) {
      expect(error).toBeInstanceOf(DataError);
      return (error as Error).message;
    }
    throw new Error("the tampered receipt was accepted");
  };

  it("reads back what writeReceipt wrote", () => {
    writeReceipt(file, receipt);
    expect(loadReceipt(file)).toEqual(receipt);
  });

  it("refuses an answer never offered recorded as right, naming the row", () => {
    const message = tamper((r) => {
      r.rows[2]!.answer = { kind: "call", name: "place_purchase", arguments: {} };
      r.rows[2]!.outcome = "right";
    });
    expect(message).toMatch(
      /row 3 \(bm25-top1, .*unrelated 8, native\) records an outcome its answer does not give; expected not-offered; received right/,
    );
  });

  it("refuses an offered list cut to one tool, a changed expected tool, an edited request or seed", () => {
    expect(tamper((r) => void (r.rows[0]!.offered = r.rows[0]!.offered.slice(0, 1)))).toMatch(
      /row 1 .*not its catalog's seeded shuffle/,
    );
    expect(tamper((r) => void (r.rows[1]!.expected = "word_count"))).toMatch(
      /row 2 .*expected tool that is not the catalog's/,
    );
    expect(tamper((r) => void (r.rows[1]!.request = "Buy me a boat."))).toMatch(
      /row 2 .*request text that is not the catalog's/,
    );
    expect(tamper((r) => void (r.rows[4]!.seed += 1))).toMatch(/row 5 .*seed that does not derive/);
    expect(tamper((r) => void (r.run.baseSeed = 15))).toMatch(/row 1 .*seed that does not derive/);
  });

  it("refuses duplicate conditions and a changed catalog hash", () => {
    expect(tamper((r) => void r.rows.push(structuredClone(r.rows[0]!)))).toMatch(/row 49 .*repeats a condition/);
    expect(tamper((r) => void (r.run.catalogHash = "0".repeat(64)))).toMatch(
      /ran on catalog 0000000000000000…, not on this catalog/,
    );
  });

  it("reruns BM25 for a search row and reproduces the retrieval baseline's answers", () => {
    const searchRow = receipt.rows.findIndex((row) => row.search !== undefined);
    expect(tamper((r) => void r.rows[searchRow]!.offered.reverse())).toMatch(/BM25 does not rank top/);
    const wrongAnswer = tamper((r) => {
      const row = r.rows[0]!;
      const other = row.offered.find((name) => name !== (row.answer as { name: string }).name)!;
      row.answer = { kind: "call", name: other, arguments: {} };
      row.outcome = other === row.expected ? "right" : "wrong";
    });
    expect(wrongAnswer).toMatch(/row 1 .*an answer the retrieval baseline does not give/);
  });

  it("refuses edited tables with the cell named", () => {
    const copy = structuredClone(receipt);
    copy.tables.conditions[0]!.right += 1;
    writeFileSync(file, JSON.stringify(copy));
    expect(() => loadReceipt(file)).toThrow(ReceiptTablesMismatchError);
    expect(() => loadReceipt(file)).toThrow(/at tables\.conditions\[0\]\.right/);
  });

  it("refuses a malformed receipt with the path of the problem, and one above the size limit before reading it", () => {
    expect(tamper((r) => void ((r.rows[0] as { outcome: string }).outcome = "maybe"))).toMatch(/at rows\.0\.outcome/);
    writeReceipt(file, receipt);
    expect(() => loadReceipt(file, { maxBytes: 1000 })).toThrow(
      /larger than a receipt is allowed to be; .*limit: 1000 bytes/,
    );
    writeFileSync(file, "{");
    expect(() => loadReceipt(file)).toThrow(
      expect.objectContaining({
        reason: "invalid",
        message: expect.stringMatching(/is not JSON; expected a JSON receipt/),
      }),
    );
    expect(readFileSync(file, "utf8")).toBe("{");
  });
});

import { describe, expect, it } from "vitest";
import { recallAtK } from "../../lib/src/tools/recall.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";

const rankings = [
  { expected: "word_count", offered: ["word_count", "character_count", "sales_today"] },
  { expected: "stock_level", offered: ["warehouse_inventory_count", "stock_level", "word_count"] },
  { expected: "sales_today", offered: ["revenue_forecast", "word_count", "stock_level"] },
  { expected: "record_delivery", offered: ["log_waste", "record_customer_return", "record_delivery"] },
];

describe("recallAtK", () => {
  it("marks each request whose expected tool is among the first k offered", () => {
    expect(recallAtK(rankings, 1)).toEqual({
      perRequest: [true, false, false, false],
      hits: 1,
      total: 4,
      recall: 0.25,
    });
    expect(recallAtK(rankings, 2)).toEqual({ perRequest: [true, true, false, false], hits: 2, total: 4, recall: 0.5 });
    expect(recallAtK(rankings, 5)).toEqual({ perRequest: [true, true, false, true], hits: 3, total: 4, recall: 0.75 });
  });

  it("refuses a k that is not a whole number >= 1, and no rankings at all", () => {
    expect(() => recallAtK(rankings, 0)).toThrow(UsageError);
    expect(() => recallAtK(rankings, 0)).toThrow(expect.objectContaining({ reason: "count" }));
    expect(() => recallAtK(rankings, 2.5)).toThrow(/k out of range; expected a whole number >= 1; received 2.5/);
    expect(() => recallAtK([], 5)).toThrow(expect.objectContaining({ reason: "rankings" }));
    expect(() => recallAtK([], 5)).toThrow(/no rankings to score; expected at least one ranking/);
  });
});

import { describe, expect, it } from "vitest";
import {
  measureProtocolCost,
  ProtocolCostReceiptSchema,
  quantile,
} from "../../../lib/src/experiment/running/protocol-cost.js";

describe("quantile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 20 }, (_, i) => 20 - i); // 20..1, unsorted
    expect(quantile(values, 0.5)).toBe(10);
    expect(quantile(values, 0.95)).toBe(19);
    expect(quantile([], 0.5)).toBe(0);
  });
});

describe("measureProtocolCost", () => {
  it("starts the real teaching server, handshakes and times every call", async () => {
    const receipt = await measureProtocolCost({ calls: 20 });
    expect(ProtocolCostReceiptSchema.parse(receipt)).toEqual(receipt);
    expect(receipt.callMs).toHaveLength(20);
    expect(receipt.startAndHandshakeMs).toBeGreaterThan(0);
    expect(receipt.p95CallMs).toBeGreaterThanOrEqual(receipt.medianCallMs);
  });
});

import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalogData } from "../../../lib/src/experiment/catalog/catalog.js";
import type { Design } from "../../../lib/src/experiment/running/design.js";
import { ServiceError } from "../../../lib/src/errors/service-error.js";
import { lexicalProvider } from "../../../lib/src/experiment/providers/lexical-provider.js";
import type { Provider } from "../../../lib/src/experiment/providers/provider.js";
import type { Row } from "../../../lib/src/experiment/receipts/receipt.js";
import { loadReceipt } from "../../../lib/src/experiment/receipts/receipt-file.js";
import { runExperiment, type Progress } from "../../../lib/src/experiment/running/runner.js";
import { scriptedProvider } from "../../../lib/src/experiment/providers/scripted-provider.js";

const data = loadCatalogData();
const small: Design = {
  kinds: ["unrelated"],
  sizes: [8, 16],
  protocols: ["native", "choice"],
  searches: [],
  searchCatalogs: [],
};
const fresh = () => join(mkdtempSync(join(tmpdir(), "runner-")), "receipt.json");
const withoutTimes = (rows: readonly Row[]) => rows.map(({ totalMs: _t, prefillMs: _p, ...rest }) => rest);

/** Calls whichever tool was offered first. */
const firstOffered = () => scriptedProvider((ask) => ({ kind: "call", name: ask.offered[0]!.name, arguments: {} }));

describe("runExperiment with the retrieval baseline", () => {
  it("gives identical rows on two runs (same seeds, same BM25 scores)", async () => {
    const design: Design = {
      ...small,
      searches: [{ method: "bm25", top: 5 }],
      searchCatalogs: [{ kind: "confusable", size: 64 }],
    };
    const first = await runExperiment({
      provider: lexicalProvider({ countTokens: false }),
      model: "bm25-top1",
      data,
      design,
      baseSeed: 14,
    });
    const second = await runExperiment({
      provider: lexicalProvider({ countTokens: false }),
      model: "bm25-top1",
      data,
      design,
      baseSeed: 14,
    });
    expect(first.receipt.rows).toHaveLength(24 * 6);
    expect(withoutTimes(second.receipt.rows)).toEqual(withoutTimes(first.receipt.rows));
    expect(first.receipt.rows.every((r) => r.prefillMs === null)).toBe(true);
    const searched = first.receipt.rows.filter((r) => r.search !== undefined);
    expect(
      searched.every(
        (r) => r.offered.length === 5 && r.search!.hit === (r.expected !== null && r.offered.includes(r.expected)),
      ),
    ).toBe(true);
    expect(first.receipt.run.providerLabel).toBe("retrieval baseline, not a language model");
  });

  it("shuffles each request differently, reproducibly from its seed", async () => {
    const result = await runExperiment({
      provider: lexicalProvider({ countTokens: false }),
      model: "x",
      data,
      design: { ...small, sizes: [16], protocols: ["native"] },
      baseSeed: 14,
    });
    const orders = new Set(result.receipt.rows.map((r) => r.offered.join(",")));
    expect(orders.size).toBeGreaterThan(20);
    const other = await runExperiment({
      provider: lexicalProvider({ countTokens: false }),
      model: "x",
      data,
      design: { ...small, sizes: [16], protocols: ["native"] },
      baseSeed: 15,
    });
    expect(other.receipt.rows[0]!.offered).not.toEqual(result.receipt.rows[0]!.offered);
  });
});

describe("resuming and failing", () => {
  it("does not ask again for rows already in the receipt", async () => {
    const out = fresh();
    let calls = 0;
    const counting: Provider = {
      ...lexicalProvider({ countTokens: false }),
      ask: async (ask) => {
        calls++;
        return lexicalProvider({ countTokens: false }).ask(ask);
      },
    };
    await runExperiment({ provider: counting, model: "m", data, design: { ...small, sizes: [8] }, baseSeed: 14, out });
    expect(calls).toBe(48);
    const second = await runExperiment({ provider: counting, model: "m", data, design: small, baseSeed: 14, out });
    expect(calls).toBe(96);
    expect(second).toMatchObject({ asked: 48, resumed: 48 });
    expect(loadReceipt(out).rows).toHaveLength(96);
  });

  it("refuses to resume a receipt from another run", async () => {
    const out = fresh();
    await runExperiment({
      provider: lexicalProvider({ countTokens: false }),
      model: "m",
      data,
      design: { ...small, sizes: [8], protocols: ["native"] },
      baseSeed: 14,
      out,
    });
    await expect(
      runExperiment({
        provider: lexicalProvider({ countTokens: false }),
        model: "m",
        data,
        design: small,
        baseSeed: 99,
        out,
      }),
    ).rejects.toThrow(/baseSeed 14.*baseSeed 99|has baseSeed 14/);
  });

  it("keeps every row before a provider that fails mid-run", async () => {
    const out = fresh();
    const failing = scriptedProvider((ask, index) => {
      if (index === 30) throw new Error("connection reset");
      return { kind: "call", name: ask.offered[0]!.name, arguments: {} };
    });
    const error = await runExperiment({ provider: failing, model: "m", data, design: small, baseSeed: 14, out }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: "service", reason: "unreachable" });
    expect((error as Error).message).toMatch(/30 rows before it are kept/);
    const kept = loadReceipt(out);
    expect(kept.rows).toHaveLength(30);
    expect(kept.run.stopped).toMatch(/connection reset/);
    expect(existsSync(`${out}.${process.pid}.tmp`)).toBe(false);
  });

  it("reports progress for every row", async () => {
    const seen: Progress[] = [];
    await runExperiment({
      provider: firstOffered(),
      model: "m",
      data,
      design: { ...small, sizes: [8], protocols: ["native"] },
      baseSeed: 14,
      onProgress: (p) => seen.push(p),
    });
    expect(seen.map((p) => p.done)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(seen.every((p) => p.total === 24)).toBe(true);
  });
});

describe("the spending cap", () => {
  const billed = (worstCase: number, cost: number): Provider => ({
    name: "scripted",
    label: "billed script",
    // 1 input and 1 output token at $5,000 per million each: $0.01, as costUsd says.
    prices: [
      {
        model: "m",
        inputUsdPerMTok: 5000,
        outputUsdPerMTok: 5000,
        readOn: "2026-12-01",
        source: "test",
        verified: false,
      },
    ],
    worstCaseUsd: async () => worstCase,
    ask: async (ask) => ({
      answer: { kind: "call", name: ask.offered[0]!.name, arguments: {} },
      promptTokens: 1,
      outputTokens: 1,
      prefillMs: null,
      totalMs: 0,
      stopReason: "end_turn",
      usage: null,
      costUsd: cost,
    }),
  });

  it("stops before a request whose worst case would pass the cap, and records why", async () => {
    const out = fresh();
    // Each request costs 0.01 but could cost 0.05: the seventh would start at 0.06 spent, and 0.06 + 0.05 > 0.1.
    const result = await runExperiment({
      provider: billed(0.05, 0.01),
      model: "m",
      data,
      design: small,
      baseSeed: 14,
      out,
      maxUsd: 0.1,
    });
    expect(result.receipt.rows).toHaveLength(6);
    expect(result.stopped).toMatch(/spending cap \$0.1:/);
    const saved = loadReceipt(out);
    expect(saved.run).toMatchObject({ maxUsd: 0.1, stopped: result.stopped });
    expect(saved.run.spentUsd! + 0.05).toBeGreaterThan(0.1);
    expect(saved.run.spentUsd!).toBeLessThanOrEqual(0.1);
  });

  it("refuses to start a provider that bills without a cap", async () => {
    await expect(
      runExperiment({ provider: billed(0.05, 0.01), model: "m", data, design: small, baseSeed: 14 }),
    ).rejects.toMatchObject({
      name: "UsageError",
      message: expect.stringMatching(/bills every request, and this run has no spending cap/),
    });
  });

  it("asks nothing when even the first request could pass the cap", async () => {
    const result = await runExperiment({
      provider: billed(2, 0.01),
      model: "m",
      data,
      design: small,
      baseSeed: 14,
      maxUsd: 1,
    });
    expect(result.asked).toBe(0);
    expect(result.stopped).toBeDefined();
  });
});

import { describe, expect, it } from "vitest";
import { formatModelSize, parseModelSize, sortByModelSize } from "../../lib/src/experiment/model-size.js";
import { recoveryReport } from "../../lib/src/exercises/ex1-recovery/analysis.js";
import { leastSquares } from "../../lib/src/stats/least-squares.js";
import { toolBudgetAdvice } from "../../lib/src/exercises/ex1-recovery/tool-budget.js";
import { parseReceipt } from "../../lib/src/experiment/receipts/receipt-file.js";
import { COSTS, LARGE, SMALL, twoModelReceipt } from "./two-model-fixture.js";

describe("parseModelSize", () => {
  it.each([
    ["qwen2.5:7b", 7e9],
    ["qwen2.5:1.5b", 1.5e9],
    ["qwen2.5:14b-instruct-q4_K_M", 14e9],
    ["Qwen/Qwen2.5-14B-Instruct", 14e9],
    ["smollm:135m", 1.35e8],
    ["mixtral:8x7b", 56e9],
    ["claude-haiku-4-5", null],
    ["bm25-top1", null],
    ["qwen2.5", null],
  ])("%s → %s", (name, parameters) => {
    expect(parseModelSize(name)).toBe(parameters);
  });

  it("orders sized names smallest first and unsized ones after, alphabetically, without changing its input", () => {
    const names = ["claude-sonnet", "qwen2.5:14b", "qwen2.5:1.5b", "bm25-top1", "qwen2.5:7b"];
    expect(sortByModelSize(names)).toEqual(["qwen2.5:1.5b", "qwen2.5:7b", "qwen2.5:14b", "bm25-top1", "claude-sonnet"]);
    expect(names[0]).toBe("claude-sonnet");
    expect([formatModelSize(1.5e9), formatModelSize(1.35e8), formatModelSize(null)]).toEqual([
      "1.5B",
      "135M",
      "size not in name",
    ]);
  });
});

describe("leastSquares", () => {
  it("recovers a line exactly and refuses a single x", () => {
    const fit = leastSquares([8, 16, 64], [332, 364, 556])!;
    expect(fit.slope).toBeCloseTo(4, 12);
    expect(fit.intercept).toBeCloseTo(300, 10);
    expect(leastSquares([8, 8], [1, 2])).toBeNull();
  });
});

describe("recoveryReport on a two-model receipt", () => {
  it("is a valid receipt with rows for both models", async () => {
    const receipt = await twoModelReceipt();
    expect(() => parseReceipt(JSON.parse(JSON.stringify(receipt)))).not.toThrow();
    expect(receipt.run.model).toBe(`${LARGE},${SMALL}`);
    expect(new Set(receipt.rows.map((r) => r.model))).toEqual(new Set([LARGE, SMALL]));
    expect(receipt.rows).toHaveLength(2 * 2 * 3 * 2 * 24);
  });

  it("gives accuracy at 64 tools with Wilson intervals per kind and protocol, models smallest first", async () => {
    const report = recoveryReport(await twoModelReceipt());
    expect(report.size).toBe(64);
    expect(report.source).toBe(
      "receipt: scripted (two scripted models, not language models), qwen2.5:7b,qwen2.5:1.5b, 2026-01-02",
    );
    expect(report.models.map((m) => [m.model, m.parameters])).toEqual([
      [SMALL, 1.5e9],
      [LARGE, 7e9],
    ]);
    const [small, large] = report.models;
    expect(small!.atSize).toHaveLength(4);
    for (const cell of small!.atSize) {
      expect(cell).toMatchObject({ size: 64, n: 24, right: 8 });
      expect(cell.share).toBeCloseTo(1 / 3, 10);
      expect(cell.low).toBeGreaterThan(0.15);
      expect(cell.high).toBeLessThan(0.56);
    }
    expect(large!.atSize.every((cell) => cell.right === 24 && cell.high === 1 && cell.low < 1)).toBe(true);
    // Below 64 both models route every request.
    expect(small!.bySize.filter((c) => c.size < 64).every((c) => c.right === 24)).toBe(true);
  });

  it("fits prompt tokens and prefill per tool offered, per protocol", async () => {
    const report = recoveryReport(await twoModelReceipt());
    for (const model of report.models) {
      const cost = COSTS[model.model as keyof typeof COSTS];
      expect(model.costs.map((c) => c.protocol)).toEqual(["native", "choice"]);
      for (const fit of model.costs) {
        expect(fit.tokensPerTool).toBeCloseTo(cost.tokensPerTool, 9);
        expect(fit.tokensIntercept).toBeCloseTo(cost.tokensFixed, 9);
        expect(fit.prefillMsPerTool).toBeCloseTo(cost.prefillPerTool, 9);
        expect(fit.prefillMsIntercept).toBeCloseTo(cost.prefillFixed, 9);
        expect(fit.sizes).toEqual([8, 16, 64]);
      }
    }
  });

  it("reports no prefill per tool when the provider reported none", async () => {
    const receipt = await twoModelReceipt();
    const noPrefill = { ...receipt, rows: receipt.rows.map((r) => ({ ...r, prefillMs: null })) };
    const report = recoveryReport(noPrefill);
    expect(
      report.models.every((m) => m.costs.every((c) => c.prefillMsPerTool === null && c.tokensPerTool !== null)),
    ).toBe(true);
  });

  it("can report at another size, and leaves the receipt unchanged", async () => {
    const receipt = await twoModelReceipt();
    const before = JSON.stringify(receipt);
    const report = recoveryReport(receipt, { size: 16 });
    expect(report.models.every((m) => m.atSize.every((c) => c.size === 16 && c.right === 24))).toBe(true);
    expect(JSON.stringify(receipt)).toBe(before);
  });
});

describe("toolBudgetAdvice", () => {
  it("takes the smaller of the accuracy limit and the prefill limit, and shows its arithmetic", async () => {
    const report = recoveryReport(await twoModelReceipt());
    const advice = toolBudgetAdvice(report, { maxPrefillMs: 300, minAccuracy: 0.9 });
    const entry = (model: string, protocol: string) =>
      advice.entries.find((e) => e.model === model && e.protocol === protocol)!;
    // Small: accuracy holds to 16 (falls to 8/24 at 64); prefill 30 + 2n ≤ 300 allows 135.
    expect(entry(SMALL, "native")).toMatchObject({ accuracyLimit: 16, prefillLimit: 135, recommended: 16 });
    // Large: accuracy holds to 64 (the largest tested); prefill 80 + 5n ≤ 300 allows 44.
    expect(entry(LARGE, "native")).toMatchObject({ accuracyLimit: 64, prefillLimit: 44, recommended: 44 });
    expect(entry(LARGE, "native").reasons.join(" ")).toMatch(/\(300 − 80\.0\) \/ 5\.00 = 44\.0, so at most 44 tools/);
    expect(advice.text).toMatch(/\*\*qwen2\.5:1\.5b\*\* \(native\): offer at most 16 tools at once/);
    expect(advice.text).toMatch(/fell to 8\/24 \(33%\) at 64/);
  });

  it("says when no size meets the floor, and when there is no prefill to budget", async () => {
    const receipt = await twoModelReceipt();
    const report = recoveryReport({ ...receipt, rows: receipt.rows.map((r) => ({ ...r, prefillMs: null })) });
    const advice = toolBudgetAdvice(report, { maxPrefillMs: 300, minAccuracy: 1 });
    const small = advice.entries.find((e) => e.model === SMALL && e.protocol === "choice")!;
    expect(small).toMatchObject({ accuracyLimit: 16, prefillLimit: null, recommended: 16 });
    expect(small.reasons.join(" ")).toMatch(/No prefill time was reported/);
    const strict = toolBudgetAdvice(recoveryReport({ ...receipt, rows: receipt.rows.filter((r) => r.size === 64) }), {
      maxPrefillMs: 300,
      minAccuracy: 0.5,
    });
    expect(strict.entries.find((e) => e.model === SMALL)).toMatchObject({ accuracyLimit: null, recommended: null });
    expect(strict.text).toMatch(/no catalog size tested meets the floor/);
  });

  it.each([
    [{ maxPrefillMs: 0, minAccuracy: 0.9 }, /invalid maxPrefillMs; expected a number of ms > 0; received 0/],
    [{ maxPrefillMs: 100, minAccuracy: 90 }, /invalid minAccuracy; expected a share from 0 to 1; received 90/],
  ])("refuses %j", async (options, message) => {
    const report = recoveryReport(await twoModelReceipt());
    expect(() => toolBudgetAdvice(report, options)).toThrow(message);
    expect(() => toolBudgetAdvice(report, options)).toThrow(
      expect.objectContaining({ code: "usage", reason: "budget-option" }),
    );
  });
});

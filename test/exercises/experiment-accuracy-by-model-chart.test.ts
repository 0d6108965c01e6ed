import { describe, expect, it } from "vitest";
import { accuracyByModelChart } from "../../lib/src/charts/accuracy-by-model-chart.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { renderSvg } from "../../lib/src/charts/render.js";
import { recoveryReport } from "../../lib/src/exercises/ex1-recovery/analysis.js";
import { twoModelReceipt } from "../experiment/two-model-fixture.js";

type Value = {
  model: string;
  size: string;
  protocol: string;
  k: number;
  n: number;
  share: number;
  low: number;
  high: number;
};

describe("accuracyByModelChart", () => {
  it("puts models in size order with a Wilson interval per protocol, under the receipt's source", async () => {
    const report = recoveryReport(await twoModelReceipt());
    const spec = accuracyByModelChart(report) as unknown as {
      $schema: string;
      title: { text: string; subtitle: string[] };
      data: { values: Value[] };
      encoding: { x: { sort: string[] } };
    };
    expect(spec.$schema).toBe("https://vega.github.io/schema/vega-lite/v5.json");
    expect(spec.title.text).toBe("Right tool chosen at 64 unrelated tools, by model");
    expect(spec.title.subtitle[0]).toBe(report.source);
    expect(spec.encoding.x.sort).toEqual(["qwen2.5 1.5b", "qwen2.5 7b"]); // the table's labels; an unknown tag read the same way
    expect(spec.data.values.map((v) => [v.model, v.size, v.protocol, v.k, v.n])).toEqual([
      ["qwen2.5 1.5b", "1.5B", "native", 8, 24],
      ["qwen2.5 1.5b", "1.5B", "choice", 8, 24],
      ["qwen2.5 7b", "7B", "native", 24, 24],
      ["qwen2.5 7b", "7B", "choice", 24, 24],
    ]);
    const small = spec.data.values[0]!;
    expect(small.low).toBeLessThan(small.share);
    expect(small.high).toBeGreaterThan(small.share);
  });

  it("draws the confusable catalog when asked, and refuses a kind the report lacks", async () => {
    const receipt = await twoModelReceipt();
    const report = recoveryReport(receipt);
    const spec = accuracyByModelChart(report, { kind: "confusable" }) as unknown as { title: { text: string } };
    expect(spec.title.text).toMatch(/64 confusable tools/);
    const unrelatedOnly = recoveryReport({ ...receipt, rows: receipt.rows.filter((r) => r.kind === "unrelated") });
    expect(() => accuracyByModelChart(unrelatedOnly, { kind: "confusable" })).toThrow(UsageError);
    expect(() => accuracyByModelChart(unrelatedOnly, { kind: "confusable" })).toThrow(
      expect.objectContaining({ reason: "chart-input" }),
    );
    expect(() => accuracyByModelChart(unrelatedOnly, { kind: "confusable" })).toThrow(/no confusable rows at 64 tools/);
  });

  it("renders to SVG without changing the report", async () => {
    const report = recoveryReport(await twoModelReceipt());
    const before = JSON.stringify(report);
    const svg = await renderSvg(accuracyByModelChart(report));
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("qwen2.5:1.5b");
    expect(svg).toContain("receipt: scripted");
    expect(JSON.stringify(report)).toBe(before);
  });
});

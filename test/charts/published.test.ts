import { describe, expect, test } from "vitest";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import {
  loadPublishedFigures,
  publishedFigure,
  PublishedFiguresSchema,
} from "../../lib/src/experiment/analysis/published.js";

const PATH = join(__dirname, "../../evidence/published/ch14-figures.json");
const file = loadPublishedFigures(PATH);

describe("evidence/published/ch14-figures.json", () => {
  test("is a published-figures file, never a receipt", () => {
    expect(file.kind).toBe("published-figures");
    const raw = JSON.parse(readFileSync(PATH, "utf8")) as Record<string, unknown>;
    expect(raw).not.toHaveProperty("rows");
    expect(raw).not.toHaveProperty("schema");
  });

  test("every figure says where in the chapter it appears", () => {
    for (const figure of file.figures)
      expect(figure.where).toMatch(/^chapter 14, (Part A, (figure|section) '.+'|Summary)$/);
  });

  test("pins the chapter's four figures", () => {
    const tokens = publishedFigure(file, "prompt-tokens", "series");
    expect(tokens.where).toBe("chapter 14, Part A, figure 'Prompt tokens for one request'");
    expect(tokens.x).toEqual([8, 16, 32, 64]);
    expect(Object.fromEntries(tokens.series.map((s) => [s.label, s.values]))).toEqual({
      Sonnet: [1073, 1675, 2868, 5204],
      Haiku: [1067, 1517, 2405, 4133],
      qwen: [511, 834, 1468, 2700],
      "qwen choice": [194, 293, 476, 809],
    });
    const routed = publishedFigure(file, "routed-right-unrelated", "series");
    expect(routed.n).toBe(24);
    expect(Object.fromEntries(routed.series.map((s) => [s.label, s.values]))).toEqual({
      Sonnet: [0.958, 0.917, 0.917, 0.958],
      Haiku: [1.0, 0.917, 0.958, 0.917],
      "qwen 1.5b": [0.958, 1.0, 0.875, 0.583],
      "1.5b choice": [1.0, 1.0, 1.0, 0.833],
    });
    const noCall = publishedFigure(file, "no-call-per-model", "series");
    expect(noCall.x).toEqual(["qwen2.5 0.5b", "qwen2.5 1.5b", "qwen3 0.6b", "Haiku 4.5", "Sonnet 5.5"]);
    expect(noCall.series[0]?.values).toEqual([12, 24, 33, 15, 5]);
    expect(noCall.n).toBe(216);
    expect(publishedFigure(file, "search-qwen-1.5b", "series").series[0]?.values).toEqual([0.667, 0.875, 0.917]);
  });

  test("pins the figures stated in the text", () => {
    const value = (id: string) => publishedFigure(file, id, "value").value;
    expect(value("recall-at-5-bm25")).toBe(0.875);
    expect(value("recall-at-5-all-minilm")).toBe(0.958);
    expect([value("tokens-per-native-tool-qwen"), value("tokens-per-listed-tool-qwen")]).toEqual([39, 11]);
    expect([value("tokens-per-native-tool-haiku"), value("tokens-per-native-tool-sonnet")]).toEqual([55, 74]);
    expect([
      value("protocol-start-handshake-ms"),
      value("protocol-call-median-ms"),
      value("protocol-call-p95-ms"),
    ]).toEqual([44, 0.114, 0.166]);
    expect(value("claude-run-cost-usd")).toBe(2.51);
    const count = (id: string) => {
      const f = publishedFigure(file, id, "count");
      return [f.k, f.n];
    };
    expect(count("qwen-1.5b-native-unrelated-8")).toEqual([23, 24]);
    expect(count("qwen-1.5b-native-unrelated-64")).toEqual([14, 24]);
    expect(count("haiku-no-call")).toEqual([15, 216]);
    const interval = publishedFigure(file, "wilson-14-of-24", "interval");
    expect([interval.low, interval.high]).toEqual([0.39, 0.76]);
  });

  test("the quoted figures agree with each other where the chapter states one twice", () => {
    // (2700 - 511) / 56 rounds to the quoted 39 tokens per native tool.
    const qwen = publishedFigure(file, "prompt-tokens", "series").series.find((s) => s.label === "qwen")!.values;
    expect(Math.round((qwen[3]! - qwen[0]!) / 56)).toBe(
      publishedFigure(file, "tokens-per-native-tool-qwen", "value").value,
    );
    // 14 of 24 is the 0.583 of the routing figure; the no-call bar for Haiku is the 15 of the text.
    expect(publishedFigure(file, "routed-right-unrelated", "series").series[2]!.values[3]).toBe(0.583);
    expect(publishedFigure(file, "no-call-per-model", "series").series[0]!.values[3]).toBe(
      publishedFigure(file, "haiku-no-call", "count").k,
    );
  });
});

describe("PublishedFiguresSchema", () => {
  const base = JSON.parse(readFileSync(PATH, "utf8")) as { figures: Record<string, unknown>[] };

  test("refuses a series whose values do not match its x", () => {
    const copy = structuredClone(base);
    const tokens = copy.figures.find((f) => f.id === "prompt-tokens") as { series: { values: number[] }[] };
    tokens.series[0]!.values.pop();
    const result = PublishedFiguresSchema.safeParse(copy);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("expected 4 values (one per x), got 3");
  });

  test("refuses duplicate ids and a receipt's kind", () => {
    const dup = structuredClone(base);
    dup.figures.push(dup.figures[0]!);
    expect(PublishedFiguresSchema.safeParse(dup).error?.issues[0]?.message).toMatch(/duplicate figure id/);
    expect(PublishedFiguresSchema.safeParse({ ...base, kind: "receipt" }).success).toBe(false);
  });

  test("publishedFigure names what it found instead", () => {
    expect(() => publishedFigure(file, "prompt-tokens", "value")).toThrow(
      '"prompt-tokens" is a series; expected a value',
    );
    expect(() => publishedFigure(file, "nope", "value")).toThrow('no figure "nope"');
    expect(() => publishedFigure(file, "nope", "value")).toThrow(
      expect.objectContaining({ code: "usage", reason: "figure" }),
    );
  });
});

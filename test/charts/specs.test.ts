import { describe, expect, test } from "vitest";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { chartsFor } from "../../lib/src/charts/chart-set.js";
import { DataError } from "../../lib/src/errors/data-error.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { countFromShare, seriesFromPublished } from "../../lib/src/charts/from-published.js";
import { seriesFromReceipt } from "../../lib/src/charts/from-receipt.js";
import { noCallChart } from "../../lib/src/charts/no-call-chart.js";
import { promptTokensChart } from "../../lib/src/charts/prompt-tokens-chart.js";
import { loadPublishedFigures } from "../../lib/src/experiment/analysis/published.js";
import { routedRightChart } from "../../lib/src/charts/routed-right-chart.js";
import { searchChart } from "../../lib/src/charts/search-chart.js";
import { PUBLISHED_SOURCE_LABEL } from "../../lib/src/experiment/receipts/source-label.js";
import type { ChartData } from "../../lib/src/charts/series.js";
import { wilson } from "../../lib/src/stats/wilson.js";
import { fixtureReceipt } from "./receipt-fixture.js";

const published = seriesFromPublished(
  loadPublishedFigures(join(__dirname, "../../evidence/published/ch14-figures.json")),
);
const fromReceipt = seriesFromReceipt(fixtureReceipt());

// The schema that ships inside the installed vega-lite 5 package.
const schemaPath = createRequire(__filename).resolve("vega-lite/build/vega-lite-schema.json");
// Formats (uri) are not what is being checked; without this ajv warns about each one.
const ajv = new Ajv({ strict: false, validateFormats: false });
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")) as object);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function subtitleOf(spec: unknown): string[] {
  return (spec as { title: { subtitle: string[] } }).title.subtitle;
}

describe.each([
  ["published figures", published],
  ["a receipt", fromReceipt],
])("the four charts from %s", (_, data: ChartData) => {
  const set = chartsFor(data);

  test("all four are built", () => {
    expect(set.charts.map((c) => c.name)).toEqual(["prompt-tokens", "routed-right", "no-call", "search"]);
    expect(set.omitted).toEqual([]);
  });

  test.each(["prompt-tokens", "routed-right", "no-call", "search"])(
    "%s validates against the vega-lite v5 schema",
    (name) => {
      const spec = set.charts.find((c) => c.name === name)!.spec;
      expect(spec.$schema).toBe("https://vega.github.io/schema/vega-lite/v5.json");
      const ok = validate(spec);
      expect(ok ? [] : validate.errors?.slice(0, 3)).toEqual([]);
    },
  );

  test("every chart's subtitle starts with its source label", () => {
    for (const { spec } of set.charts)
      expect(subtitleOf(spec)[0]).toMatch(/^(published: chapter 14 \(quoted\)|receipt: .+, .+, \d{4}-\d{2}-\d{2})$/);
  });

  test("building a chart does not modify its input", () => {
    const frozen = deepFreeze(structuredClone(data));
    const before = JSON.stringify(frozen);
    // Frozen input: any write inside a builder throws in strict mode.
    expect(() => chartsFor(frozen)).not.toThrow();
    expect(JSON.stringify(frozen)).toBe(before);
  });
});

test("the validator is able to fail", () => {
  const spec = promptTokensChart(published.promptTokens) as unknown as Record<string, unknown>;
  expect(validate({ ...spec, mark: "not-a-mark" })).toBe(false);
});

test("published charts carry the published label, never a receipt's", () => {
  for (const { spec } of chartsFor(published).charts) expect(subtitleOf(spec)[0]).toBe(PUBLISHED_SOURCE_LABEL);
});

test("routed right: the counts behind the chapter's shares and their Wilson intervals", () => {
  const spec = routedRightChart(published.routedRight) as unknown as { data: { values: Record<string, unknown>[] } };
  const qwen64 = spec.data.values.find((v) => v.series === "qwen2.5 1.5b" && v.tools === "64")!;
  expect(qwen64.k).toBe(14);
  const { low, high } = wilson(14, 24);
  expect([qwen64.low, qwen64.high]).toEqual([low, high]);
  // The chapter's own rounding of this interval: 0.39 to 0.76.
  expect([Number(low.toFixed(2)), Number(high.toFixed(2))]).toEqual([0.39, 0.76]);
  const sonnet8 = spec.data.values.find((v) => v.series === "Sonnet 5.5" && v.tools === "8")!;
  expect(sonnet8.k).toBe(23);
});

test("search bars recover 16, 21 and 22 of 24 from 0.667, 0.875 and 0.917", () => {
  expect(published.search.bars.map((b) => b.k)).toEqual([16, 21, 22]);
  expect(() => countFromShare(0.6, 24, "x")).toThrow(DataError);
  expect(() => countFromShare(0.6, 24, "x")).toThrow(expect.objectContaining({ code: "data", reason: "mismatch" }));
  expect(() => countFromShare(0.6, 24, "x")).toThrow("share 0.6 is not k/24 for any whole k");
});

test("no-call title states the denominator when every bar shares it", () => {
  const spec = noCallChart(published.noCall) as unknown as { title: { text: string } };
  expect(spec.title.text).toBe("Answers with no tool call, of 216");
  const mixed = noCallChart({
    source: "s",
    bars: [
      { label: "a", count: 1, n: 10 },
      { label: "b", count: 2, n: 20 },
    ],
  });
  expect((mixed as unknown as { title: { text: string } }).title.text).toBe("Answers with no tool call");
});

describe("bad input gets a UsageError (reason chart-input) that says what was expected", () => {
  test("an empty source label", () => {
    expect(() => promptTokensChart({ ...published.promptTokens, source: " " })).toThrow(
      /a chart needs a source label; expected "published: \.\.\." or "receipt: \.\.\."; received " "/,
    );
    expect(() => promptTokensChart({ ...published.promptTokens, source: " " })).toThrow(
      expect.objectContaining({ code: "usage", reason: "chart-input" }),
    );
  });
  test("k above n", () => {
    expect(() => searchChart({ source: "s", bars: [{ label: "All", k: 25, n: 24 }] })).toThrow(
      'searchChart: "All": invalid count; expected a whole count from 0 to n = 24; received 25',
    );
  });
  test("a token count that is not a number", () => {
    expect(() =>
      promptTokensChart({ source: "s", series: [{ label: "q", points: [{ x: 8, tokens: Number.NaN }] }] }),
    ).toThrow(UsageError);
  });
});

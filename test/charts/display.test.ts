import { describe, expect, test } from "vitest";
import { join } from "node:path";
import {
  chartDisplayData,
  displayChart,
  findKernelDisplayWriter,
  VEGA_LITE_MIME,
  type DisplayData,
} from "../../lib/src/charts/display.js";
import { seriesFromPublished } from "../../lib/src/charts/from-published.js";
import { noCallChart } from "../../lib/src/charts/no-call-chart.js";
import { loadPublishedFigures } from "../../lib/src/experiment/analysis/published.js";
import { chartBundle } from "../../lib/src/charts/render.js";

const spec = noCallChart(
  seriesFromPublished(loadPublishedFigures(join(__dirname, "../../evidence/published/ch14-figures.json"))).noCall,
);

describe("chartDisplayData", () => {
  test("one output carries SVG, PNG (base64, shown at the SVG's size), vega-lite JSON and text", async () => {
    const bundle = await chartBundle(spec);
    const content = chartDisplayData(bundle);
    expect(Object.keys(content.data).sort()).toEqual([
      "application/vnd.vegalite.v5+json",
      "image/png",
      "image/svg+xml",
      "text/plain",
    ]);
    expect(content.data["image/svg+xml"]).toBe(bundle.svg);
    expect(content.data[VEGA_LITE_MIME]).toEqual(spec);
    expect(Buffer.from(content.data["image/png"] as string, "base64").equals(Buffer.from(bundle.png!))).toBe(true);
    const size = content.metadata["image/png"] as { width: number; height: number };
    expect(bundle.svg).toContain(`width="${size.width}" height="${size.height}"`);
    // The alt text: the title, where the numbers come from, then what the chart shows.
    expect(content.data["text/plain"]).toMatch(
      /^\[chart\] Answers with no tool call, of 216 \| published: chapter 14 \(quoted\) \| Bars: answers with no tool call per model, qwen2\.5 0\.5b 12 of 216, .*Sonnet 5\.5 5 of 216; the axis runs from 0 to 44/,
    );
  });

  test("without a PNG, no PNG entry", async () => {
    const { png: _png, ...withoutPng } = await chartBundle(spec);
    const content = chartDisplayData(withoutPng);
    expect(content.data).not.toHaveProperty("image/png");
    expect(content.metadata).toEqual({});
  });
});

describe("findKernelDisplayWriter", () => {
  test("finds tslab's writer in a module cache, and only a live one", () => {
    const seen: DisplayData[] = [];
    const writer = (content: DisplayData) => seen.push(content);
    const module = (exports: object) => ({ exports }) as unknown as NodeModule;
    expect(
      findKernelDisplayWriter({ "/x/node_modules/tslab/dist/jupyter.js": module({ lastWriteDisplayData: null }) }),
    ).toBeUndefined();
    expect(
      findKernelDisplayWriter({ "/x/other/dist/jupyter.js": module({ lastWriteDisplayData: writer }) }),
    ).toBeUndefined();
    const found = findKernelDisplayWriter({
      "/x/node_modules/tslab/dist/jupyter.js": module({ lastWriteDisplayData: writer }),
    });
    found?.({ data: {}, metadata: {}, transient: {} }, false);
    expect(seen).toHaveLength(1);
  });
});

test("displayChart outside a kernel says what to use instead", async () => {
  await expect(displayChart(spec)).rejects.toThrow(/use chartBundle\(spec\) or renderSvg\(spec\)/);
  await expect(displayChart(spec)).rejects.toMatchObject({ code: "usage", reason: "not-in-notebook" });
});

import { describe, expect, test } from "vitest";
import { join } from "node:path";
import { chartsFor } from "../../lib/src/charts/chart-set.js";
import { seriesFromPublished } from "../../lib/src/charts/from-published.js";
import { seriesFromReceipt } from "../../lib/src/charts/from-receipt.js";
import { loadPublishedFigures } from "../../lib/src/experiment/analysis/published.js";
import { chartBundle, pngAvailable, renderPng, renderSvg } from "../../lib/src/charts/render.js";
import { fixtureReceipt } from "./receipt-fixture.js";

const published = chartsFor(
  seriesFromPublished(loadPublishedFigures(join(__dirname, "../../evidence/published/ch14-figures.json"))),
);
const fromReceipt = chartsFor(seriesFromReceipt(fixtureReceipt()));

describe("renderSvg", () => {
  test.each(published.charts.map((c) => [c.name, c.spec] as const))(
    "published %s matches its snapshot",
    async (name, spec) => {
      const svg = await renderSvg(spec);
      expect(svg.startsWith("<svg")).toBe(true);
      await expect(svg).toMatchFileSnapshot(`./__snapshots__/published-${name}.svg`);
    },
  );

  test.each(fromReceipt.charts.map((c) => [c.name, c.spec] as const))(
    "receipt %s matches its snapshot",
    async (name, spec) => {
      await expect(await renderSvg(spec)).toMatchFileSnapshot(`./__snapshots__/receipt-${name}.svg`);
    },
  );

  test("the same spec renders to the same bytes, whatever was rendered before", async () => {
    const [first, second] = [published.charts[0]!.spec, published.charts[1]!.spec];
    const a = await renderSvg(second);
    await renderSvg(first);
    expect(await renderSvg(second)).toBe(a);
  });

  test("the title, source label and axis titles are in the drawing", async () => {
    const svg = await renderSvg(published.charts.find((c) => c.name === "routed-right")!.spec);
    for (const text of [
      "Right tool chosen, unrelated distractors",
      "published: chapter 14 (quoted)",
      "Tools offered",
      "Share of requests routed right",
      // The model table's names, whatever the quoted figure called them ("qwen 1.5b", "1.5b choice").
      "qwen2.5 1.5b",
      "qwen2.5 1.5b, choice",
      "Sonnet 5.5",
    ]) {
      expect(svg).toContain(text);
    }
  });

  test("does not modify the spec it renders", async () => {
    const spec = fromReceipt.charts[1]!.spec;
    const before = JSON.stringify(spec);
    await renderSvg(spec);
    expect(JSON.stringify(spec)).toBe(before);
  });
});

describe("renderPng and chartBundle", () => {
  test("resvg loads on this machine", () => {
    expect(pngAvailable()).toBe(true);
  });

  test("a PNG at twice the SVG's size", async () => {
    const svg = await renderSvg(published.charts[2]!.spec);
    const png = renderPng(svg);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    const width = Number(/<svg[^>]*\swidth="([\d.]+)"/.exec(svg)![1]);
    expect(view.getUint32(16)).toBe(Math.round(width * 2));
    expect(() => renderPng(svg, { scale: 0 })).toThrow("invalid scale; expected a number in (0, 8]; received 0");
    expect(() => renderPng(svg, { scale: 0 })).toThrow(expect.objectContaining({ code: "usage", reason: "scale" }));
  });

  test("bundles the SVG, the PNG and a copy of the vega-lite spec", async () => {
    const spec = published.charts[0]!.spec;
    const bundle = await chartBundle(spec);
    expect(bundle.svg).toBe(await renderSvg(spec));
    expect(bundle.png?.length).toBeGreaterThan(1000);
    expect(bundle.vegaLite).toEqual(spec);
    expect(bundle.vegaLite).not.toBe(spec);
  });
});

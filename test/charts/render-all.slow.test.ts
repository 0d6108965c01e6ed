// Complete tier only: renders every committed chart again, SVG and PNG, from the receipts.
import { afterEach, beforeEach, expect, test } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderAllCharts } from "../../lib/src/charts/render-all.js";
import { pngAvailable } from "../../lib/src/charts/render.js";
import type { fixtureReceipt } from "./receipt-fixture.js";

const PUBLISHED = join(__dirname, "../../evidence/published/ch14-figures.json");
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "charts-"));
  mkdirSync(join(dir, "receipts"));
  mkdirSync(join(dir, "charts"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("writes SVG and vega-lite JSON for the published figures and each valid receipt, skips the rest", async () => {
  // A real receipt: charts load receipts through the one checking loader, which a made-up one fails.
  const real = readFileSync(join(__dirname, "../../evidence/receipts/lexical-baseline.json"), "utf8");
  writeFileSync(join(dir, "receipts", "lexical.json"), real);
  const tampered = JSON.parse(real) as ReturnType<typeof fixtureReceipt>;
  tampered.tables.conditions[0]!.right += 1;
  writeFileSync(join(dir, "receipts", "tampered.json"), JSON.stringify(tampered));
  writeFileSync(
    join(dir, "receipts", "protocol-cost.json"),
    JSON.stringify({ schema: "mcp-workbook/protocol-cost@1" }),
  );
  writeFileSync(join(dir, "receipts", "broken.json"), "{");
  writeFileSync(join(dir, "charts", "old-chart.svg"), "<svg/>");
  const lines: string[] = [];

  const result = await renderAllCharts({
    publishedPath: PUBLISHED,
    receiptsDir: join(dir, "receipts"),
    outDir: join(dir, "charts"),
    log: (line) => lines.push(line),
  });

  const files = readdirSync(join(dir, "charts")).sort();
  const names = ["no-call", "prompt-tokens", "routed-right", "search"];
  expect(files).toEqual(
    ["published", "receipt-lexical"]
      .flatMap((prefix) =>
        names.flatMap((n) => [
          `${prefix}-${n}.svg`,
          `${prefix}-${n}.vl.json`,
          ...(pngAvailable() ? [`${prefix}-${n}.png`] : []),
        ]),
      )
      .sort(),
  );
  expect(result.skipped.map((s) => [s.path.split("/").pop(), s.reason])).toEqual([
    ["broken.json", expect.stringMatching(/is not JSON/)],
    [
      "protocol-cost.json",
      "not a tool-selection receipt (schema mcp-workbook/protocol-cost@1); no charts are drawn from it",
    ],
    ["tampered.json", expect.stringMatching(/tables/)],
  ]);
  expect(result.removed).toEqual([join(dir, "charts", "old-chart.svg")]);
  expect(lines.some((l) => l.startsWith("skipped") && l.includes("tampered.json"))).toBe(true);

  const spec = JSON.parse(readFileSync(join(dir, "charts", "receipt-lexical-search.vl.json"), "utf8")) as {
    title: { subtitle: string[] };
  };
  expect(spec.title.subtitle[0]).toMatch(
    /^receipt: lexical \(retrieval baseline, not a language model\), bm25-top1, \d{4}-\d{2}-\d{2}$/,
  );
  expect(readFileSync(join(dir, "charts", "published-search.svg"), "utf8")).toContain("published: chapter 14 (quoted)");
});

test("with no receipts folder, the published charts are still drawn", async () => {
  const result = await renderAllCharts({
    publishedPath: PUBLISHED,
    receiptsDir: join(dir, "none"),
    outDir: join(dir, "out"),
  });
  // An SVG, its vega-lite JSON and a PNG for slides (never compared byte for byte) per chart.
  expect(result.written).toHaveLength(pngAvailable() ? 12 : 8);
  if (pngAvailable()) {
    const png = readFileSync(join(dir, "out", "published-routed-right.png"));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  }
  expect(existsSync(join(dir, "out", "published-prompt-tokens.svg"))).toBe(true);
});

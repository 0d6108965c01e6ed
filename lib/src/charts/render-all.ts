// Regenerates evidence/charts from evidence/published and every receipt in evidence/receipts that
// validates: an SVG and, beside it, the vega-lite JSON it was rendered from. Files the run did not
// write are removed, so the folder never keeps a chart whose data is gone.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { RECEIPT_SCHEMA } from "../experiment/receipts/receipt.js";
import { loadReceipt } from "../experiment/receipts/receipt-file.js";
import { chartsFor, type ChartSet } from "./chart-set.js";
import { seriesFromPublished } from "./from-published.js";
import { seriesFromReceipt } from "./from-receipt.js";
import { loadPublishedFigures } from "../experiment/analysis/published.js";
import { pngAvailable, renderPng, renderSvg } from "./render.js";

export interface RenderAllOptions {
  /** evidence/published/ch14-figures.json */
  readonly publishedPath: string;
  /** evidence/receipts: every *.json in it is tried as a receipt. */
  readonly receiptsDir: string;
  /** evidence/charts */
  readonly outDir: string;
  readonly log?: (line: string) => void;
}

export interface RenderAllResult {
  readonly written: string[];
  readonly skipped: { readonly path: string; readonly reason: string }[];
  readonly removed: string[];
}

const CHART_FILE = /\.(svg|png|vl\.json)$/;

/** The schema of another of our evidence kinds (e.g. the protocol-cost receipt), or undefined. */
function otherSchema(path: string): string | undefined {
  try {
    const schema = (JSON.parse(readFileSync(path, "utf8")) as { schema?: unknown }).schema;
    return typeof schema === "string" && schema.startsWith("mcp-workbook/") && schema !== RECEIPT_SCHEMA
      ? schema
      : undefined;
  } catch {
    return undefined; // loadReceipt reports unreadable or malformed files in its own words
  }
}

export async function renderAllCharts(options: RenderAllOptions): Promise<RenderAllResult> {
  const log = options.log ?? (() => {});
  const written: string[] = [];
  const skipped: { path: string; reason: string }[] = [];
  mkdirSync(options.outDir, { recursive: true });

  const write = async (prefix: string, set: ChartSet, from: string) => {
    for (const { name, spec } of set.charts) {
      const stem = join(options.outDir, `${prefix}-${name}`);
      const svg = await renderSvg(spec);
      writeFileSync(`${stem}.svg`, svg);
      writeFileSync(`${stem}.vl.json`, JSON.stringify(spec, null, 2) + "\n");
      written.push(`${stem}.svg`, `${stem}.vl.json`);
      // A PNG for slides, where resvg loads; the SVG stays the reference drawing.
      if (pngAvailable()) {
        writeFileSync(`${stem}.png`, renderPng(svg));
        written.push(`${stem}.png`);
      }
      log(`wrote ${stem}.svg (+ ${pngAvailable() ? ".png, " : ""}.vl.json)`);
    }
    for (const { name, reason } of set.omitted) log(`no ${name} chart from ${from}: ${reason}`);
  };

  await write(
    "published",
    chartsFor(seriesFromPublished(loadPublishedFigures(options.publishedPath))),
    options.publishedPath,
  );

  const receipts = existsSync(options.receiptsDir)
    ? readdirSync(options.receiptsDir)
        .filter((f) => f.endsWith(".json"))
        .sort()
    : [];
  if (receipts.length === 0) log(`no receipts in ${options.receiptsDir}`);
  for (const file of receipts) {
    const path = join(options.receiptsDir, file);
    const other = otherSchema(path);
    if (other !== undefined) {
      const reason = `not a tool-selection receipt (schema ${other}); no charts are drawn from it`;
      skipped.push({ path, reason });
      log(`skipped ${path}: ${reason}`);
      continue;
    }
    let set: ChartSet;
    try {
      set = chartsFor(seriesFromReceipt(loadReceipt(path)));
    } catch (error) {
      const reason = (error as Error).message.split("\n")[0] ?? String(error);
      skipped.push({ path, reason });
      log(`skipped ${path}: ${reason}`);
      continue;
    }
    await write(`receipt-${basename(file, ".json")}`, set, path);
  }

  const keep = new Set(written.map((p) => basename(p)));
  const removed: string[] = [];
  for (const file of readdirSync(options.outDir)) {
    if (CHART_FILE.test(file) && !keep.has(file)) {
      rmSync(join(options.outDir, file));
      removed.push(join(options.outDir, file));
      log(`removed stale ${join(options.outDir, file)}`);
    }
  }
  return { written, skipped, removed };
}

// Vega-lite spec → SVG in Node: compile to vega, run a headless View (renderer "none": no canvas,
// no browser) and serialise its scene. PNG comes from resvg, a Rust SVG renderer whose prebuilt
// binary ships inside its npm package; it is loaded only when a PNG is asked for.
import { createRequire } from "node:module";
import { View, parse, Warn, type Spec as VegaSpec } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { UsageError } from "../errors/usage-error.js";
import { CHART_FONT } from "./chart-style.js";
import { withChartTextMetrics } from "./text-metrics.js";
import type * as ResvgTypes from "@resvg/resvg-js";

/** vega's own JSON, compiled from a vega-lite spec (a deep copy is compiled: the input is not touched). */
export function toVegaSpec(spec: TopLevelSpec): VegaSpec {
  return compile(structuredClone(spec)).spec;
}

/**
 * The chart as an SVG document. Same spec, same bytes, on any machine without a canvas package.
 * A spec with `usermeta: { fillWidth: true }` (the sequence diagrams) fills the width it is given
 * and keeps its proportions: it grows with the window and the browser's zoom.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const runtime = parse(toVegaSpec(spec));
  const svg = await withChartTextMetrics(async () => {
    const view = new View(runtime, { renderer: "none" });
    view.logLevel(Warn);
    try {
      return await view.toSVG();
    } finally {
      view.finalize();
    }
  });
  return fillsWidth(spec) ? fillWidthSvg(svg) : svg;
}

function fillsWidth(spec: TopLevelSpec): boolean {
  const meta = (spec as { usermeta?: unknown }).usermeta;
  return typeof meta === "object" && meta !== null && (meta as { fillWidth?: unknown }).fillWidth === true;
}

/**
 * The SVG drawn at 100% of its container's width, its height following from the viewBox: vega
 * writes a fixed width and height on the root, which a notebook shows at that size whatever the window.
 */
export function fillWidthSvg(svg: string): string {
  return svg.replace(
    /^(<svg[^>]*?) width="([\d.]+)" height="([\d.]+)"/,
    (_, start: string, width: string) =>
      `${start} width="100%" style="max-width: none; height: auto" data-width="${width}"`,
  );
}

type ResvgModule = typeof ResvgTypes;
let resvg: ResvgModule | null | undefined;

/** @resvg/resvg-js, or null when its native binary cannot load on this machine. */
function loadResvg(): ResvgModule | null {
  if (resvg === undefined) {
    try {
      resvg = createRequire(__filename)("@resvg/resvg-js") as ResvgModule;
    } catch {
      resvg = null;
    }
  }
  return resvg;
}

/** Whether renderPng can work here (resvg's prebuilt binary loaded). */
export function pngAvailable(): boolean {
  return loadResvg() !== null;
}

export interface PngOptions {
  /** Pixels per SVG unit (default 2, sharp on high-density screens). */
  readonly scale?: number;
}

/** Rasterises an SVG with resvg and the system's fonts; throws if resvg cannot load here. */
export function renderPng(svg: string, options: PngOptions = {}): Uint8Array {
  const module = loadResvg();
  if (module === null) {
    throw new UsageError("png-unavailable", {
      what: "renderPng: @resvg/resvg-js could not load its native binary on this machine; use the SVG instead",
      expected: "a machine where pngAvailable() is true",
    });
  }
  const scale = options.scale ?? 2;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 8) {
    throw new UsageError("scale", {
      what: "renderPng: invalid scale",
      expected: "a number in (0, 8]",
      received: String(scale),
    });
  }
  const png = new module.Resvg(svg, {
    fitTo: { mode: "zoom", value: scale },
    background: "white",
    font: { loadSystemFonts: true, defaultFontFamily: CHART_FONT.split(",")[0]!.trim() },
  })
    .render()
    .asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

export interface ChartBundle {
  readonly svg: string;
  /** Absent when resvg cannot load here. */
  readonly png?: Uint8Array;
  /** The vega-lite spec itself (MIME application/vnd.vegalite.v5+json), for front ends that draw it. */
  readonly vegaLite: TopLevelSpec;
}

/** SVG, PNG (where resvg loads) and the vega-lite JSON of one chart, for a notebook to show together. */
export async function chartBundle(spec: TopLevelSpec): Promise<ChartBundle> {
  const svg = await renderSvg(spec);
  const vegaLite = structuredClone(spec);
  return pngAvailable() ? { svg, png: renderPng(svg), vegaLite } : { svg, vegaLite };
}

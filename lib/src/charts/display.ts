// Showing a chart in a tslab notebook. One Jupyter display_data output carries the SVG, a PNG and
// the vega-lite JSON together, and each front end picks what it can show: JupyterLab and VS Code
// draw the vega-lite, a trusted Classic Notebook shows the SVG, and an untrusted one (which hides
// SVG) falls back to the PNG. tslab's public `display` sends one MIME type per output, so the
// bundle goes through the kernel's own display_data writer when it can be found, and through
// `display.png` / `display.svg` otherwise. tslab is never imported at the top: the library also
// runs outside notebooks.
import type { TopLevelSpec } from "vega-lite";
import { UsageError } from "../errors/usage-error.js";
import { chartBundle, type ChartBundle } from "./render.js";

export const VEGA_LITE_MIME = "application/vnd.vegalite.v5+json";

/** The content of a Jupyter display_data message. */
export interface DisplayData {
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
  readonly transient: Record<string, unknown>;
}

type DisplayWriter = (content: DisplayData, update: boolean) => void;

/** A title's lines (text then subtitle), whether it is a string, an array or a title object. */
function titleLines(title: unknown): string[] {
  const lines = (value: unknown): string[] =>
    typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((l) => typeof l === "string") : [];
  if (title !== null && typeof title === "object" && !Array.isArray(title)) {
    const { text, subtitle } = title as { text?: unknown; subtitle?: unknown };
    return [lines(text).join(" "), ...lines(subtitle)].filter((line) => line !== "");
  }
  return lines(title);
}

/**
 * The chart's alt text, for front ends that show text only and for the HTML export's <img alt>:
 * what it shows (the spec's description), under its title; a concatenation names each part.
 */
export function chartAltText(spec: TopLevelSpec): string {
  const { title, description, hconcat, vconcat } = spec as {
    title?: unknown;
    description?: unknown;
    hconcat?: unknown;
    vconcat?: unknown;
  };
  const parts = [...(Array.isArray(hconcat) ? hconcat : []), ...(Array.isArray(vconcat) ? vconcat : [])] as {
    title?: unknown;
    description?: unknown;
  }[];
  const own = [...titleLines(title), ...(typeof description === "string" ? [description] : [])];
  const inner = parts.map((part) =>
    [...titleLines(part.title), ...(typeof part.description === "string" ? [part.description] : [])].join(" | "),
  );
  const words = [...own, ...inner].filter((line) => line !== "");
  const kind = parts.length > 0 ? `${parts.length} charts` : "chart";
  return words.length > 0 ? `[${kind}] ${words.join(" | ")}` : `[${kind}]`;
}

/** The SVG's own width and height, so the double-resolution PNG is shown at the SVG's size. */
function svgSize(svg: string): { width: number; height: number } | undefined {
  const width = /<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1];
  const height = /<svg[^>]*\sheight="([\d.]+)"/.exec(svg)?.[1];
  return width === undefined || height === undefined ? undefined : { width: Number(width), height: Number(height) };
}

/** One display_data content with every MIME type of the bundle (pure; tested without a kernel). */
export function chartDisplayData(bundle: ChartBundle): DisplayData {
  const data: Record<string, unknown> = {
    "text/plain": chartAltText(bundle.vegaLite),
    "image/svg+xml": bundle.svg,
    [VEGA_LITE_MIME]: bundle.vegaLite,
  };
  const metadata: Record<string, unknown> = {};
  if (bundle.png !== undefined) {
    data["image/png"] = Buffer.from(bundle.png).toString("base64");
    const size = svgSize(bundle.svg);
    if (size !== undefined) metadata["image/png"] = size;
  }
  return { data, metadata, transient: {} };
}

/**
 * The running kernel's display_data writer: tslab 1.0 keeps it as `lastWriteDisplayData` in its
 * dist/jupyter.js module, set for the cell being executed. Found in the module cache rather than
 * by requiring tslab, so it is the kernel's own copy even if several copies are installed.
 */
export function findKernelDisplayWriter(cache: NodeJS.Dict<NodeModule> = require.cache): DisplayWriter | undefined {
  for (const [path, module] of Object.entries(cache)) {
    if (!/[\\/]tslab[\\/]dist[\\/]jupyter\.js$/.test(path)) continue;
    const writer = (module?.exports as { lastWriteDisplayData?: unknown } | undefined)?.lastWriteDisplayData;
    if (typeof writer === "function") return writer as DisplayWriter;
  }
  return undefined;
}

interface TslabDisplay {
  png(bytes: Uint8Array): void;
  svg(text: string): void;
}

/**
 * Renders the chart and shows it in the current tslab cell: SVG + PNG + vega-lite JSON in one
 * output. Outside a kernel it throws; use chartBundle(spec) or renderSvg(spec) there.
 */
export async function displayChart(spec: TopLevelSpec): Promise<void> {
  const bundle = await chartBundle(spec);
  const writer = findKernelDisplayWriter();
  if (writer !== undefined) {
    writer(chartDisplayData(bundle), false);
    return;
  }
  let display: TslabDisplay;
  try {
    display = (require("tslab") as { display: TslabDisplay }).display;
  } catch (cause) {
    throw new UsageError(
      "not-in-notebook",
      {
        what: "displayChart: tslab is not installed here",
        expected: "a tslab notebook; use chartBundle(spec) or renderSvg(spec) outside one",
      },
      { cause },
    );
  }
  try {
    // One MIME type per output: the PNG shows in every front end, trusted or not.
    if (bundle.png !== undefined) display.png(bundle.png);
    else display.svg(bundle.svg);
  } catch (cause) {
    throw new UsageError(
      "not-in-notebook",
      {
        what: "displayChart: not running in a tslab kernel cell",
        expected: "a tslab kernel cell; use chartBundle(spec) or renderSvg(spec) elsewhere",
      },
      { cause },
    );
  }
}

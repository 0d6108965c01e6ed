// Reading a rendered SVG's texts back, the way a test checks what a reader sees: each text element's
// words, its font size and its fill. vega writes one <text> per line, attributes in a fixed form.

export interface SvgText {
  readonly text: string;
  readonly fontPx: number;
  readonly fill: string;
}

const ENTITIES: Readonly<Record<string, string>> = {
  "&quot;": '"',
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&#39;": "'",
};

/** Every <text> of the SVG, in document order (a <tspan> per line is read as one line each). */
export function svgTexts(svg: string): SvgText[] {
  const out: SvgText[] = [];
  for (const match of svg.matchAll(/<text([^>]*)>([\s\S]*?)<\/text>/g)) {
    const attributes = match[1]!;
    const fontPx = Number.parseFloat(/font-size="([\d.]+)px"/.exec(attributes)?.[1] ?? "NaN");
    const fill = /fill="([^"]+)"/.exec(attributes)?.[1] ?? "black";
    const inner = match[2]!;
    const lines = inner.includes("<tspan")
      ? [...inner.matchAll(/<tspan[^>]*>([\s\S]*?)<\/tspan>/g)].map((m) => m[1]!)
      : [inner];
    for (const line of lines) {
      out.push({ text: line.replace(/&[a-z#0-9]+;/g, (entity) => ENTITIES[entity] ?? entity), fontPx, fill });
    }
  }
  return out;
}

/** The width of the SVG's viewBox: the units a shown width divides into. */
export function svgViewBoxWidth(svg: string): number {
  const box = /<svg[^>]*\sviewBox="[\d.-]+ [\d.-]+ ([\d.]+) [\d.]+"/.exec(svg);
  if (box === null) throw new Error("the SVG has no viewBox");
  return Number(box[1]);
}

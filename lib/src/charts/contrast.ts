// WCAG 2.x contrast, computed: a text colour is readable on a projector's white only at 4.5:1 or
// more (success criterion 1.4.3, level AA). The diagrams pick their colours by this, and the tests
// read every colour back out of the rendered SVG and hold it to the same formula.
import { UsageError } from "../errors/usage-error.js";

/** WCAG AA's least contrast for text of normal size. */
export const AA_TEXT_CONTRAST = 4.5;

const NAMED: Readonly<Record<string, string>> = { black: "#000000", white: "#ffffff" };

/** [r, g, b] in 0..255 from "#rgb", "#rrggbb" or "black"/"white". */
function rgbOf(colour: string): [number, number, number] {
  const hex = NAMED[colour.toLowerCase()] ?? colour;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  const parts = long ? long.slice(1) : short ? short.slice(1).map((digit) => digit + digit) : undefined;
  if (parts === undefined) {
    throw new UsageError("colour", {
      what: "contrast: a colour this module cannot read",
      expected: '"#rgb", "#rrggbb", "black" or "white"',
      received: JSON.stringify(colour),
    });
  }
  return parts.map((part) => Number.parseInt(part, 16)) as [number, number, number];
}

/** WCAG's relative luminance of an sRGB colour. */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = rgbOf(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// Exercise 4's generated inputs: chains of pages a server could send, each with the bounds the
// loop is given. They reach the edges on purpose: a cursor that comes back after every cycle
// length from 1 to maxPages - 1, lists exactly at each bound and one past it, empty pages. The
// sizes, the cursors and where a cycle starts come from fast-check, seeded by the check's seed.
import fc from "fast-check";
import { seededDraw } from "../seeded-draw.js";
import type { JsonObject } from "../../protocol/messages.js";

export interface ChainBounds {
  readonly maxPages: number;
  readonly maxTools: number;
}

/** What a chain tests, which picks the hint when a loop gets it wrong. */
export type ChainKind = "complete" | "at-pages" | "at-tools" | "past-pages" | "past-tools" | "cycle";

export interface CursorChain {
  readonly kind: ChainKind;
  /** The chain for a verdict: "7 tools over 5 pages, the cursor "c1x..." back on page 4 (bounds 5 pages, 32 tools)". */
  readonly label: string;
  readonly bounds: ChainBounds;
  /** Page i answers the i-th ask; a loop that asks past the last one is stopped by the check. */
  readonly pages: readonly JsonObject[];
  /** For a cycle: the cursor that comes back. */
  readonly repeated?: string;
}

const toolNamed = (name: string): JsonObject => ({
  name,
  description: `the ${name} tool`,
  inputSchema: { type: "object" },
});

/** Pages with `sizes[i]` tools each and `cursors[i]` as their nextCursor (none where undefined). */
function pagesOf(sizes: readonly number[], cursors: ReadonlyArray<string | undefined>): JsonObject[] {
  let made = 0;
  return sizes.map((size, index) => {
    const tools = Array.from({ length: size }, () => toolNamed(`tool_${++made}`));
    const cursor = cursors[index];
    return cursor === undefined ? { tools } : { tools, nextCursor: cursor };
  });
}

const boundsText = (bounds: ChainBounds): string => `bounds ${bounds.maxPages} pages, ${bounds.maxTools} tools`;
const total = (sizes: readonly number[]): number => sizes.reduce((a, b) => a + b, 0);

/** Every chain for one set of bounds: the edges, then a few drawn at random. */
export function cursorChains(bounds: ChainBounds, seed: number): CursorChain[] {
  const draw = seededDraw(seed + bounds.maxPages * 100 + bounds.maxTools);
  const { maxPages, maxTools } = bounds;
  // Fresh, distinct cursors; none is a part of another, so a message that names one names only it.
  const cursors = (count: number): string[] => {
    const salt = draw(fc.integer({ min: 0, max: 36 ** 4 - 1 }))
      .toString(36)
      .padStart(4, "0");
    return Array.from({ length: count }, (_, index) => `c${index + 1}x${salt}`);
  };
  // `count` page sizes summing to `sum` (some pages may be empty).
  const sizesSumming = (count: number, sum: number): number[] => {
    const cuts = draw(fc.array(fc.integer({ min: 0, max: sum }), { minLength: count - 1, maxLength: count - 1 })).sort(
      (a, b) => a - b,
    );
    return [...cuts, sum].map((cut, index) => cut - (index === 0 ? 0 : cuts[index - 1]!));
  };
  const smallSizes = (count: number, most: number): number[] =>
    draw(fc.array(fc.integer({ min: 0, max: most }), { minLength: count, maxLength: count }));
  const ending = (count: number): Array<string | undefined> => [...cursors(count - 1), undefined];
  const endless = (count: number): string[] => cursors(count);
  const chains: CursorChain[] = [];
  const complete = (kind: ChainKind, sizes: number[], what: string): void => {
    chains.push({
      kind,
      label: `${what}: ${total(sizes)} tools over ${sizes.length} page(s) [${sizes.join(", ")}], the last with no cursor (${boundsText(bounds)})`,
      bounds,
      pages: pagesOf(sizes, ending(sizes.length)),
    });
  };

  // A cursor that comes back, after every cycle length the page bound leaves room for.
  for (let length = 1; length < maxPages; length += 1) {
    // The page whose cursor comes back; before the last page the bound allows where there is room,
    // since on that page the page bound refuses the list too.
    const back = draw(fc.integer({ min: 1, max: Math.max(1, maxPages - length - 1) }));
    const repeatOn = back + length; // the page that hands it back
    const given = cursors(repeatOn - 1);
    const sizes = smallSizes(repeatOn, Math.max(0, Math.min(2, Math.floor(maxTools / (2 * maxPages)))));
    const once = pagesOf(sizes, [...given, given[back - 1]!]);
    // The server goes round the circle again for a loop that asks with the cursor once more.
    const circle = once.slice(back);
    const pages = [...once];
    while (pages.length < maxPages + 3) pages.push(circle[(pages.length - once.length) % circle.length]!);
    chains.push({
      kind: "cycle",
      label: `a cursor that comes back after ${length} page(s): page ${back} gives ${JSON.stringify(given[back - 1])}, page ${repeatOn} gives it again (${boundsText(bounds)})`,
      bounds,
      pages,
      repeated: given[back - 1]!,
    });
  }

  // Exactly at each bound, and one past it.
  complete("at-pages", smallSizes(maxPages, Math.floor(maxTools / maxPages)), `exactly ${maxPages} pages`);
  complete(
    "at-tools",
    sizesSumming(draw(fc.integer({ min: 1, max: maxPages })), maxTools),
    `exactly ${maxTools} tools`,
  );
  const pastPages = smallSizes(maxPages + 3, 1);
  chains.push({
    kind: "past-pages",
    label: `a fresh cursor on every page, still pointing further after ${maxPages} pages (${boundsText(bounds)})`,
    bounds,
    pages: pagesOf(pastPages, endless(pastPages.length)),
  });
  const overSizes = sizesSumming(draw(fc.integer({ min: 1, max: maxPages })), maxTools + 1);
  chains.push({
    kind: "past-tools",
    label: `${maxTools + 1} tools over ${overSizes.length} page(s) [${overSizes.join(", ")}] (${boundsText(bounds)})`,
    bounds,
    pages: pagesOf(overSizes, ending(overSizes.length)),
  });

  // Empty pages, and lists drawn at random within both bounds.
  complete("complete", [0], "one empty page");
  complete(
    "complete",
    [0, ...smallSizes(1, 3), 0].slice(0, Math.max(2, Math.min(3, maxPages))),
    "empty pages around one",
  );
  for (let index = 0; index < 3; index += 1) {
    const count = draw(fc.integer({ min: 1, max: maxPages }));
    complete("complete", sizesSumming(count, draw(fc.integer({ min: 0, max: maxTools }))), "a list within both bounds");
  }
  return chains;
}

/** The bounds the generated chains use: the notebook's, and a second set the seed picks. */
export function chainBounds(seed: number): ChainBounds[] {
  const draw = seededDraw(seed);
  const maxPages = draw(fc.integer({ min: 3, max: 7 }));
  return [
    { maxPages: 5, maxTools: 32 },
    { maxPages, maxTools: draw(fc.integer({ min: maxPages, max: 24 })) },
  ];
}

/** Every generated chain for `seed`, the smallest first, so the first one a loop fails is a small one. */
export function seededChains(seed: number): CursorChain[] {
  return chainBounds(seed)
    .flatMap((bounds) => cursorChains(bounds, seed))
    .sort((a, b) => a.pages.length - b.pages.length);
}

// The check of topTools: the m best tools for a request, best first, equal scores in catalog
// order, m past the end allowed, and the catalog left untouched.
import { bm25Scorer } from "../../tools/bm25.js";
import { expect, fn, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const topToolsCheck: Body = (pieces) => {
  type Tool = { name: string; description?: string };
  const topTools = fn(pieces, "topTools") as (request: string, tools: Tool[], score: unknown, m: number) => Tool[];
  const catalog: Tool[] = [
    { name: "place_purchase", description: "buy tubs of ice cream" },
    { name: "word_count", description: "count the words in a text" },
    { name: "stock_level", description: "how many tubs of a flavor are in stock" },
    { name: "shout", description: "count nothing" },
  ];
  const copy = JSON.stringify(catalog);
  const best = topTools("count the words in my text", catalog, bm25Scorer(), 2);
  expect(
    Array.isArray(best) && best[0] === catalog[1] && best.length === 2,
    "2 tools, word_count first (the same object from the catalog)",
    () => shown(best),
    "score each tool's toolText against the request, then keep the m best, best first",
  );
  const ties = topTools("zzz", catalog, () => [1, 1, 1, 1], 3);
  expect(
    Array.isArray(ties) && ties.map((tool) => tool.name).join(",") === "place_purchase,word_count,stock_level",
    "equal scores in catalog order: place_purchase, word_count, stock_level",
    () => shown(ties?.map?.((tool) => tool.name)),
    "sort by score only, and let equal scores keep catalog order (compare the indexes when scores tie)",
  );
  const all = topTools("tubs", catalog, bm25Scorer(), 10);
  expect(
    Array.isArray(all) && all.length === 4 && all !== catalog,
    "all 4 tools, in a new array, when m is larger than the catalog",
    () => shown(all),
    "m is at most what there is: return a new array, never the catalog itself",
  );
  expect(JSON.stringify(catalog) === copy, "the catalog unchanged", () => JSON.stringify(catalog), "sort a copy");
  return "the best first, ties in catalog order, m past the end, the catalog untouched";
};

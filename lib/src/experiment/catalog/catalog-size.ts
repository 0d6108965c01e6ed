// What the catalog costs a qwen2.5 model in prompt tokens, counted offline (Ollama's qwen2.5
// template, the bundled Qwen tokenizer): the mean prompt over the 24 requests at each catalog size,
// and the chapter's per-tool arithmetic, (tokens at 64 − tokens at 8) / 56. The notebook sets these
// beside the chapter's figures; a test keeps them within 10% of them.
import type { CatalogData } from "./catalog.js";
import { buildCatalog } from "./catalog.js";
import { CATALOG_KINDS, CATALOG_SIZES, type CatalogKind } from "./catalog-schema.js";
import { renderQwen25Choice, renderQwen25Native } from "../prompts/qwen-template.js";
import { countQwenTokens } from "../prompts/qwen-tokens.js";

export type CatalogTokenSize = {
  kind: CatalogKind;
  sizes: number[];
  /** Mean prompt tokens over the requests, native tool calling, one per size. */
  native: number[];
  /** The same for the constrained choice (names and descriptions listed). */
  listed: number[];
  nativePerTool: number;
  listedPerTool: number;
};

function perTool(sizes: readonly number[], tokens: readonly number[]): number {
  const last = sizes.length - 1;
  return (tokens[last]! - tokens[0]!) / (sizes[last]! - sizes[0]!);
}

/** Per catalog kind: the mean qwen2.5 prompt at each size, native and listed, and tokens per tool. */
export function catalogTokenSizes(data: CatalogData): CatalogTokenSize[] {
  const sizes = [...CATALOG_SIZES];
  return CATALOG_KINDS.map((kind) => {
    const native: number[] = [];
    const listed: number[] = [];
    for (const size of sizes) {
      const tools = buildCatalog(data, kind, size);
      let n = 0;
      let c = 0;
      for (const request of data.requests) {
        n += countQwenTokens(renderQwen25Native(request.text, tools));
        c += countQwenTokens(renderQwen25Choice(request.text, tools));
      }
      native.push(n / data.requests.length);
      listed.push(c / data.requests.length);
    }
    return {
      kind,
      sizes,
      native,
      listed,
      nativePerTool: perTool(sizes, native),
      listedPerTool: perTool(sizes, listed),
    };
  });
}

// What the chapter's "In a coding agent" section is about, measured with this workbook's own tools
// (Claude Code cannot run here): what a catalog costs listed by name only, as a tool search loads
// it, against its full definitions; how many bytes the host's token bounds on a tool result come
// to, beside our client's frame limit; and sentences comparing our measurements with the
// chapter's, computed from both, so no sentence can say "slower" beside a faster number.
import { DEFAULT_FRAME_LIMIT } from "../../protocol/constants.js";
import type { McpTool } from "../../tools/types.js";
import { ollamaFunctionJson } from "../prompts/qwen-template.js";
import { countQwenTokens } from "../prompts/qwen-tokens.js";

export interface ListingTokens {
  readonly tools: number;
  /** Every tool's name, one a line: what a tool search loads at the start. */
  readonly namesOnly: number;
  /** Every tool's full definition (name, description, schema) as the qwen2.5 template lists it. */
  readonly fullDefinitions: number;
}

/** The catalog's prompt tokens by name only and in full, counted offline with the Qwen tokenizer. */
export function listingTokens(tools: readonly McpTool[]): ListingTokens {
  return {
    tools: tools.length,
    namesOnly: countQwenTokens(tools.map((tool) => tool.name).join("\n")),
    fullDefinitions: countQwenTokens(tools.map((tool) => ollamaFunctionJson(tool)).join("\n")),
  };
}

export interface TokenBound {
  readonly tokens: number;
  /** Bytes of UTF-8 that many tokens of the sample's kind of text come to (tokens × bytes per token). */
  readonly bytes: number;
  /** True when a reply carrying that much text is larger than the frame limit: our client refuses it whole. */
  readonly overFrameLimit: boolean;
}

/** Bytes per token in `sample` (UTF-8 bytes over Qwen tokens), and what each bound comes to in bytes. */
export function tokenBoundsInBytes(
  sample: string,
  bounds: readonly number[] = [10_000, 25_000],
  frameLimit: number = DEFAULT_FRAME_LIMIT,
): { bytesPerToken: number; frameLimitTokens: number; bounds: TokenBound[] } {
  const tokens = countQwenTokens(sample);
  const bytesPerToken = tokens === 0 ? 0 : Buffer.byteLength(sample, "utf8") / tokens;
  return {
    bytesPerToken,
    frameLimitTokens: bytesPerToken === 0 ? 0 : Math.floor(frameLimit / bytesPerToken),
    bounds: bounds.map((bound) => {
      const bytes = Math.round(bound * bytesPerToken);
      return { tokens: bound, bytes, overFrameLimit: bytes > frameLimit };
    }),
  };
}

/**
 * One sentence comparing a duration we measured with the chapter's, its direction computed from
 * the two numbers: "faster", "slower" or "the same" (equal at the shown precision).
 */
export function comparedWithChapter(what: string, ours: number, chapter: number, digits: number): string {
  const shownOurs = ours.toFixed(digits);
  const shownChapter = chapter.toFixed(digits);
  const verdict = shownOurs === shownChapter ? "the same as" : ours < chapter ? "faster than" : "slower than";
  const ratio = chapter === 0 ? "" : ` (${(ours / chapter).toFixed(2)} × the chapter's)`;
  return `${what}: ours ${shownOurs} ms is ${verdict} the chapter's ${shownChapter} ms${verdict === "the same as" ? "" : ratio}`;
}

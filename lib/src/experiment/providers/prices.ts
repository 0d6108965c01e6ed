// List prices per Anthropic model: the ONE table the anthropic provider and the --max-usd cap use.
// Read on 2026-11-30 from Anthropic's model overview pages as stored for this project's search tool
// (platform.claude.com/docs/en/models/sonnet-5-5/overview, whose comparison table lists Claude Haiku 4.5
// at $1 / $5 and Claude Sonnet 5.5 at $2 / $10 per million input / output tokens). No internet here:
// verify against https://platform.claude.com/docs/en/about-claude/pricing before trusting a bill.
// The chapter's own figures agree: 4,133 tokens of 64 native tools at $1/MTok is about $0.004 on Haiku
// 4.5, and 5,204 at $2/MTok about $0.010 on Sonnet 5.5 (chapter 14, Part A).
import type { Price } from "../receipts/receipt.js";

export type ModelPrice = Price & {
  /** Whether the model accepts a temperature setting (Sonnet 5.5 rejects sampling parameters). */
  acceptsTemperature: boolean;
};

const READ_ON = "2026-11-30";
const SOURCE =
  "platform.claude.com/docs/en/models/sonnet-5-5/overview (comparison table), as stored for the search tool";

export const ANTHROPIC_PRICES: readonly ModelPrice[] = [
  {
    model: "claude-haiku-4-5",
    inputUsdPerMTok: 1,
    outputUsdPerMTok: 5,
    readOn: READ_ON,
    source: SOURCE,
    verified: true,
    acceptsTemperature: true,
  },
  {
    model: "claude-sonnet-5-5",
    inputUsdPerMTok: 2,
    outputUsdPerMTok: 10,
    readOn: READ_ON,
    source: SOURCE,
    verified: true,
    acceptsTemperature: false,
  },
];

/** The price row for a model id, matching a dated id (claude-haiku-4-5-20251001) by its prefix. */
export function priceFor(model: string, table: readonly ModelPrice[] = ANTHROPIC_PRICES): ModelPrice | undefined {
  return table.find((row) => model === row.model || model.startsWith(`${row.model}-`));
}

/** What a request costs at list price. */
export function costUsd(price: Price, inputTokens: number, outputTokens: number): number {
  return (inputTokens * price.inputUsdPerMTok + outputTokens * price.outputUsdPerMTok) / 1e6;
}

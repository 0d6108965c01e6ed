// The neutral shapes the chart builders take. A receipt and the published figures are both turned
// into these, so one builder draws either; the builders never see where the numbers came from
// except through the source label they must print.

/** How a model was asked: "native" (its own tool-calling format), "choice", "choice-none" (a list to choose from). */
export type SeriesProtocol = "native" | "choice" | "choice-none";

/**
 * One line of prompt tokens: x is tools offered. The label names the model (its colour comes from
 * the model table, lib/src/charts/models.ts); the protocol is drawn as a dash and a point shape.
 */
export interface TokenSeries {
  readonly label: string;
  /** Default "native". */
  readonly protocol?: SeriesProtocol;
  readonly points: readonly { readonly x: number; readonly tokens: number }[];
}

/** One line of shares routed right: k of n requests at x tools offered. */
export interface ShareSeries {
  readonly label: string;
  /** Default "native". */
  readonly protocol?: SeriesProtocol;
  readonly points: readonly { readonly x: number; readonly k: number; readonly n: number }[];
}

/** One bar of a count out of n (answers with no tool call, of n answers). */
export interface CountBar {
  readonly label: string;
  readonly count: number;
  readonly n: number;
  /** Replies the service cut short or refused: drawn apart from the answers with no tool call. */
  readonly cutShort?: number;
}

/** One bar of a share: k of n requests routed right. */
export interface ShareBar {
  readonly label: string;
  readonly k: number;
  readonly n: number;
}

/** Shared by every builder: where the numbers come from, and optional wording. */
export interface ChartText {
  /** "published: chapter 14 (quoted)" or "receipt: <provider label>, <model>, <date>". */
  readonly source: string;
  readonly title?: string;
  /** A second subtitle line, e.g. which tokenizer counted the tokens. */
  readonly note?: string;
}

export interface PromptTokensInput extends ChartText {
  readonly series: readonly TokenSeries[];
}
export interface RoutedRightInput extends ChartText {
  readonly series: readonly ShareSeries[];
}
export interface NoCallInput extends ChartText {
  readonly bars: readonly CountBar[];
}
export interface SearchInput extends ChartText {
  readonly bars: readonly ShareBar[];
}

/** Everything the four charts need, from one receipt or from the published figures. */
export interface ChartData {
  readonly promptTokens: PromptTokensInput;
  readonly routedRight: RoutedRightInput;
  readonly noCall: NoCallInput;
  readonly search: SearchInput;
}

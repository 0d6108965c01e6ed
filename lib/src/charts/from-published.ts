// The published figures as chart data. Shares are quoted to three decimals of n = 24 requests, so
// each is turned back into its count k; a share that no whole k reproduces is refused rather than
// drawn with an interval it does not have.
import { DataError } from "../errors/data-error.js";
import {
  publishedFigure,
  type PublishedFigures,
  type PublishedSeriesFigure,
} from "../experiment/analysis/published.js";
import { PUBLISHED_SOURCE_LABEL } from "../experiment/receipts/source-label.js";
import { modelLabel } from "./models.js";
import type { ChartData } from "./series.js";

/** Figure ids in evidence/published/ch14-figures.json that the four charts draw. */
export const PUBLISHED_CHART_FIGURES = {
  promptTokens: "prompt-tokens",
  routedRight: "routed-right-unrelated",
  noCall: "no-call-per-model",
  search: "search-qwen-1.5b",
} as const;

/** The whole count k whose k/n rounds to the quoted share (three decimals), or an error. */
export function countFromShare(share: number, n: number, where: string): number {
  const k = Math.round(share * n);
  if (Math.abs(k / n - share) > 0.0005 + 1e-12) {
    throw new DataError("mismatch", {
      what: `${where}: share ${share} is not k/${n} for any whole k`,
      expected: `a share that rounds from k/${n} to three decimals`,
      received: `${share} (nearest ${k}/${n} = ${(k / n).toFixed(4)})`,
    });
  }
  return k;
}

function requireN(figure: PublishedSeriesFigure): number {
  if (figure.n === undefined) {
    throw new DataError("invalid", {
      what: `published figure "${figure.id}" has no n`,
      expected: "n, to turn its values into counts",
      received: "no n",
    });
  }
  return figure.n;
}

/**
 * The name a chart prints for a quoted series: the model table's label for its model, so "qwen 1.5b"
 * and "1.5b choice" are both qwen2.5 1.5b (the protocol is drawn apart). The quoted file is not changed.
 */
function seriesModel(series: { label: string; model?: string | undefined }): string {
  return modelLabel(series.model ?? series.label);
}

function numericX(figure: PublishedSeriesFigure): number[] {
  return figure.x.map((x) => {
    if (typeof x !== "number")
      throw new DataError("invalid", {
        what: `published figure "${figure.id}" has a non-numeric x`,
        expected: "numeric x",
        received: JSON.stringify(x),
      });
    return x;
  });
}

export function seriesFromPublished(file: PublishedFigures): ChartData {
  const source = PUBLISHED_SOURCE_LABEL;
  const tokens = publishedFigure(file, PUBLISHED_CHART_FIGURES.promptTokens, "series");
  const routed = publishedFigure(file, PUBLISHED_CHART_FIGURES.routedRight, "series");
  const noCall = publishedFigure(file, PUBLISHED_CHART_FIGURES.noCall, "series");
  const search = publishedFigure(file, PUBLISHED_CHART_FIGURES.search, "series");

  const tokenX = numericX(tokens);
  const routedX = numericX(routed);
  const routedN = requireN(routed);
  const searchN = requireN(search);
  const noCallN = requireN(noCall);
  const noCallValues = noCall.series[0]?.values ?? [];
  const searchValues = search.series[0]?.values ?? [];

  return {
    promptTokens: {
      source,
      title: tokens.title,
      series: tokens.series.map((s) => ({
        label: seriesModel(s),
        protocol: s.protocol ?? "native",
        points: s.values.map((tokens, i) => ({ x: tokenX[i]!, tokens })),
      })),
    },
    routedRight: {
      source,
      title: routed.title,
      note: `Vertical bars: Wilson 95% intervals; k of ${routedN} recovered from the quoted shares`,
      series: routed.series.map((s) => ({
        label: seriesModel(s),
        protocol: s.protocol ?? "native",
        points: s.values.map((share, i) => ({
          x: routedX[i]!,
          k: countFromShare(share, routedN, `published figure "${routed.id}", "${s.label}" at ${routedX[i]!}`),
          n: routedN,
        })),
      })),
    },
    noCall: {
      source,
      title: noCall.title,
      bars: noCall.x.map((x, i) => ({ label: modelLabel(String(x)), count: noCallValues[i]!, n: noCallN })),
    },
    search: {
      source,
      title: search.title,
      note: `Vertical bars: Wilson 95% intervals; k of ${searchN} recovered from the quoted shares`,
      bars: search.x.map((x, i) => ({
        label: String(x),
        k: countFromShare(searchValues[i]!, searchN, `published figure "${search.id}", "${String(x)}"`),
        n: searchN,
      })),
    },
  };
}

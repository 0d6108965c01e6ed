// Exercise 2, "let the choice decline": two errors that cost differently. A false call is a tool
// called for a request that needs none (the shop's assistant acts when it should have talked); a
// missed call is a request that needs a tool answered in words (the work silently not done). This
// file names the two and tables them per model and protocol, from a receipt's rows alone.
import { wilson } from "../../stats/wilson.js";
import type { Outcome, Protocol, Receipt, Row } from "../../experiment/receipts/receipt.js";

/** The exercise's words for a row: a stored "no-call" is a missed call when a tool was expected. */
export type DeclineOutcome =
  "right" | "wrong" | "not-offered" | "missed-call" | "false-call" | "declined" | "cut-short" | "refused";

const RENAMED: Record<Outcome, DeclineOutcome> = {
  right: "right",
  wrong: "wrong",
  "not-offered": "not-offered",
  "no-call": "missed-call",
  "false-call": "false-call",
  declined: "declined",
  // Cut short or refused by the service: neither a call nor a decline, kept apart from both.
  "cut-short": "cut-short",
  refused: "refused",
};

/** A row's outcome in the exercise's words. */
export function declineOutcome(row: Pick<Row, "outcome">): DeclineOutcome {
  return RENAMED[row.outcome];
}

/** A share of n with its 95% Wilson interval; null when n is 0 (nothing was asked). */
export type Share = { k: number; n: number; share: number; low: number; high: number } | null;

function shareOf(k: number, n: number): Share {
  return n === 0 ? null : { k, n, ...wilson(k, n) };
}

/** One line of the decline table: one model under one protocol, over every condition it ran. */
export type DeclineCell = {
  model: string;
  protocol: Protocol;
  /** Requests that need no tool, asked: how many were answered with a call anyway. */
  noToolAsked: number;
  falseCalls: number;
  declined: number;
  falseCallShare: Share;
  /** Requests that need a tool, asked: how many were answered in words. */
  toolAsked: number;
  missedCalls: number;
  right: number;
  wrong: number;
  notOffered: number;
  missedCallShare: Share;
};

const PROTOCOL_ORDER: readonly Protocol[] = ["native", "choice", "choice-none"];

/**
 * False calls and missed calls per model and protocol, pooled over every catalog kind, size and
 * search the receipt ran. Models in first-seen order, protocols native, choice, choice-none.
 * Pure: reads the rows, changes nothing.
 */
export function declineTable(receipt: Pick<Receipt, "rows">): DeclineCell[] {
  const models = [...new Set(receipt.rows.map((row) => row.model))];
  const cells: DeclineCell[] = [];
  for (const model of models) {
    for (const protocol of PROTOCOL_ORDER) {
      const rows = receipt.rows.filter((row) => row.model === model && row.protocol === protocol);
      if (rows.length === 0) continue;
      const count = (outcome: DeclineOutcome) => rows.filter((row) => declineOutcome(row) === outcome).length;
      const noToolAsked = rows.filter((row) => row.expected === null).length;
      const toolAsked = rows.length - noToolAsked;
      const falseCalls = count("false-call");
      const missedCalls = count("missed-call");
      cells.push({
        model,
        protocol,
        noToolAsked,
        falseCalls,
        declined: count("declined"),
        falseCallShare: shareOf(falseCalls, noToolAsked),
        toolAsked,
        missedCalls,
        right: count("right"),
        wrong: count("wrong"),
        notOffered: count("not-offered"),
        missedCallShare: shareOf(missedCalls, toolAsked),
      });
    }
  }
  return cells;
}

function formatShare(share: Share): string {
  if (share === null) return "not asked";
  const percent = (x: number) => `${Math.round(x * 100)}%`;
  return `${share.k}/${share.n} (${percent(share.share)}, 95% ${percent(share.low)}–${percent(share.high)})`;
}

/** The decline table as Markdown: one line per model and protocol, both errors side by side. */
export function formatDeclineTable(cells: readonly DeclineCell[]): string {
  const header = "| model | protocol | false calls (needs no tool) | missed calls (needs a tool) |";
  const rule = "|---|---|---|---|";
  const lines = cells.map(
    (cell) =>
      `| ${cell.model} | ${cell.protocol} | ${formatShare(cell.falseCallShare)} | ${formatShare(cell.missedCallShare)} |`,
  );
  return [header, rule, ...lines].join("\n");
}

import { DEMO_MODES, runMode, type Connect, type ModeOutcome } from "../demo/failure-modes.js";
import { UsageError } from "../protocol/errors/usage-error.js";
import { htmlTable } from "./html-table.js";

/** One teaching-server mode as the gallery shows it: what the client should end with, and why. */
export interface GalleryMode {
  readonly mode: string;
  /** "result", or the reason of the refusal the client should raise. */
  readonly expect: string;
  readonly teaches: string;
}

/**
 * The server's modes the live demo leaves out: they belong to the chapter's exercises, and a
 * one-at-a-time client that follows no cursor still has to end each of them cleanly.
 */
export const EXERCISE_MODES: readonly GalleryMode[] = [
  { mode: "endless", expect: "frame-limit", teaches: "a line that never ends is refused at the frame limit, never held whole" },
  { mode: "endless-cursor", expect: "catalog", teaches: "an endless chain of cursors is refused at the first page (exercise 4)" },
  { mode: "repeat-cursor", expect: "catalog", teaches: "a cursor that repeats is refused at the first page too (exercise 4)" },
  { mode: "reverse", expect: "deadline", teaches: "a reply held back for two seconds passes a one-second deadline (exercise 5)" },
  { mode: "hostile", expect: "result", teaches: "a third tool begs for a purchase; only the allowed word_count runs" },
];

/** Every mode of the teaching server: the demo's, then the exercises' (any the demo does not already show). */
export const GALLERY_MODES: readonly GalleryMode[] = [
  ...DEMO_MODES,
  ...EXERCISE_MODES.filter((extra) => !DEMO_MODES.some((shown) => shown.mode === extra.mode)),
];

/** A mode's live outcome, judged against the gallery's expectation. */
export interface GalleryOutcome extends ModeOutcome {
  readonly teaches: string;
}

function galleryMode(mode: string): GalleryMode {
  const entry = GALLERY_MODES.find((candidate) => candidate.mode === mode);
  if (entry === undefined) {
    throw new UsageError("mode", { what: "unknown teaching-server mode", expected: `one of ${GALLERY_MODES.map((m) => m.mode).join(", ")}`, received: JSON.stringify(mode) });
  }
  return entry;
}

/**
 * Runs one mode live (runMode: start, handshake, list, call word_count, close) and judges it:
 * as expected only if the outcome matches and nothing of the server's group is left behind.
 */
export async function showMode(mode: string, options: { timeoutMs?: number; connect?: Connect } = {}): Promise<GalleryOutcome> {
  const { expect, teaches } = galleryMode(mode);
  const outcome = await runMode(mode, { timeoutMs: options.timeoutMs ?? 1000, ...(options.connect ? { connect: options.connect } : {}) });
  return { ...outcome, expected: expect, asExpected: outcome.outcome === expect && outcome.leftBehind === 0, teaches };
}

/** Every gallery mode, one after another; `onOutcome` sees each as it ends. */
export async function runGallery(options: { timeoutMs?: number; onOutcome?: (outcome: GalleryOutcome) => void } = {}): Promise<GalleryOutcome[]> {
  const outcomes: GalleryOutcome[] = [];
  for (const { mode } of GALLERY_MODES) {
    const outcome = await showMode(mode, options);
    options.onOutcome?.(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

/** "answered 3", or the error class that ended the call (taken from the detail "Class: message"). */
export function outcomeLabel(outcome: ModeOutcome): string {
  if (outcome.outcome === "result") return `answered ${JSON.stringify(outcome.detail)}`;
  const colon = outcome.detail.indexOf(":");
  return colon > 0 ? outcome.detail.slice(0, colon) : "refused";
}

/** The gallery's table: mode, outcome, reason, time, what was left behind, and the lesson. */
export function galleryTable(outcomes: readonly GalleryOutcome[]): string {
  const header = ["mode", "outcome", "reason", "time (ms)", "left behind", "as expected", "what it shows"];
  const rows = outcomes.map((o) => [
    o.mode,
    outcomeLabel(o),
    o.outcome === "result" ? "" : o.outcome,
    String(o.ms),
    String(o.leftBehind),
    o.asExpected ? "yes" : `NO (expected ${o.expected})`,
    o.teaches,
  ]);
  return htmlTable(header, rows);
}

/** One mode's outcome as the lines an instructor reads out: what came back and what was left. */
export function modeReport(outcome: GalleryOutcome): string {
  const answered = outcome.outcome === "result";
  return [
    `mode:        ${outcome.mode}`,
    `shows:       ${outcome.teaches}`,
    `outcome:     ${outcomeLabel(outcome)}${answered ? "" : ` [${outcome.outcome}]`}`,
    ...(answered ? [] : [`message:     ${outcome.detail}`]),
    `time:        ${outcome.ms} ms`,
    `exit status: ${String(outcome.exitStatus)}`,
    `left behind: ${outcome.leftBehind}`,
    `as expected: ${outcome.asExpected ? "yes" : `NO (expected ${outcome.expected})`}`,
  ].join("\n");
}

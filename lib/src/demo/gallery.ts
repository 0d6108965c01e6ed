// The failure gallery's runs (notebooks/failure-gallery.ipynb): which modes it shows, each run live
// against our client (and the naive one beside it), and the rows a cell displays.
import { TEACHING_MODES } from "../server-build/modes.js";
import { evidenceLines, HOSTILE_PURCHASE, runMode, type Connect, type ModeOutcome } from "./failure-modes.js";
import { liveNaiveGroups, naiveReportLines, runNaive, type NaiveReport } from "../naive-client/naive-harness.js";
import { UsageError } from "../errors/usage-error.js";
import { htmlTable } from "../notebook/html-table.js";
import { wrapLines } from "../text/wrap.js";

/**
 * Report lines are wrapped between words at this many characters: a classic Notebook cell at a
 * 1400 px window shows about 115 characters of its monospace output, and breaks longer lines
 * anywhere, mid-word included.
 */
export const REPORT_CHARS = 100;

/** One teaching-server mode as the gallery shows it: what the client should end with, and why. */
export interface GalleryMode {
  readonly mode: string;
  /** "result", or the reason of the refusal the client should raise. */
  readonly expect: string;
  readonly teaches: string;
}

/** The server's modes the live demo leaves out: mostly the chapter's exercises' (from the server's one table). */
export const EXERCISE_MODES: readonly GalleryMode[] = TEACHING_MODES.filter((entry) => !entry.demo);

/** Every mode of the teaching server, in the server's order: the demo's, then the rest. */
export const GALLERY_MODES: readonly GalleryMode[] = TEACHING_MODES;

/** A mode's live outcome, judged against the gallery's expectation. */
export interface GalleryOutcome extends ModeOutcome {
  readonly teaches: string;
}

function galleryMode(mode: string): GalleryMode {
  const entry = GALLERY_MODES.find((candidate) => candidate.mode === mode);
  if (entry === undefined) {
    throw new UsageError("mode", {
      what: "unknown teaching-server mode",
      expected: `one of ${GALLERY_MODES.map((m) => m.mode).join(", ")}`,
      received: JSON.stringify(mode),
    });
  }
  return entry;
}

/**
 * Runs one mode live (runMode: start, handshake, list, call word_count, close) and judges it:
 * as expected only if the outcome matches and nothing of the server's group is left behind.
 */
export async function showMode(
  mode: string,
  options: { timeoutMs?: number; connect?: Connect } = {},
): Promise<GalleryOutcome> {
  const { expect, teaches } = galleryMode(mode);
  const outcome = await runMode(mode, {
    timeoutMs: options.timeoutMs ?? 1000,
    ...(options.connect ? { connect: options.connect } : {}),
  });
  return { ...outcome, expected: expect, asExpected: outcome.outcome === expect && outcome.leftBehind === 0, teaches };
}

/** Every gallery mode, one after another; `onOutcome` sees each as it ends. */
export async function runGallery(
  options: { timeoutMs?: number; onOutcome?: (outcome: GalleryOutcome) => void } = {},
): Promise<GalleryOutcome[]> {
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
  return wrapLines(
    [
      `mode:        ${outcome.mode}`,
      `shows:       ${outcome.teaches}`,
      `outcome:     ${outcomeLabel(outcome)}${answered ? "" : ` [${outcome.outcome}]`}`,
      ...(answered ? [] : [`message:     ${outcome.detail}`]),
      `time:        ${outcome.ms} ms`,
      `exit status: ${String(outcome.exitStatus)}`,
      `left behind: ${outcome.leftBehind}`,
      `as expected: ${outcome.asExpected ? "yes" : `NO (expected ${outcome.expected})`}`,
    ].join("\n"),
    REPORT_CHARS,
  );
}

/** One mode run twice at once: by the bounded client, and by the naive foil in its harness. */
export interface BesideRun {
  readonly ours: GalleryOutcome;
  readonly naive: NaiveReport;
}

/**
 * Runs `mode` with our client (showMode) and, at the same time, with the naive client in its
 * bounded harness (a heap cap, a wall clock, its group ended afterwards). In hostile mode both
 * are asked for the purchase the tool description demands; ours refuses it, the naive one calls it.
 */
export async function showBeside(
  mode: string,
  options: { timeoutMs?: number; naiveWallMs?: number } = {},
): Promise<BesideRun> {
  galleryMode(mode);
  const timeoutMs = options.timeoutMs ?? 1000;
  const asks =
    mode === "hostile"
      ? [
          { name: "word_count", arguments: { text: "one two three" } },
          { name: HOSTILE_PURCHASE.name, arguments: { ...HOSTILE_PURCHASE.arguments } },
        ]
      : undefined;
  const [ours, naive] = await Promise.all([
    showMode(mode, { timeoutMs }),
    runNaive(mode, {
      readTimeoutMs: timeoutMs,
      wallMs: options.naiveWallMs ?? 2 * timeoutMs,
      ...(asks === undefined ? {} : { asks }),
    }),
  ]);
  return { ours, naive };
}

/** Ours, then the evidence (processes, signals, the server's log, the purchase), then the naive client's. */
export function besideReport(run: BesideRun): string {
  const evidence = evidenceLines(run.ours).filter(
    (line) => !line.startsWith("processes in the server's group after close()"),
  ); // modeReport says "left behind"
  const report = [
    "bounded client (StdioClient)",
    ...modeReport(run.ours)
      .split("\n")
      .map((line) => `  ${line}`),
    ...evidence.map((line) => `  ${line}`),
    "",
    ...naiveReportLines(run.naive),
  ].join("\n");
  return wrapLines(report, REPORT_CHARS);
}

/** Process groups of naive runs that still hold a live process: 0 after every cell has finished. */
export function naiveGroupsAlive(): number {
  return liveNaiveGroups().length;
}

// The failure gallery's runs (notebooks/failure-gallery.ipynb): which modes it shows, each run live
// against our client (and the naive one beside it), and the rows a cell displays.
import { TEACHING_MODES } from "../server-build/teaching-modes.js";
import { evidenceLines, HOSTILE_PURCHASE, runMode, type Connect, type ModeOutcome } from "./failure-modes.js";
import { liveNaiveGroups, naiveReportLines, runNaive, type NaiveReport } from "../naive-client/naive-harness.js";
import { UsageError } from "../errors/usage-error.js";
import { htmlTable } from "../notebook/html-table.js";
import { wrapLines } from "../text/wrap.js";
import { liveSdkGroups, runSdkModes, SDK_NAMES, type SdkName, type SdkReport } from "../official-sdk/index.js";

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
  /** What the server does wrong on purpose (a question for a mode the notebook has no section for). */
  readonly summary: string;
}

/** The server's modes the live demo leaves out: mostly the chapter's exercises' (from the server's one table). */
export const EXERCISE_MODES: readonly GalleryMode[] = TEACHING_MODES.filter((entry) => !entry.demo);

/** Every mode of the teaching server, in the server's order: the demo's, then the rest. */
export const GALLERY_MODES: readonly GalleryMode[] = TEACHING_MODES;

/** A mode's live outcome, judged against the gallery's expectation. */
export interface GalleryOutcome extends ModeOutcome {
  readonly teaches: string;
  /** The official SDK's clients against the same mode, when the gallery ran them. */
  readonly sdk?: Readonly<Partial<Record<SdkName, SdkReport>>>;
}

/** The SDK's runs of the first table, by mode: a mode's screen shows them without running the SDK again. */
const sdkMeasured = new Map<string, Partial<Record<SdkName, SdkReport>>>();

/** The SDK reports the gallery's table measured for `mode` in this kernel, if it did. */
export function measuredSdk(mode: string): Partial<Record<SdkName, SdkReport>> | undefined {
  return sdkMeasured.get(mode);
}

/**
 * Whether a client ended `mode` the way a bounded client should: the answer "3" where the server
 * behaves, no answer at all where it does not, and nothing of its group left running.
 */
export function endedAsItShould(
  expect: string,
  answered: string | undefined,
  leftRunning: number,
  serverRan: readonly string[],
): boolean {
  const answerRight = expect === "result" ? answered === "3" : answered === undefined;
  return answerRight && leftRunning === 0 && !serverRan.includes(HOSTILE_PURCHASE.name);
}

/** The purchase hostile mode's description asks for, beside word_count; word_count alone elsewhere. */
export function asksFor(mode: string): Array<{ name: string; arguments: Record<string, unknown> }> {
  const count = { name: "word_count", arguments: { text: "one two three" } };
  return mode === "hostile"
    ? [count, { name: HOSTILE_PURCHASE.name, arguments: { ...HOSTILE_PURCHASE.arguments } }]
    : [count];
}

/** The gallery's entry for `mode`; a UsageError naming the modes there are for any other. */
export function galleryMode(mode: string): GalleryMode {
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

/**
 * Every gallery mode (the server's table, so a new mode appears here unasked), one after another;
 * `onOutcome` sees each as it ends. With `sdk`, the official SDK's v1 and v2 clients then meet every
 * mode too, each in one bounded child of its own.
 */
export async function runGallery(
  options: { timeoutMs?: number; sdk?: boolean; onOutcome?: (outcome: GalleryOutcome) => void } = {},
): Promise<GalleryOutcome[]> {
  const modes = GALLERY_MODES.map((entry) => entry.mode);
  const outcomes: GalleryOutcome[] = [];
  for (const mode of modes) {
    const outcome = await showMode(mode, options);
    options.onOutcome?.(outcome);
    outcomes.push(outcome);
  }
  // After ours, not beside it: on a loaded machine a server slow to start would miss our deadline.
  const sdkRuns =
    options.sdk === true
      ? Promise.all(
          SDK_NAMES.map(async (sdk) => {
            const reports = await runSdkModes(sdk, modes, { timeoutMs: options.timeoutMs ?? 1000, asks: asksFor });
            return [sdk, reports] as const;
          }),
        )
      : undefined;
  if (sdkRuns === undefined) return outcomes;
  const bySdk = await sdkRuns;
  return outcomes.map((outcome) => {
    const sdk = Object.fromEntries(bySdk.map(([name, reports]) => [name, reports.get(outcome.mode)!]));
    sdkMeasured.set(outcome.mode, sdk);
    return { ...outcome, sdk };
  });
}

/** An SDK's end in a few words: "answered "3"", or the error it raised, or how the harness ended it. */
export function sdkOutcomeWords(report: SdkReport): string {
  if (report.answer !== undefined)
    return `answered ${JSON.stringify(report.answer.length > 40 ? `${report.answer.slice(0, 40)}` : report.answer)}${report.answer.length > 40 ? ` [+${report.answer.length - 40} characters]` : ""}`;
  if (report.error !== undefined && report.ending.startsWith("failed")) return `${report.ending}: ${report.error}`;
  return report.ending;
}

/** ✓ or ✗ with its words: the second cue beside a colour. */
export function mark(ok: boolean): string {
  return ok ? "✓ yes" : "✗ NO";
}

/** "answered 3", or the error class that ended the call (taken from the detail "Class: message"). */
export function outcomeLabel(outcome: ModeOutcome): string {
  if (outcome.outcome === "result") return `answered ${JSON.stringify(outcome.detail)}`;
  const colon = outcome.detail.indexOf(":");
  return colon > 0 ? outcome.detail.slice(0, colon) : "refused";
}

/**
 * The gallery's table: mode, outcome, reason, time, what was left behind, as expected (✓ or ✗),
 * then, when the SDK ran, how its v1 and v2 clients ended the same mode and whether that is how a
 * bounded client should; and the lesson.
 */
export function galleryTable(outcomes: readonly GalleryOutcome[]): string {
  const withSdk = outcomes.some((o) => o.sdk !== undefined);
  const header = [
    "mode",
    "outcome",
    "reason",
    "time (ms)",
    "left behind",
    "as expected",
    ...(withSdk ? SDK_NAMES.map((sdk) => `official SDK ${sdk}: how it ended (as it should?)`) : []),
    "what it shows",
  ];
  const rows = outcomes.map((o) => [
    o.mode,
    outcomeLabel(o),
    o.outcome === "result" ? "" : o.outcome,
    String(o.ms),
    String(o.leftBehind),
    o.asExpected ? "✓ yes" : `✗ NO (expected ${o.expected})`,
    ...(withSdk
      ? SDK_NAMES.map((sdk) => {
          const report = o.sdk?.[sdk];
          if (report === undefined) return "not run";
          const ok = endedAsItShould(o.expected, report.answer, report.leftByClose.length, report.serverRan);
          return `${sdkOutcomeWords(report)} (${mark(ok)})`;
        })
      : []),
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

/** Process groups of the official SDK's sessions that still hold a live process: 0 after every cell. */
export function sdkGroupsAlive(): number {
  return liveSdkGroups().length;
}

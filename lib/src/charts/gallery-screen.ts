// One failure mode on one projector screen: under the mode's question (the notebook's markdown),
// a table of how each client ended it (ours, the naive foil, the official SDK's v1 and v2) beside
// the sequence diagram of our client's wire; the naive client's full report, our evidence, the
// SDK's steps and the full trace fold away below, one click from view. Laid out to fit a 1280x800
// window with the question (test/browser/gallery-screens.slow.test.ts measures it), and to wrap
// under a narrower window or a larger zoom.
import { escapeHtml } from "../notebook/html-table.js";
import type { ModeOutcome } from "../demo/failure-modes.js";
import {
  asksFor,
  endedAsItShould,
  GALLERY_MODES,
  galleryMode,
  measuredSdk,
  showBeside,
  besideReport,
  type BesideRun,
} from "../demo/gallery.js";
import { outcomeWords } from "../demo/outcome-rows.js";
import { traceTable } from "../demo/trace-table.js";
import type { NaiveReport } from "../naive-client/index.js";
import { runSdk, sdkReportLines, SDK_NAMES, type SdkName, type SdkReport } from "../official-sdk/index.js";
import { UsageError } from "../errors/usage-error.js";
import { DIAGRAM_TONES, traceDiagramSpec } from "./sequence-diagram.js";
import { renderSvg } from "./render.js";
import { findKernelDisplayWriter } from "./display.js";

/** The diagram's plot width beside the table: with the table it fills a cell at a 1280 px window. */
export const SCREEN_DIAGRAM_WIDTH = 560;

/** One mode's screen: our run beside the naive one, and the SDK's clients against the same mode. */
export interface ScreenRun extends BesideRun {
  readonly sdk: Readonly<Partial<Record<SdkName, SdkReport>>>;
  /** The screen as HTML (what the cell shows). */
  readonly html: string;
}

interface ClientRow {
  readonly client: string;
  readonly ended: string;
  readonly asItShould: boolean;
  readonly left: number;
}

/** An answer in a few words: short ones whole, a long one by its length (its text is in the fold). */
const answered = (text: string): string =>
  [...text].length <= 24 ? `answered ${JSON.stringify(text)}` : `answered ${[...text].length} characters`;

/** The error's class, from "Class: message" (its message is in the diagram and the fold, whole). */
const errorClass = (detail: string): string => /^([A-Za-z]+Error)\b/.exec(detail)?.[1] ?? "an error";

function naiveEnded(naive: NaiveReport): string {
  const count = naive.answers.find((answer) => answer.tool === "word_count");
  const taken =
    naive.mismatchedReplies.length > 0 ? ` (took reply id ${JSON.stringify(naive.mismatchedReplies[0]!.replyId)})` : "";
  if (count !== undefined) return `${answered(count.text)}${taken}`;
  if (naive.ending === "finished")
    return `no answer (${naive.failure === undefined ? "finished" : errorClass(naive.failure)})`;
  return naive.ending;
}

function sdkEnded(report: SdkReport): string {
  if (report.answer !== undefined) return answered(report.answer);
  if (report.error !== undefined && report.ending.startsWith("failed at ")) {
    return `no answer: ${errorClass(report.error)} at ${report.ending.slice("failed at ".length)}`;
  }
  return report.ending;
}

function rows(run: BesideRun, sdk: Partial<Record<SdkName, SdkReport>>): ClientRow[] {
  const { ours, naive } = run;
  const naiveAnswer = naive.answers.find((answer) => answer.tool === "word_count")?.text;
  const naiveLeft = naive.leftByClose.length;
  return [
    {
      client: "ours",
      ended: ours.outcome === "result" ? answered(ours.detail) : outcomeWords(ours),
      asItShould: ours.asExpected,
      left: ours.leftBehind,
    },
    {
      client: "naive (the foil)",
      ended: naiveEnded(naive),
      asItShould: endedAsItShould(ours.expected, naiveAnswer, naiveLeft, naive.serverRan),
      left: naiveLeft,
    },
    ...SDK_NAMES.flatMap((name) => {
      const report = sdk[name];
      if (report === undefined) return [];
      return [
        {
          client: `SDK ${name} ${report.version.replace(/^\S+ /, "")}`,
          ended: sdkEnded(report),
          asItShould: endedAsItShould(ours.expected, report.answer, report.leftByClose.length, report.serverRan),
          left: report.leftByClose.length,
        },
      ];
    }),
  ];
}

/** The table of how each client ended the mode; the ✓/✗ mark is coloured and worded (two cues). */
export function clientsTable(clientRows: readonly ClientRow[]): string {
  const cell = (text: string, style = "") =>
    `<td style="text-align:left;vertical-align:top;padding:4px 8px;${style}">${escapeHtml(text)}</td>`;
  const head = ["client", "how it ended", "as it should?", "left running"]
    .map((title) => `<th style="text-align:left;padding:4px 8px">${escapeHtml(title)}</th>`)
    .join("");
  const body = clientRows
    .map(
      (row) =>
        `<tr>${cell(row.client)}${cell(row.ended, "overflow-wrap:anywhere")}${cell(
          row.asItShould ? "✓ yes" : "✗ no",
          `color:${row.asItShould ? DIAGRAM_TONES.accepted : DIAGRAM_TONES.refused};font-weight:bold`,
        )}${cell(String(row.left))}</tr>`,
    )
    .join("\n");
  return `<table class="gallery-clients" style="font-size:15px;line-height:1.3;border-collapse:collapse;width:100%">\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** The folded part: everything an instructor opens when the room asks "how do you know?". */
function foldedReports(run: BesideRun, sdk: Partial<Record<SdkName, SdkReport>>): string {
  const lines = [
    besideReport(run),
    ...SDK_NAMES.flatMap((name) => (sdk[name] === undefined ? [] : ["", ...sdkReportLines(sdk[name]!)])),
  ];
  const pre = `<pre style="font-size:14px;white-space:pre-wrap;overflow-wrap:anywhere">${escapeHtml(lines.join("\n"))}</pre>`;
  const trace = traceTable(run.ours.trace);
  return [
    `<details><summary style="font-size:15px;cursor:pointer">The naive client's report, our evidence, the SDK's steps and every message whole</summary>\n${pre}\n</details>`,
    `<details><summary style="font-size:15px;cursor:pointer">The full trace, frame by frame (${run.ours.trace.entries.length} entries)</summary>\n${trace}\n</details>`,
  ].join("\n");
}

/** The screen's HTML: the table beside the diagram (stacked when narrow), the reports folded below. */
export async function screenHtml(
  run: BesideRun,
  sdk: Partial<Record<SdkName, SdkReport>>,
  title: string,
): Promise<string> {
  const svg = await renderSvg(
    traceDiagramSpec(run.ours.trace, title, { width: SCREEN_DIAGRAM_WIDTH, foldOpening: true }),
  );
  return [
    `<div class="gallery-screen" data-mode="${escapeHtml(run.ours.mode)}">`,
    `<div style="display:flex;flex-wrap:wrap;gap:12px 20px;align-items:flex-start">`,
    `<div style="flex:0 1 380px">${clientsTable(rows(run, sdk))}</div>`,
    `<div class="gallery-diagram" style="flex:1 1 540px;min-width:0">${svg}</div>`,
    `</div>`,
    foldedReports(run, sdk),
    `</div>`,
  ].join("\n");
}

/**
 * Runs `mode` with our client and the naive one (showBeside), and the official SDK's clients (the
 * gallery's first table's runs when it measured them, else live now), and returns the screen.
 */
export async function galleryScreen(
  mode: string,
  options: { timeoutMs?: number; title?: string } = {},
): Promise<ScreenRun> {
  const entry = galleryMode(mode);
  const timeoutMs = options.timeoutMs ?? 1000;
  const measured = measuredSdk(mode);
  const besideRun = await showBeside(mode, { timeoutMs });
  // Then the SDK's, not beside ours: on a loaded machine a server slow to start would miss a deadline.
  const live =
    measured === undefined
      ? await Promise.all(SDK_NAMES.map((sdk) => runSdk(sdk, mode, { timeoutMs, asks: asksFor })))
      : [];
  const sdk = measured ?? Object.fromEntries(SDK_NAMES.map((name, i) => [name, live[i]!]));
  const html = await screenHtml(besideRun, sdk, options.title ?? `${mode}: ${entry.teaches}`);
  return { ...besideRun, sdk, html };
}

/** The runs behind the screens shown in this kernel, by mode (a later cell draws two of them side by side). */
const screenRuns = new Map<string, ScreenRun>();

/**
 * A notebook cell's screen: galleryScreen, shown in the cell as HTML. Returns nothing, so the cell
 * prints nothing else; screenRun(mode) gives the run to a later cell.
 */
export async function showScreen(mode: string, options: { timeoutMs?: number; title?: string } = {}): Promise<void> {
  const screen = await galleryScreen(mode, options);
  screenRuns.set(mode, screen);
  showHtml(screen.html, `${mode}: ${screen.ours.outcome === "result" ? "answered" : screen.ours.outcome}`);
}

/** The run behind `mode`'s screen in this kernel; a mode not shown yet is the caller's mistake. */
export function screenRun(mode: string): ScreenRun {
  const run = screenRuns.get(mode);
  if (run === undefined) {
    throw new UsageError("mode", {
      what: "screenRun: no screen shown for this mode in this kernel yet",
      expected: `run its showScreen cell first; shown so far: ${[...screenRuns.keys()].join(", ") || "none"}`,
      received: JSON.stringify(mode),
    });
  }
  return run;
}

/**
 * Every mode of the server's table not yet given a screen in this kernel, each under its heading
 * and a question made from the table's own words: a mode added to the server shows up here
 * without an edit to the notebook.
 */
export async function showUnshownModes(options: { timeoutMs?: number } = {}): Promise<string[]> {
  const rest = GALLERY_MODES.filter((entry) => !screenRuns.has(entry.mode));
  for (const entry of rest) {
    const screen = await galleryScreen(entry.mode, options);
    screenRuns.set(entry.mode, screen);
    const question = `<h3>${escapeHtml(entry.mode)}</h3>\n<p style="font-size:15px"><b>Ask:</b> the server ${escapeHtml(entry.summary)}. What should the client do? <b>What to say:</b> ${escapeHtml(entry.teaches)}.</p>`;
    showHtml(`${question}\n${screen.html}`, entry.mode);
  }
  return rest.map((entry) => entry.mode);
}

/** One display_data with the HTML and a plain-text line for front ends that show text only. */
function showHtml(html: string, plain: string): void {
  const writer = findKernelDisplayWriter();
  if (writer === undefined) {
    throw new UsageError("not-in-notebook", {
      what: "showScreen: not running in a tslab kernel cell",
      expected: "a tslab kernel cell; use galleryScreen(mode) elsewhere and read its html",
    });
  }
  writer({ data: { "text/html": html, "text/plain": plain }, metadata: {}, transient: {} }, false);
}

export type { ModeOutcome };

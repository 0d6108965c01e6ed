// The learner's pieces against the real teaching server, every mode the build covers: a normal
// session and each failure, through a client assembled from their pieces only.
import { DEFAULT_TIMEOUT_MS } from "../client/options.js";
import { killGroups } from "../client/process-group.js";
import { WireTrace } from "../client/wire-trace.js";
import { showMode, GALLERY_MODES, galleryTable, type GalleryOutcome } from "../demo/gallery.js";
import { WorkbookError } from "../errors/workbook-error.js";
import { AssembledClient } from "../assembly/assembled-client.js";
import { PIECE_NAMES, type PieceSet } from "../assembly/piece-names.js";
import { TEACHING_MODES } from "../server-build/teaching-modes.js";

/** The gallery's modes the build client meets: all but those that need exercise 4's or 5's code (paging, replies in flight). */
export const BUILD_MODES: readonly string[] = TEACHING_MODES.filter((entry) => entry.exercise === undefined).map(
  (entry) => entry.mode,
);

/**
 * The deadline `mode` is met with: `hungMs` where the server hangs (the table waits it out, so it is
 * short), the chapter's default elsewhere. There the fault is not about time, and a busy machine
 * starting the server slowly must not turn an answer into a deadline; the answer comes as soon as
 * it can, so the longer deadline costs nothing.
 */
export function deadlineForMode(mode: string, hungMs: number): number {
  const hangs = GALLERY_MODES.find((entry) => entry.mode === mode)?.expect === "deadline";
  return hangs ? hungMs : Math.max(hungMs, DEFAULT_TIMEOUT_MS);
}

/** One mode's outcome for the learner's client; an error the run itself raised is an outcome too. */
export async function meetMode(pieces: PieceSet, mode: string, timeoutMs = 1000): Promise<GalleryOutcome> {
  const clients: AssembledClient[] = [];
  try {
    return await showMode(mode, {
      timeoutMs: deadlineForMode(mode, timeoutMs),
      connect: (command, options) => {
        const client = new AssembledClient(() => pieces, command, options);
        clients.push(client);
        return client;
      },
    });
  } catch (error) {
    const reason = error instanceof WorkbookError ? error.reason : "error";
    const entry = GALLERY_MODES.find((candidate) => candidate.mode === mode);
    return {
      mode,
      outcome: reason,
      detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      expected: entry?.expect ?? "result",
      asExpected: false,
      ms: 0,
      leftBehind: 0,
      exitStatus: null,
      teaches: entry?.teaches ?? "",
      trace: new WireTrace().snapshot(),
      groupBeforeClose: [],
      serverRan: [],
    };
  } finally {
    await killGroups(clients.flatMap((client) => (client.pid === undefined ? [] : [client.pid])));
  }
}

/** Every build mode, one after another; undefined (and a line saying why) until every piece is defined. */
export async function meetTheServer(pieces: PieceSet, options: { timeoutMs?: number } = {}): Promise<GalleryOutcome[]> {
  const outcomes: GalleryOutcome[] = [];
  const missing = PIECE_NAMES.filter((name) => pieces[name] === undefined);
  if (missing.length > 0) throw new Error(`define ${missing.join(", ")} first`);
  for (const mode of BUILD_MODES) outcomes.push(await meetMode(pieces, mode, options.timeoutMs ?? 1000));
  return outcomes;
}

/** The notebook's view: the gallery table, and one line counting the modes that went as they should. */
export function meetingSummary(outcomes: readonly GalleryOutcome[]): { html: string; line: string } {
  const good = outcomes.filter((outcome) => outcome.asExpected).length;
  return { html: galleryTable(outcomes), line: `${good} of ${outcomes.length} modes as expected with your pieces` };
}

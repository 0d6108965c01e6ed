// The teaching server's own table (server/src/mode-table.ts), loaded from its build beside ours: the
// server cannot load lib, so lib reads the server's table rather than keep a copy of it.
import { MODES, CORRECT_SHUTDOWN, isModeName, shutdownOf, type Shutdown } from "../../../server/dist/modes.js";

export type { Shutdown };

/** How a mode's server leaves (a name that is no mode: as a correct server does). */
export function shutdownOfMode(mode: string): Shutdown {
  return isModeName(mode) ? shutdownOf(mode) : CORRECT_SHUTDOWN;
}

/** One teaching-server mode as lib's demo, gallery, build notebook and checkpoint read it. */
export interface TeachingMode {
  readonly mode: string;
  /** Where it misbehaves: "reply", "catalog", "session", "process", or "nothing" (normal). */
  readonly misbehaves: string;
  /** What the server does wrong on purpose. */
  readonly summary: string;
  /** The lesson: what a bounded client does about it. */
  readonly teaches: string;
  /** "result", or the reason of the refusal our client's one session ends with. */
  readonly expect: string;
  /** Shown by `mcp-workbook demo`. */
  readonly demo: boolean;
  /** The protocol eras whose requests the fault applies to (the server's `--protocol`). */
  readonly eras: readonly string[];
  /** The exercise whose code a client needs to meet this mode well. */
  readonly exercise: number | undefined;
  /** How its server leaves when not as a correct one does (stays after its input ends; SIGTERM exits, kills or is ignored). */
  readonly shutdown: Shutdown | undefined;
  /** A reply spread over time, a piece every gapMs (trickle, drip): only one deadline for the whole call ends it. */
  readonly spread: { readonly gapMs: number } | undefined;
  /** The checkpoint's deadline for it, when the checkpoint grades it. */
  readonly graded: { readonly timeoutMs: number; readonly endlessBytes?: number } | undefined;
}

/** Every mode of the teaching server, in the server's order (the gallery's). */
export const TEACHING_MODES: readonly TeachingMode[] = MODES.map((entry) => ({
  mode: entry.name,
  misbehaves: entry.misbehaves,
  summary: entry.summary,
  teaches: entry.teaches,
  expect: entry.expect,
  demo: entry.demo,
  eras: entry.eras,
  exercise: "exercise" in entry ? entry.exercise : undefined,
  shutdown: "shutdown" in entry ? entry.shutdown : undefined,
  spread: "spread" in entry ? entry.spread : undefined,
  graded: "graded" in entry ? entry.graded : undefined,
}));

/** The modes that spread their reply over time (trickle, drip), in the table's order. */
export const SPREAD_MODES: readonly string[] = TEACHING_MODES.filter((entry) => entry.spread).map(
  (entry) => entry.mode,
);

/** The table's row for `mode`: a check or rule naming a mode the server does not have is a RangeError. */
export function teachingMode(mode: string): TeachingMode {
  const row = TEACHING_MODES.find((entry) => entry.mode === mode);
  if (row === undefined) throw new RangeError(`${mode} is not a teaching-server mode`);
  return row;
}

// What is read from the mode table (mode-table.ts): the names, where a mode misbehaves, how it
// leaves, the eras its fault applies in, the gap of a spread reply; and the table itself, as the
// server and lib import it.
import type { Era } from "./era.js";
import { CORRECT_SHUTDOWN, type Mode, type Place, type Shutdown } from "./mode-shape.js";
import { MODES } from "./mode-table.js";

export { CORRECT_SHUTDOWN, MODES };
export type { Mode, Place, Shutdown };

/** How `mode`'s server leaves. */
export function shutdownOf(mode: ModeName): Shutdown {
  const row: Mode | undefined = MODES.find((entry) => entry.name === mode);
  return row?.shutdown ?? CORRECT_SHUTDOWN;
}

export type ModeName = (typeof MODES)[number]["name"];

/** The modes whose rows say they misbehave at `place`. */
export type ModeAt<P extends Place> = Extract<(typeof MODES)[number], { readonly misbehaves: P }>["name"];

/** Whether `mode`'s row says it misbehaves at `place` (so that place's record has its entry). */
export function misbehavesAt<P extends Place>(mode: ModeName, place: P): mode is ModeAt<P> {
  return MODES.some((row) => row.name === mode && row.misbehaves === place);
}

/** The gap between the pieces of `mode`'s spread reply (its row's spread: trickle, drip). */
export function spreadGapMs(mode: ModeName): number {
  const row: Mode | undefined = MODES.find((entry) => entry.name === mode);
  if (row?.spread === undefined) throw new RangeError(`mode ${mode} does not spread its reply`);
  return row.spread.gapMs;
}

export const MODE_NAMES: readonly ModeName[] = MODES.map((mode) => mode.name);

export function isModeName(value: string): value is ModeName {
  return (MODE_NAMES as readonly string[]).includes(value);
}

/** Whether `mode`'s fault applies to a request answered in `era` (else it is answered as in normal). */
export function modeAppliesIn(mode: ModeName, era: Era): boolean {
  const row: Mode | undefined = MODES.find((entry) => entry.name === mode);
  return row?.eras.includes(era) ?? false;
}

// The shape of one row of the mode table (mode-table.ts), and of a mode's way of leaving.
import type { Era } from "./era.js";

/**
 * Where a mode misbehaves, which names the one record that must say how: "reply", its delivery of
 * the tools/call reply (DELIVERIES, faults.ts); "catalog", what tools/list advertises (CATALOGS,
 * catalog.ts); "session", the handshake or the messages around a reply (session.ts); "process", how
 * it starts and leaves (main.ts, shutdown.ts, grandchild.ts); "nothing" for normal. A row naming
 * "reply" or "catalog" does not compile until that record has its entry, and no other record lists it.
 */
export type Place = "reply" | "catalog" | "session" | "process" | "nothing";

/** One row of the table. */
export interface Mode {
  readonly name: string;
  /** Where it misbehaves (Place). */
  readonly misbehaves: Place;
  /** What the server does wrong on purpose (`--help`, docs/teaching-server.md). */
  readonly summary: string;
  /** The lesson: what a bounded client does about it, in one line (the demo, the gallery, docs/teaching-server.md). */
  readonly teaches: string;
  /**
   * How our client's one session ends (handshake, list, call word_count, one-second deadline):
   * "result", or the reason of the refusal it raises.
   */
  readonly expect: string;
  /** Shown by `mcp-workbook demo` (every mode is in the gallery). */
  readonly demo: boolean;
  /**
   * The protocol eras (`--protocol`) whose requests this mode's fault applies to. `--protocol`
   * naming no era in this list is a usage error; under `both`, a request of another era is answered
   * as in normal mode.
   */
  readonly eras: readonly Era[];
  /** The exercise whose code a client needs to meet it well; the build notebook leaves such modes out. */
  readonly exercise?: number;
  /**
   * How the server leaves when it does not leave as a correct one does (at the end of its input,
   * or dying of SIGTERM): it stays after its input ends, and SIGTERM makes it exit with status 0,
   * kills it by its default action (nothing caught), or is ignored (only SIGKILL ends it then).
   */
  readonly shutdown?: Shutdown;
  /**
   * A reply spread over time: a piece of it (a byte, a notification) every gapMs and never the
   * whole reply within a short deadline, so only one deadline for the whole call ends it; a timer
   * restarted on every read would never fire.
   */
  readonly spread?: { readonly gapMs: number };
  /** Graded by the checkpoint's failure-modes rule: the deadline the learner's client gets, and the endless mode's bytes. */
  readonly graded?: { readonly timeoutMs: number; readonly endlessBytes?: number };
}

/**
 * A mode's way of leaving (see Mode.shutdown). On SIGTERM: "dies" records it, then dies of it;
 * "default" catches nothing, so the kernel decides the ending as the signal is sent and SIGTERM
 * is how it ends even when SIGKILL follows at once; "exits" leaves with status 0; "ignored" stays.
 */
export interface Shutdown {
  readonly eof: "leaves" | "stays";
  readonly sigterm: "exits" | "dies" | "default" | "ignored";
}

/** How a correct server leaves: at the end of its input, or dying of SIGTERM. */
export const CORRECT_SHUTDOWN: Shutdown = { eof: "leaves", sigterm: "dies" };

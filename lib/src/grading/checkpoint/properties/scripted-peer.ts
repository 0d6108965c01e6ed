// A scripted peer for the client pieces (request, callTool): a ClientContext with no process
// behind it. Each message the piece sends is shown to a script, which answers with the frames the
// "server" sends back, each after its own delay; what was sent, in order, is kept for judging.
// Deadlines are real (the piece's AbortSignal), so a timed scenario runs in real time.
import { DeadlineError } from "../../../errors/deadline-error.js";
import { ClosedError } from "../../../errors/closed-error.js";
import type { McpTool } from "../../../protocol/handshake.js";
import type { ClientContext } from "../../../assembly/assembled-client.js";

/** One frame the peer sends: a message (written as JSON) or a raw line, `afterMs` after the previous one. */
export interface PeerFrame {
  readonly afterMs?: number;
  readonly frame: object | string;
}

/** What the peer answers to each message the piece sends (`sent` holds every message so far, this one last). */
export type PeerScript = (
  message: Record<string, unknown>,
  sent: readonly Record<string, unknown>[],
) => readonly PeerFrame[];

export interface PeerSettings {
  readonly timeoutMs?: number;
  readonly allowed?: readonly string[];
  /** Tool names the "server" advertised (each taking an object). */
  readonly advertised?: readonly string[];
  /** The first request id nextId() gives. */
  readonly firstId?: number;
}

export interface ScriptedPeer {
  readonly context: ClientContext;
  /** Every message the piece sent, in order. */
  readonly sent: Record<string, unknown>[];
  /** Stops the frames still scheduled. */
  dispose(): void;
}

export function scriptedPeer(script: PeerScript, settings: PeerSettings = {}): ScriptedPeer {
  const sent: Record<string, unknown>[] = [];
  const ready: Buffer[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let wake: (() => void) | undefined;
  let ended = false;
  let clock = 0; // when the last scheduled frame goes out, in ms from now
  let lastId = (settings.firstId ?? 1) - 1;
  let exit: (status: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  const deliver = (frame: object | string): void => {
    ready.push(Buffer.from(typeof frame === "string" ? frame : JSON.stringify(frame), "utf8"));
    wake?.();
  };
  const catalog = new Map<string, McpTool>(
    (settings.advertised ?? []).map((name) => [name, { name, inputSchema: { type: "object" } } as McpTool]),
  );
  const started = performance.now();
  const context: ClientContext = {
    timeoutMs: settings.timeoutMs ?? 5000,
    allowed: new Set(settings.allowed ?? []),
    catalog,
    pid: undefined,
    exited,
    nextId: () => (lastId += 1),
    send: (message) => {
      if (ended) throw new ClosedError("input-closed", { what: "the input was ended", expected: "no more writes" });
      const copy = JSON.parse(JSON.stringify(message)) as Record<string, unknown>;
      sent.push(copy);
      const now = performance.now() - started;
      clock = Math.max(clock, now);
      for (const { afterMs = 0, frame } of script(copy, sent)) {
        clock += afterMs;
        if (clock <= now) deliver(frame);
        else {
          const timer = setTimeout(() => {
            timers.delete(timer);
            deliver(frame);
          }, clock - now);
          timers.add(timer);
        }
      }
    },
    nextFrame: async (signal) => {
      for (;;) {
        const frame = ready.shift();
        if (frame !== undefined) return frame;
        if (signal.aborted)
          throw new DeadlineError("deadline", {
            what: "the operation's deadline passed",
            expected: "the reply in time",
          });
        await new Promise<void>((resolve) => {
          const done = (): void => {
            signal.removeEventListener("abort", done);
            wake = undefined;
            resolve();
          };
          wake = done;
          signal.addEventListener("abort", done, { once: true });
        });
      }
    },
    endInput: () => {
      ended = true;
      exit(0);
    },
  };
  return {
    context,
    sent,
    dispose: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

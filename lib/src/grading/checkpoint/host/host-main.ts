// The grading host: a child process that loads the implementation under test and answers the
// grader's plain-data requests. Its first stdin line names the implementation and a token that is
// new for every host (so neither is in its argv); requests follow as JSON lines. Answers leave on
// stdout, each after the token, so what the graded code prints there without it is output, which
// the grader shows and never reads as an answer. There is no extra descriptor: the host's fds are
// those of any `node script` in a pipeline. No verdict is made here: the grader judges the
// answers, with evidence it gathers itself.
import { readdirSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { answerProbe, probeError, ProbeState, type Pieces } from "../rules/answer.js";
import { exerciseTrials } from "../rules/exercise-trials.js";
import { sealReferencePieces } from "./sealed-library.js";
import { lookLikeAKernel } from "./learner-view.js";
import { cpuSince, queuedSince } from "../../trials/starvation.js";
import { beforeFirstSignal } from "./first-signal.js";
import type * as ChildBytes from "./child-bytes.js";
import type * as IdlePoint from "./idle-point.js";
import type { IdleReport, IdlePoints } from "./idle-point.js";
import type * as VirtualClockModule from "./virtual-clock.js";
import type { VirtualClock } from "./virtual-clock.js";
import type { ProbeAnswer, ProbeRequest } from "../rules/types.js";

const STDOUT_FD = 1;

function send(token: string, seq: number, answer: ProbeAnswer): void {
  let text: string;
  try {
    text = JSON.stringify({ seq, answer });
  } catch (error) {
    text = JSON.stringify({ seq, answer: { ok: false, error: probeError(error) } });
  }
  sendLine(token, text);
}

/** An idle point, for the grader that moves the virtual clock (seq 0: no request's answer). */
function sendIdle(token: string, idle: IdleReport): void {
  sendLine(token, JSON.stringify({ seq: 0, idle }));
}

function sendLine(token: string, text: string): void {
  const bytes = Buffer.from(`${token} ${text}\n`, "utf8");
  for (let written = 0; written < bytes.length;) {
    try {
      written += writeSync(STDOUT_FD, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    }
  }
}

function load(path: string): { pieces: Pieces } | { failure: ProbeAnswer } {
  try {
    const loaded = require(path) as unknown;
    if (typeof loaded !== "object" || loaded === null)
      return {
        failure: {
          ok: false,
          error: { name: "LoadError", message: `${path} exports ${typeof loaded}, not the Part B names` },
        },
      };
    return { pieces: loaded as Pieces };
  } catch (error) {
    const described = probeError(error);
    const message = `loading the implementation threw ${described.name}: ${described.message}`;
    process.stderr.write(`${message}\n`);
    // A compiled learner copy is one file per module: what loads on its own still counts, so a
    // module that throws when loaded costs only the rules that need its exports.
    const pieces = path.endsWith("index.js") ? loadEachModule(dirname(path)) : {};
    if (Object.keys(pieces).length > 0) return { pieces };
    return { failure: { ok: false, error: { name: "LoadError", message } } };
  }
}

function loadEachModule(dir: string): Pieces {
  const pieces: Record<string, unknown> = {};
  for (const file of readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".js") && name !== "index.js")
    .sort()) {
    try {
      const loaded = require(join(dir, file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(loaded)) if (!(name in pieces)) pieces[name] = value;
    } catch (error) {
      process.stderr.write(`${file} throws when loaded (${probeError(error).message}); its exports are missing\n`);
    }
  }
  return pieces;
}

function main(): void {
  // The graded code's own stray rejections are its output, never the host's end.
  process.on("unhandledRejection", (reason) =>
    process.stderr.write(`unhandled rejection in the implementation: ${String(reason)}\n`),
  );
  process.on("uncaughtException", (error) =>
    process.stderr.write(`uncaught exception in the implementation: ${error.stack ?? error.message}\n`),
  );
  let opened: { token: string; loaded: ReturnType<typeof load> } | undefined;
  let timeline: { clock: VirtualClock; points: IdlePoints } | undefined;
  let waiting = 0;
  const state = new ProbeState();
  let pending = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk: string) => {
    pending += chunk;
    for (let newline = pending.indexOf("\n"); newline !== -1; newline = pending.indexOf("\n")) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (opened === undefined) {
        const { token, implementation, sealLibrary, virtualClock } = JSON.parse(line) as {
          token: string;
          implementation: string;
          sealLibrary?: boolean;
          virtualClock?: boolean;
        };
        // A build notebook's rules (sealLibrary) run no exercise's trials; any other host loads their
        // runners now, before the virtual clock and the graded code, as a static import would.
        if (sealLibrary !== true) exerciseTrials();
        // Before the graded code loads, so a reference it keeps (timers/promises' setTimeout) is the clock's.
        if (virtualClock === true) {
          const real = { setTimeout, clearTimeout };
          // Loaded only here: the fake timers cost a host about 15 ms of CPU, and most hosts run no clock.
          const { countChildBytes } = require("./child-bytes.js") as typeof ChildBytes;
          const { idlePoints } = require("./idle-point.js") as typeof IdlePoint;
          const { installVirtualClock } = require("./virtual-clock.js") as typeof VirtualClockModule;
          const bytes = countChildBytes();
          const clock = installVirtualClock();
          const points = idlePoints(
            clock,
            bytes,
            () => waiting > 0,
            (idle) => sendIdle(token, idle),
            real,
          );
          timeline = { clock, points };
        }
        if (sealLibrary === true) {
          sealReferencePieces();
          // A build cell with an import compiles to CommonJS; in the kernel require and exports are
          // defined for it, so here too: its import then reaches the sealed library and says so.
          Object.assign(globalThis, { require, exports: {} });
        }
        lookLikeAKernel();
        opened = { token, loaded: load(implementation) };
        continue;
      }
      const { token, loaded } = opened;
      const message = JSON.parse(line) as
        { seq: number; request: ProbeRequest } | { advance: { epoch: number; to: number; limit: number | null } };
      if ("advance" in message) {
        timeline?.points.advance(message.advance.epoch, message.advance.to, message.advance.limit ?? Infinity);
        continue;
      }
      const { seq, request } = message;
      if ("failure" in loaded) {
        send(token, seq, loaded.failure);
        continue;
      }
      // Each answer says how long this process waited for a CPU and how much CPU it used while it
      // was being made, and, when the call ended a child's input and then signalled it, the wait it
      // made in between (host/first-signal.ts), and how the child whose input it ended really ended.
      const queued = queuedSince();
      const cpu = cpuSince();
      const clock = timeline?.clock;
      const watch = beforeFirstSignal(clock && ((): number => clock.now()));
      const from = timeline && { ms: timeline.clock.now(), advances: timeline.points.advances() };
      waiting += 1;
      timeline?.points.wake();
      void answerProbe(loaded.pieces, state, request).then((answer) => {
        waiting -= 1;
        const { graceMs, graceOnClockMs, endedChild } = watch();
        send(token, seq, {
          ...answer,
          starvedMs: queued(),
          cpuMs: cpu(),
          ...(graceMs === undefined ? {} : { graceBeforeSignalMs: graceMs }),
          ...(graceOnClockMs === undefined ? {} : { graceOnClockMs }),
          ...(endedChild === undefined ? {} : { inputEndedChildEnd: endedChild }),
          ...(timeline && from
            ? {
                virtual: {
                  fromMs: from.ms,
                  toMs: timeline.clock.now(),
                  advances: timeline.points.advances() - from.advances,
                },
              }
            : {}),
        });
      });
    }
  });
  process.stdin.on("end", () => process.exit(0));
}

main();

// Exercise 5 as the chapter sets it: the learner writes the table of outstanding ids. Their
// countInFlight(context, texts) sends every request before reading any reply, binds each reply
// to its request by id, and refuses a reply that answers nothing it is waiting for. The check
// runs it against the live "reverse" server (replies swapped) and against scripted replies. Each
// run is plain data (runInFlightTrial), so the checkpoint runs the learner's exercise5 in its host
// and judges with this same check (judgeOutstandingTable).
import type { CheckResult } from "../../grading/trials/harness.js";
import { teachingServerCommand } from "../../client/teaching-server.js";
import { DeadlineError } from "../../errors/deadline-error.js";
import { SETUP_DEADLINE_MS } from "../../grading/trials/stall.js";
import type { WorkbookError } from "../../errors/workbook-error.js";
import type { ClientContext } from "../../assembly/assembled-client.js";
import { readyContextClient } from "../../assembly/reference-pieces.js";
import { notYet, runExerciseCheck, type VerdictStyle } from "../exercise-harness.js";
import { IN_FLIGHT_TEXTS } from "./texts.js";
import { judgeStreams } from "./judge-streams.js";
import type { ScriptedFrame } from "./streams.js";
import { shown } from "../compare.js";
import type { InFlightOutcome, InFlightTrial } from "./trial-types.js";

export type { InFlightOutcome, InFlightTrial } from "./trial-types.js";

/** What the learner writes for exercise 5. */
export type CountInFlightOver = (context: ClientContext, texts: readonly string[]) => Promise<readonly unknown[]>;

/** Shorter than the reverse server's two-second hold on a lone reply. */
const DEADLINE_MS = 1000;

const reply = (id: number, text: string): object => ({
  jsonrpc: "2.0",
  id,
  result: { content: [{ type: "text", text }] },
});

/** How long a scripted trial waits on a read no deadline ends, in deadlines, before the check stops it. */
const STOP_AFTER_DEADLINES = 3;

/** The name of the error a scripted trial ends a read with when nothing else would have. */
export const STOPPED_BY_CHECK = "StoppedByCheck";

/**
 * A context whose server is a script: each request sent is recorded; `frames(ids)` says what comes
 * back and when (ms after the context is made). A read returns a frame that has arrived, else waits
 * for the next one or for its signal, as the real client's does; a read that nothing ends is
 * stopped by the check after a few deadlines, so a function with no deadline still ends.
 */
function scriptedContext(
  frames: (sent: number[]) => Array<{ at: number; body: object }>,
  timeoutMs: number,
): { context: ClientContext; sent: object[] } {
  const sent: object[] = [];
  const ids: number[] = [];
  const started = performance.now();
  let queue: Array<{ at: number; body: object }> | undefined;
  let next = 0;
  const context: ClientContext = {
    timeoutMs,
    allowed: new Set(["word_count"]),
    catalog: new Map(),
    pid: undefined,
    exited: Promise.resolve(0),
    nextId: () => (next += 1),
    send: (message) => {
      sent.push(message);
      const id = (message as { id?: unknown }).id;
      if (typeof id === "number") ids.push(id);
    },
    nextFrame: async (signal) => {
      queue ??= frames(ids);
      const frame = queue[0];
      const now = performance.now() - started;
      if (frame !== undefined && frame.at <= now) {
        queue.shift();
        return Buffer.from(JSON.stringify(frame.body));
      }
      if (signal.aborted) throw new DeadlineError("deadline", { what: "no further reply came in time" });
      const waitMs = frame !== undefined ? frame.at - now : timeoutMs * STOP_AFTER_DEADLINES;
      const arrived = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(true), waitMs);
        signal.addEventListener(
          "abort",
          () => {
            clearTimeout(timer);
            resolve(false);
          },
          { once: true },
        );
      });
      // A stalled event loop runs late timers out of order (Node keeps one list per duration), so
      // the learner's deadline can fire before a reply timer that was due earlier: a reply that is
      // due by now is delivered first, as it is when a read begins.
      if (!arrived && !(frame !== undefined && frame.at <= performance.now() - started))
        throw new DeadlineError("deadline", { what: "no further reply came in time" });
      if (frame === undefined) {
        const stopped = new Error(`the check stopped a read that no deadline ended, after ${Math.round(waitMs)} ms`);
        stopped.name = STOPPED_BY_CHECK;
        throw stopped;
      }
      queue.shift();
      return Buffer.from(JSON.stringify(frame.body));
    },
    endInput: () => undefined,
  };
  return { context, sent };
}

/** Runs the learner's function on one trial, in this process; never throws; no server outlives it. */
export async function runInFlightTrial(countInFlight: unknown, trial: InFlightTrial): Promise<InFlightOutcome> {
  let started = performance.now();
  const ms = (): number => Math.round(performance.now() - started);
  let client: Awaited<ReturnType<typeof readyContextClient>> | undefined;
  try {
    if (typeof countInFlight !== "function")
      throw new TypeError(`expected a function (context, texts) => Promise<answers>; got ${typeof countInFlight}`);
    let context: ClientContext;
    if ("command" in trial) {
      // The handshake is set-up, not the exercise: it gets a roomy deadline of its own, and the
      // learner's function gets DEADLINE_MS from the moment it is called.
      client = await readyContextClient(trial.command, { allowed: ["word_count"], timeoutMs: SETUP_DEADLINE_MS });
      context = { ...client.context, timeoutMs: DEADLINE_MS };
      started = performance.now();
    } else {
      context = scriptedContext(
        (ids) =>
          trial.replies.map((each) => ({
            at: each.atMs ?? 0,
            body:
              "notice" in each
                ? { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: each.notice } }
                : reply("id" in each ? each.id : ids[each.request]!, each.text),
          })),
        trial.timeoutMs ?? DEADLINE_MS,
      ).context;
    }
    const texts = "replies" in trial ? (trial.texts ?? IN_FLIGHT_TEXTS) : IN_FLIGHT_TEXTS;
    const answers = await (countInFlight as CountInFlightOver)(context, texts);
    return {
      answers: Array.isArray(answers)
        ? answers.map((answer) =>
            typeof answer === "object" && answer !== null ? JSON.stringify(answer) : String(answer),
          )
        : shown(answers),
      ms: ms(),
    };
  } catch (error) {
    // Read by shape, not by class: the learner's copy of the library may not be this one.
    const reason = error instanceof Error ? (error as Partial<WorkbookError>).reason : undefined;
    const workbook = typeof reason === "string";
    return {
      error: {
        name: error instanceof Error ? error.name : typeof error,
        message: error instanceof Error ? error.message : String(error),
        workbook,
        ...(reason !== undefined ? { reason } : {}),
      },
      ms: ms(),
    };
  } finally {
    await client?.close().catch(() => undefined);
  }
}

/** Runs a trial somewhere (in this process, or in the checkpoint's host) and hands back its outcome. */
export type InFlightTrialRunner = (trial: InFlightTrial) => Promise<InFlightOutcome>;

const said = (outcome: InFlightOutcome): string => `${outcome.error?.name}: ${outcome.error?.message}`;

function outstandingSpec(
  run: InFlightTrialRunner,
  reverseServer: () => readonly string[],
  seed: number,
): Parameters<typeof runExerciseCheck>[0] {
  return {
    name: "exercise 5: two requests in flight",
    title: "both requests in flight at once, each reply bound to its own id, a stray reply refused",
    deadlineMs: 20_000,
    body: async (context) => {
      const expected = IN_FLIGHT_TEXTS.map((text) => String(text.split(/\s+/u).length));
      const live = await context.within(8000, "your function", () => run({ command: reverseServer() }));
      if (live.error !== undefined) {
        const late = live.error.workbook && live.error.reason === "deadline";
        notYet(
          `against the "reverse" server your function failed after ${live.ms} ms: ${said(live)}. ` +
            (late
              ? `The server holds a lone reply for 2 s and the deadline is ${DEADLINE_MS} ms: waiting for one reply before sending the next request cannot finish. Hint: send every request first, then read.`
              : "Hint: send every request first, remember each id, then read until every id has its reply."),
        );
      }
      if (JSON.stringify(live.answers) === JSON.stringify([...expected].reverse())) {
        notYet(
          `reversed: the "reverse" server answers the second request first, and your answers came back as ${JSON.stringify(live.answers)}, in arrival order; expected ${JSON.stringify(expected)}, in the order asked. Hint: an answer belongs to the request whose id it carries, not to the one that happens to be next.`,
        );
      }
      if (JSON.stringify(live.answers) !== JSON.stringify(expected))
        notYet(`expected the word counts ${JSON.stringify(expected)}, in the order asked; got ${shown(live.answers)}.`);

      // A reply for an id that was never sent (or was answered already) must be refused, not taken for a missing one.
      for (const [label, replies] of [
        [
          "a reply for id 7, never sent",
          [
            { request: 1, text: "5" },
            { id: 7, text: "7" },
            { request: 0, text: "1" },
          ],
        ],
        [
          "a second reply for the same id",
          [
            { request: 0, text: "1" },
            { request: 0, text: "1" },
            { request: 1, text: "5" },
          ],
        ],
      ] as const) {
        const scripted = await context.within(3000, "your function", () => run({ replies }));
        if (scripted.error === undefined)
          notYet(
            `${label}: your function returned ${shown(scripted.answers)}; a reply that answers nothing you are waiting for means the stream is confused, and must be refused.`,
          );
        if (!scripted.error.workbook || scripted.error.reason === "deadline")
          notYet(
            `${label}: expected a refusal (a ProtocolError, say) as soon as it arrives; got ${said(scripted)}. Hint: a reply is welcome only for an id still in your table; take it out once answered.`,
          );
      }
      const generated = await judgeStreams(run, seed, (what, work) => context.within(5000, what, work));
      return `answers ${JSON.stringify(expected)} in the order asked though the server replied in reverse; a stray id and a second reply refused; ${generated}`;
    },
  };
}

/**
 * Exercise 5's one check, wherever the learner's function runs: `run` executes a trial with it and
 * returns plain data; this judges only that data. `reverseServer` gives the argv of a fresh
 * "reverse" teaching server (the checkpoint's is logged in the rule's folder).
 */
export function judgeOutstandingTable(
  run: InFlightTrialRunner,
  reverseServer: () => readonly string[],
  seed: number,
  style: VerdictStyle = "learner",
): Promise<CheckResult> {
  return runExerciseCheck(outstandingSpec(run, reverseServer, seed), style);
}

/** Exercise 5 in the notebook: the learner's outstanding-id table, run here, live against the reverse server and against scripted replies. */
export function checkOutstandingTable(countInFlight: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  if (typeof countInFlight !== "function")
    return runExerciseCheck(
      {
        name: "exercise 5: two requests in flight",
        title: "",
        deadlineMs: 1000,
        body: () => notYet(`expected a function (context, texts) => Promise<answers>; got ${shown(countInFlight)}.`),
      },
      style,
    );
  return judgeOutstandingTable(
    (trial) => runInFlightTrial(countInFlight, trial),
    () => teachingServerCommand("reverse"),
    0,
    style,
  );
}

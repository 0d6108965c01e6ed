// Exercise 5 as the chapter sets it: the learner writes the table of outstanding ids. Their
// countInFlight(context, texts) sends every request before reading any reply, binds each reply
// to its request by id, and refuses a reply that answers nothing it is waiting for. The check
// runs it against the live "reverse" server (replies swapped) and against scripted replies. Each
// run is plain data (runInFlightTrial), so the checkpoint runs the learner's exercise5 in its host
// and judges with this same check (judgeOutstandingTable).
import type { CheckResult } from "../../checkpoint/harness.js";
import { teachingServerCommand } from "../../client/teaching-server.js";
import { DeadlineError } from "../../errors/deadline-error.js";
import { WorkbookError } from "../../errors/workbook-error.js";
import type { ClientContext } from "../../pieces/assembled-client.js";
import { readyContextClient } from "../../pieces/reference-pieces.js";
import { notYet, runExerciseCheck, type VerdictStyle } from "../exercise-harness.js";
import { IN_FLIGHT_TEXTS } from "./texts.js";
import { shown } from "../compare.js";

/** What the learner writes for exercise 5. */
export type CountInFlightOver = (context: ClientContext, texts: readonly string[]) => Promise<readonly unknown[]>;

/** Shorter than the reverse server's two-second hold on a lone reply. */
const DEADLINE_MS = 1000;

/** A context whose server is a script: each request sent is recorded; `replies(ids)` decides what comes back. */
function scriptedContext(replies: (sent: number[]) => object[]): { context: ClientContext; sent: object[] } {
  const sent: object[] = [];
  const ids: number[] = [];
  let queue: Buffer[] | undefined;
  let next = 0;
  const context: ClientContext = {
    timeoutMs: DEADLINE_MS,
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
      queue ??= replies(ids).map((reply) => Buffer.from(JSON.stringify(reply)));
      const frame = queue.shift();
      if (frame !== undefined) return frame;
      await new Promise<void>((resolve) =>
        signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true }),
      );
      throw new DeadlineError("deadline", { what: "no further reply came" });
    },
    endInput: () => undefined,
  };
  return { context, sent };
}

const reply = (id: number, text: string): object => ({
  jsonrpc: "2.0",
  id,
  result: { content: [{ type: "text", text }] },
});

/**
 * One run of the learner's function, as plain data, so it runs where the learner's code lives (the
 * notebook's kernel, the checkpoint's host) and is judged elsewhere: a live server's argv, or a
 * script of replies, each for the i-th request sent (`request`) or for a literal id (`id`).
 */
export type InFlightTrial =
  | { readonly command: readonly string[] }
  | {
      readonly replies: ReadonlyArray<
        { readonly request: number; readonly text: string } | { readonly id: number; readonly text: string }
      >;
    };

/** What one trial gave: the answers or the error (its class, reason, and whether it is one of ours), and the time it took. */
export interface InFlightOutcome {
  readonly answers?: unknown;
  readonly error?: {
    readonly name: string;
    readonly message: string;
    readonly reason?: string;
    readonly workbook: boolean;
  };
  readonly ms: number;
}

/** Runs the learner's function on one trial, in this process; never throws; no server outlives it. */
export async function runInFlightTrial(countInFlight: unknown, trial: InFlightTrial): Promise<InFlightOutcome> {
  const started = performance.now();
  const ms = (): number => Math.round(performance.now() - started);
  let client: Awaited<ReturnType<typeof readyContextClient>> | undefined;
  try {
    if (typeof countInFlight !== "function")
      throw new TypeError(`expected a function (context, texts) => Promise<answers>; got ${typeof countInFlight}`);
    let context: ClientContext;
    if ("command" in trial) {
      client = await readyContextClient(trial.command, { allowed: ["word_count"], timeoutMs: DEADLINE_MS });
      context = client.context;
    } else {
      context = scriptedContext((ids) =>
        trial.replies.map((each) => reply("id" in each ? each.id : ids[each.request]!, each.text)),
      ).context;
    }
    const answers = await (countInFlight as CountInFlightOver)(context, IN_FLIGHT_TEXTS);
    return {
      answers: Array.isArray(answers)
        ? answers.map((answer) =>
            typeof answer === "object" && answer !== null ? JSON.stringify(answer) : String(answer),
          )
        : shown(answers),
      ms: ms(),
    };
  } catch (error) {
    const workbook = error instanceof WorkbookError;
    const reason = workbook ? (error as WorkbookError).reason : undefined;
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
      return `answers ${JSON.stringify(expected)} in the order asked though the server replied in reverse; a stray id and a second reply refused`;
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
  style: VerdictStyle = "learner",
): Promise<CheckResult> {
  return runExerciseCheck(outstandingSpec(run, reverseServer), style);
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
    style,
  );
}

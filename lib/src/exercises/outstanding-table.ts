// Exercise 5 as the chapter sets it: the learner writes the table of outstanding ids. Their
// countInFlight(context, texts) sends every request before reading any reply, binds each reply
// to its request by id, and refuses a reply that answers nothing it is waiting for. The check
// runs it against the live "reverse" server (replies swapped) and against scripted replies.
import type { CheckResult } from "../checkpoint/harness.js";
import { describeError } from "../checkpoint/harness.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { DeadlineError } from "../protocol/errors/deadline-error.js";
import { WorkbookError } from "../protocol/errors/workbook-error.js";
import type { ClientContext } from "../pieces/assembled-client.js";
import { readyContextClient } from "../pieces/reference-pieces.js";
import { notYet, runExerciseCheck, type VerdictStyle } from "./exercise-harness.js";
import { IN_FLIGHT_TEXTS } from "./checks.js";
import { shown } from "./compare.js";

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
    timeoutMs: DEADLINE_MS, allowed: new Set(["word_count"]), catalog: new Map(), pid: undefined, exited: Promise.resolve(0),
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
      await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));
      throw new DeadlineError("deadline", { what: "no further reply came" });
    },
    endInput: () => undefined,
  };
  return { context, sent };
}

const reply = (id: number, text: string): object => ({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }] } });

function outstandingSpec(countInFlight: unknown): Parameters<typeof runExerciseCheck>[0] {
  return {
    name: "exercise 5: two requests in flight",
    title: "both requests in flight at once, each reply bound to its own id, a stray reply refused",
    deadlineMs: 20_000,
    body: async (context) => {
      if (typeof countInFlight !== "function") notYet(`expected a function (context, texts) => Promise<answers>; got ${shown(countInFlight)}.`);
      const run = countInFlight as CountInFlightOver;
      const client = context.track(await readyContextClient(teachingServerCommand("reverse"), { allowed: ["word_count"], timeoutMs: DEADLINE_MS }));
      const expected = IN_FLIGHT_TEXTS.map((text) => String(text.split(/\s+/u).length));
      try {
        const started = performance.now();
        let answers: unknown;
        try {
          answers = await context.within(8000, "your function", () => run(client.context, IN_FLIGHT_TEXTS));
        } catch (error) {
          const late = error instanceof WorkbookError && error.reason === "deadline";
          notYet(
            `against the "reverse" server your function failed after ${Math.round(performance.now() - started)} ms: ${describeError(error)}. ` +
              (late ? `The server holds a lone reply for 2 s and the deadline is ${DEADLINE_MS} ms: waiting for one reply before sending the next request cannot finish. Hint: send every request first, then read.` : "Hint: send every request first, remember each id, then read until every id has its reply."),
          );
        }
        const texts = Array.isArray(answers) ? answers.map(String) : answers;
        if (JSON.stringify(texts) === JSON.stringify([...expected].reverse())) {
          notYet(`reversed: the "reverse" server answers the second request first, and your answers came back as ${JSON.stringify(texts)}, in arrival order; expected ${JSON.stringify(expected)}, in the order asked. Hint: an answer belongs to the request whose id it carries, not to the one that happens to be next.`);
        }
        if (JSON.stringify(texts) !== JSON.stringify(expected)) notYet(`expected the word counts ${JSON.stringify(expected)}, in the order asked; got ${shown(answers)}.`);
      } finally {
        await client.close();
      }

      // A reply for an id that was never sent (or was answered already) must be refused, not taken for a missing one.
      for (const [label, replies] of [
        ["a reply for id 7, never sent", (ids: number[]) => [reply(ids[1]!, "5"), reply(7, "7"), reply(ids[0]!, "1")]],
        ["a second reply for the same id", (ids: number[]) => [reply(ids[0]!, "1"), reply(ids[0]!, "1"), reply(ids[1]!, "5")]],
      ] as const) {
        const scripted = scriptedContext(replies);
        let outcome: unknown;
        try {
          outcome = await context.within(3000, "your function", () => run(scripted.context, IN_FLIGHT_TEXTS));
        } catch (error) {
          if (error instanceof WorkbookError && error.reason !== "deadline") continue;
          notYet(`${label}: expected a refusal (a ProtocolError, say) as soon as it arrives; got ${describeError(error)}. Hint: a reply is welcome only for an id still in your table; take it out once answered.`);
        }
        notYet(`${label}: your function returned ${shown(outcome)}; a reply that answers nothing you are waiting for means the stream is confused, and must be refused.`);
      }
      return `answers ${JSON.stringify(expected)} in the order asked though the server replied in reverse; a stray id and a second reply refused`;
    },
  };
}

/** Exercise 5: the learner's outstanding-id table, live against the reverse server and against scripted replies. */
export function checkOutstandingTable(countInFlight: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(outstandingSpec(countInFlight), style);
}

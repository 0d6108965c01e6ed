// Exercise 5's property: on every generated stream, the learner's table does what the rule says.
// It returns the answers in the order asked, or refuses a stray reply as a ProtocolError with
// reason "wrong-id", or gives up at the batch's one deadline (DeadlineError, reason "deadline").
// The first stream it gets wrong is the verdict, with what came, what was expected and the idea.
import { shown } from "../compare.js";
import { notYet } from "../exercise-harness.js";
import type { InFlightOutcome, InFlightTrial } from "./trial-types.js";
import { inFlightStreams, type InFlightStream } from "./streams.js";

type Runner = (trial: InFlightTrial) => Promise<InFlightOutcome>;

const said = (outcome: InFlightOutcome): string =>
  outcome.error === undefined
    ? `returned ${shown(outcome.answers)}`
    : `${outcome.error.name}${outcome.error.reason === undefined ? "" : ` (${outcome.error.reason})`}: ${outcome.error.message}`;

/** Why `got` breaks the rule on `stream`, or undefined when it keeps it. */
export function streamMismatch(stream: InFlightStream, got: InFlightOutcome): string | undefined {
  const want = stream.expect;
  if ("answers" in want) {
    if (got.error !== undefined)
      return `expected the answers ${JSON.stringify(want.answers)}; your function said ${said(got)} after ${got.ms} ms`;
    if (JSON.stringify(got.answers) !== JSON.stringify(want.answers))
      return `expected ${JSON.stringify(want.answers)}, in the order asked; got ${shown(got.answers)}`;
    return undefined;
  }
  if (got.error === undefined)
    return `your function ${said(got)} after ${got.ms} ms; expected a refusal, ${want.refusal} with reason "${want.reason}"`;
  if (got.error.name !== want.refusal || got.error.reason !== want.reason)
    return `expected ${want.refusal} with reason "${want.reason}"; your function said ${said(got)} after ${got.ms} ms`;
  return undefined;
}

/** Runs every stream of `seed` through the learner's function; fails on the first it gets wrong. */
export async function judgeStreams(
  run: Runner,
  seed: number,
  within: (what: string, work: () => Promise<InFlightOutcome>) => Promise<InFlightOutcome>,
): Promise<string> {
  const streams = inFlightStreams(seed);
  for (const stream of streams) {
    const got = await within(`your function on ${stream.label}`, () =>
      run({ replies: stream.frames, texts: stream.texts, timeoutMs: stream.timeoutMs }),
    );
    const wrong = streamMismatch(stream, got);
    if (wrong !== undefined) notYet(`on ${stream.label}: ${wrong}. Hint: ${stream.hint}`);
  }
  return `${streams.length} generated reply streams (orders, strays, one deadline) kept`;
}

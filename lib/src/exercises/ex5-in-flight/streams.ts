// Exercise 5's generated inputs: what a server could send back to a batch of word_count calls.
// Replies in every order, notifications between them, a reply for an id never sent or a second
// reply for one already answered, and replies that trickle or drip in against the batch's one
// deadline. Each stream says what the rule expects of it, worked out from the stream alone: the
// answers in the order asked, a refusal of the stray reply, or the deadline. fast-check draws the
// texts, the orders and where the strays fall, seeded by the check's seed.
import fc from "fast-check";
import { seededDraw } from "../seeded-draw.js";

/** One frame the scripted server sends, `atMs` after the batch starts (0: at once). */
export type ScriptedFrame =
  | { readonly request: number; readonly text: string; readonly atMs?: number }
  | { readonly id: number; readonly text: string; readonly atMs?: number }
  | { readonly notice: string; readonly atMs?: number };

/** What the rule expects: the answers, or a refusal with this class and reason. */
export type InFlightExpectation =
  | { readonly answers: readonly string[] }
  | { readonly refusal: "ProtocolError"; readonly reason: "wrong-id" }
  | { readonly refusal: "DeadlineError"; readonly reason: "deadline" };

export interface InFlightStream {
  readonly label: string;
  readonly texts: readonly string[];
  /** The deadline the function is given (context.timeoutMs). */
  readonly timeoutMs: number;
  readonly frames: readonly ScriptedFrame[];
  readonly expect: InFlightExpectation;
  /** The idea this stream tests, for the verdict's hint. */
  readonly hint: string;
}

/** The deadline of the timed streams: long enough that the machine's load does not blur the margins. */
export const TIMED_DEADLINE_MS = 500;

const WORDS = ["vanilla", "mint", "chip", "cookie", "dough", "pistachio", "waffle", "cone", "cherry", "scoop"];

export const STREAM_HINTS = {
  order:
    "an answer belongs to the request whose id it carries: keep a table from each id you sent to its place, and fill the answers by id.",
  notice: "a message with a method is a notification; it answers no request, so read on.",
  stray:
    "a reply is welcome only for an id still in your table, and leaves it once answered; any other reply means the stream is confused: refuse it at once.",
  trickle:
    "the batch has one deadline, set before the first read and shared by every read: a fresh one for each read lets replies that trickle in keep it waiting for ever.",
  silence:
    "every read must be bounded by the batch's deadline: a read with none waits for ever when the server goes quiet.",
  inTime: "replies that arrive before the deadline, in any order, are the batch's answers: do not give up early.",
} as const;

const count = (text: string): string => String(text.split(/\s+/u).length);

/** The streams for `seed`: drawn orders and strays, then the timed ones. */
export function inFlightStreams(seed: number): InFlightStream[] {
  const draw = seededDraw(seed);
  const textsOf = (size: number): string[] => {
    // Distinct word counts, so answers in the wrong place show.
    const counts = draw(fc.shuffledSubarray([1, 2, 3, 4, 5], { minLength: size, maxLength: size }));
    return counts.map((words) =>
      draw(fc.array(fc.constantFrom(...WORDS), { minLength: words, maxLength: words })).join(" "),
    );
  };
  const streams: InFlightStream[] = [];
  const untimed = 1000;
  for (let index = 0; index < 4; index += 1) {
    const texts = textsOf(draw(fc.integer({ min: 2, max: 4 })));
    const order = draw(fc.shuffledSubarray([...texts.keys()], { minLength: texts.length, maxLength: texts.length }));
    const replies: ScriptedFrame[] = order.map((request) => ({ request, text: count(texts[request]!) }));
    const noticeAt = draw(fc.integer({ min: 0, max: replies.length - 1 }));
    const frames = [...replies.slice(0, noticeAt), { notice: "working" }, ...replies.slice(noticeAt)];
    streams.push({
      label: `${texts.length} texts ${JSON.stringify(texts)}, replies in the order ${order.map((k) => k + 1).join(", ")} with a notification among them`,
      texts,
      timeoutMs: untimed,
      frames,
      expect: { answers: texts.map(count) },
      hint: order.every((k, position) => k === position) ? STREAM_HINTS.notice : STREAM_HINTS.order,
    });
  }
  for (const kind of ["never sent", "answered already"] as const) {
    const texts = textsOf(draw(fc.integer({ min: 2, max: 4 })));
    const order = draw(fc.shuffledSubarray([...texts.keys()], { minLength: texts.length, maxLength: texts.length }));
    const replies: ScriptedFrame[] = order.map((request) => ({ request, text: count(texts[request]!) }));
    // Before the last reply the batch needs, so a function that is still reading meets it.
    const at = draw(fc.integer({ min: kind === "never sent" ? 0 : 1, max: replies.length - 1 }));
    const stray: ScriptedFrame =
      kind === "never sent"
        ? { id: draw(fc.integer({ min: 50, max: 999 })), text: "7" }
        : { request: order[draw(fc.integer({ min: 0, max: at - 1 }))]!, text: "9" };
    const strayText =
      "id" in stray
        ? `a reply for id ${stray.id}, never sent`
        : `a second reply for request ${"request" in stray ? stray.request + 1 : 0}`;
    streams.push({
      label: `${texts.length} texts, ${strayText}, after ${at} of the replies`,
      texts,
      timeoutMs: untimed,
      frames: [...replies.slice(0, at), stray, ...replies.slice(at)],
      expect: { refusal: "ProtocolError", reason: "wrong-id" },
      hint: STREAM_HINTS.stray,
    });
  }

  // Against one deadline: replies that trickle in (each within a deadline of the one before, the
  // later ones past the batch's), a drip and then silence, and a slow batch that still makes it.
  const deadline = TIMED_DEADLINE_MS;
  const two = textsOf(2);
  const first = draw(fc.integer({ min: 0, max: 1 }));
  streams.push({
    label: `2 texts, one reply after ${Math.round(deadline * 0.3)} ms and then silence, against a ${deadline} ms deadline`,
    texts: two,
    timeoutMs: deadline,
    frames: [{ request: first, text: count(two[first]!), atMs: Math.round(deadline * 0.3) }],
    expect: { refusal: "DeadlineError", reason: "deadline" },
    hint: STREAM_HINTS.silence,
  });
  const three = textsOf(3);
  const trickleOrder = draw(fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }));
  streams.push({
    label: `3 texts whose replies trickle in ${Math.round(deadline * 0.65)} ms apart, against a ${deadline} ms deadline for the batch`,
    texts: three,
    timeoutMs: deadline,
    frames: trickleOrder.map((request, k) => ({
      request,
      text: count(three[request]!),
      atMs: Math.round(deadline * 0.65 * (k + 1)),
    })),
    expect: { refusal: "DeadlineError", reason: "deadline" },
    hint: STREAM_HINTS.trickle,
  });
  streams.push({
    label: `2 texts whose replies come back to front, after ${Math.round(deadline * 0.2)} and ${Math.round(deadline * 0.4)} ms, within a ${deadline} ms deadline`,
    texts: two,
    timeoutMs: deadline,
    frames: [
      { request: 1, text: count(two[1]!), atMs: Math.round(deadline * 0.2) },
      { request: 0, text: count(two[0]!), atMs: Math.round(deadline * 0.4) },
    ],
    expect: { answers: two.map(count) },
    hint: STREAM_HINTS.inTime,
  });
  return streams;
}

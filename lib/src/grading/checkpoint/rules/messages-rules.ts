// Rules of messages and identity: what requestMessage and notificationMessage build, which reply
// answers a request (exact type and value), and that an error reply is raised, never returned.
import { FREE_CHOICES } from "./free-choices.js";
import { isDeepStrictEqual } from "node:util";
import { JSON_RPC_ERRORS } from "../../../protocol/constants.js";
import { refusal, valueOf } from "./expect.js";
import { seededInt } from "../../trials/seeded.js";
import { failRule, type ObservedRule, type Rule } from "./types.js";
import { fromWire, showWire } from "./wire.js";
import { ruleProperty } from "../properties/properties.js";

export const messagesShape: ObservedRule = {
  id: "messages-shape",
  observation: 1,
  seeded: true,
  title: "requestMessage carries an id and params; notificationMessage carries no id",
  points: 1,
  needs: ["requestMessage", "notificationMessage"],
  pieces: ["requestMessage", "notificationMessage"],
  dependsOn: [],
  visibility: "visible",
  where: "learner/src/messages.ts: requestMessage, notificationMessage",
  demands: [
    {
      says: 'A request carries jsonrpc "2.0", its id exactly as given (any id a counter reaches, 0 to 2^53 - 1), a method and its params as given, whatever they hold (NaN, -0, undefined, a bigint, a Date): refusing what JSON cannot write is encodeFrame\'s.',
      chapterLines: [196, 200, 201, 202],
    },
    {
      says: "A notification carries a method and no id, and params only when it has some.",
      chapterLines: [196, 205, 206, 207, 208, 209, 210],
    },
    {
      says: "Each call builds a message of its own, with or without params: changing, at any depth, what one call returned never changes what another call returns or returned.",
      chapterLines: [196, 200, 201, 202, 205, 206, 207, 208, 209, 210],
    },
  ],
  freeChoices: [FREE_CHOICES.keyOrder],
  deadlineMs: 10_000,
  body: async (context) => {
    const id = seededInt(context.seed, "request-id", 1, 900);
    const request = valueOf(
      await context.ask({ op: "call", fn: "requestMessage", args: [id, "tools/list"] }),
      `requestMessage(${id}, "tools/list")`,
      "a request object",
    );
    const wanted = { jsonrpc: "2.0", id, method: "tools/list", params: {} };
    if (!isDeepStrictEqual(request, wanted))
      failRule(`requestMessage(${id}, "tools/list")`, JSON.stringify(wanted), showWire(request));
    const note = valueOf(
      await context.ask({ op: "call", fn: "notificationMessage", args: ["notifications/initialized"] }),
      'notificationMessage("notifications/initialized")',
      "a notification object",
    );
    const wantedNote = { jsonrpc: "2.0", method: "notifications/initialized" };
    if (!isDeepStrictEqual(note, wantedNote))
      failRule(
        'notificationMessage("notifications/initialized")',
        `${JSON.stringify(wantedNote)} (no id: nobody answers a notification)`,
        showWire(note),
      );
    return ruleProperty(context, "messages-shape");
  },
};

/** The chapter's None as a piece writes it: null, or undefined (a free choice). */
const answersNothing = (value: unknown): boolean => {
  const nothing = fromWire(value);
  return nothing === null || nothing === undefined;
};

export const idsExact: ObservedRule = {
  id: "ids-exact",
  observation: 1,
  seeded: true,
  title: "a reply answers a request only when its id has the same type and value",
  points: 2,
  needs: ["answerFor"],
  pieces: ["answerFor"],
  dependsOn: [],
  visibility: "visible",
  where: "learner/src/messages.ts: answerFor (compare with typeof and ===, never == or Number())",
  demands: [
    {
      says: "The id is the only thing that ties a reply to its request: a reply answers only the request whose id it carries, whatever id the counter reached (0 to 2^53 - 1).",
      chapterLines: [196, 198],
    },
    {
      says: "A reply labelled with another id is refused, never set aside or accepted.",
      chapterLines: [198, 216, 217, 222, 223],
    },
    {
      says: 'Ids are compared by type first and only then by value: true, "1" or 1.5 never answer request 1.',
      chapterLines: [22, 249, 260],
    },
    { says: "A notification answers no request: it is skipped.", chapterLines: [216, 220, 221, 245] },
    {
      says: "The result handed back is the one this reply carries, whatever its shape (_meta, members named like what every object has): nothing of it is shared with what another call returns.",
      chapterLines: [198, 227, 228, 229, 230],
    },
  ],
  freeChoices: [
    FREE_CHOICES.stringIds,
    FREE_CHOICES.idsFromZero,
    FREE_CHOICES.answerForRefusesRequests,
    FREE_CHOICES.noAnswerUndefined,
    FREE_CHOICES.wording,
  ],
  deadlineMs: 10_000,
  body: async (context) => {
    const id = seededInt(context.seed, "answer-id", 1, 900);
    const result = { ok: true };
    const answered = valueOf(
      await context.ask({ op: "call", fn: "answerFor", args: [id, { jsonrpc: "2.0", id, result }] }),
      `answerFor(${id}, the reply with id ${id})`,
      "its result",
    );
    if (!isDeepStrictEqual(answered, result))
      failRule(`answerFor(${id}, the reply with id ${id})`, JSON.stringify(result), showWire(answered));
    const note = valueOf(
      await context.ask({
        op: "call",
        fn: "answerFor",
        args: [id, { jsonrpc: "2.0", method: "notifications/progress", params: {} }],
      }),
      `answerFor(${id}, a notification)`,
      "null",
    );
    if (!answersNothing(note))
      failRule(
        `answerFor(${id}, a notification)`,
        "null or undefined (a message with a method answers no request)",
        showWire(note),
      );
    const traps: ReadonlyArray<readonly [unknown, string]> = [
      [true, "true (a boolean; == lets true answer request 1)"],
      [String(id), `"${id}" (a string; == and Number() would let it answer)`],
      [id + 0.5, `${id + 0.5} (not an integer; rounding would make it ${id})`],
      [id + 1, `${id + 1} (another request's id)`],
      [null, "null (an error about a request the server could not read)"],
    ];
    for (const [other, why] of traps) {
      refusal(
        await context.ask({ op: "call", fn: "answerFor", args: [id, { jsonrpc: "2.0", id: other, result }] }),
        `answerFor(${id}, a reply with id ${JSON.stringify(other)})`,
        `a refusal (ProtocolError): id ${why}`,
      );
    }
    return ruleProperty(context, "ids-exact");
  },
};

export const errorRaised: ObservedRule = {
  id: "error-raised",
  observation: 1,
  seeded: true,
  title: "an error reply is raised as ServerError, never returned as a result",
  points: 1,
  needs: ["answerFor"],
  pieces: ["answerFor"],
  dependsOn: [],
  visibility: "visible",
  where: "learner/src/messages.ts: answerFor (a message with error throws ServerError)",
  demands: [
    {
      says: "A reply that carries an error is raised as an error, never handed back as a result: a well-formed one (an integer code of any value, a string message, the empty one too) as ServerError, a malformed one (no integer code or no string message) refused as a protocol error.",
      chapterLines: [196, 218, 224, 225, 226],
    },
    { says: "A reply without a result object answers nothing: it is refused.", chapterLines: [227, 228, 229] },
  ],
  freeChoices: [FREE_CHOICES.wording],
  deadlineMs: 10_000,
  body: async (context) => {
    const id = seededInt(context.seed, "error-id", 1, 900);
    const reply = { jsonrpc: "2.0", id, error: { code: JSON_RPC_ERRORS.methodNotFound, message: "Method not found" } };
    refusal(
      await context.ask({ op: "call", fn: "answerFor", args: [id, reply] }),
      `answerFor(${id}, an error reply with id ${id})`,
      "ServerError thrown",
      ["ServerError"],
    );
    return ruleProperty(context, "error-raised");
  },
};

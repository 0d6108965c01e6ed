// Rules of messages and identity: what requestMessage and notificationMessage build, which reply
// answers a request (exact type and value), and that an error reply is raised, never returned.
import { isDeepStrictEqual } from "node:util";
import { JSON_RPC_ERRORS } from "../../protocol/constants.js";
import { refusal, valueOf } from "./expect.js";
import { seededInt } from "../../grading/seeded.js";
import { failRule, type Rule } from "./types.js";
import { showWire } from "./wire.js";
import { ruleProperty } from "../properties/properties.js";

export const messagesShape: Rule = {
  id: "messages-shape",
  seeded: true,
  title: "requestMessage carries an id and params; notificationMessage carries no id",
  points: 1,
  needs: ["requestMessage", "notificationMessage"],
  pieces: ["requestMessage", "notificationMessage"],
  dependsOn: [],
  visibility: "visible",
  where: "learner/src/messages.ts: requestMessage, notificationMessage",
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

export const idsExact: Rule = {
  id: "ids-exact",
  seeded: true,
  title: "a reply answers a request only when its id has the same type and value",
  points: 2,
  needs: ["answerFor"],
  pieces: ["answerFor"],
  dependsOn: [],
  visibility: "visible",
  where: "learner/src/messages.ts: answerFor (compare with typeof and ===, never == or Number())",
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
    if (note !== null)
      failRule(`answerFor(${id}, a notification)`, "null (a message with a method answers no request)", showWire(note));
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

export const errorRaised: Rule = {
  id: "error-raised",
  seeded: true,
  title: "an error reply is raised as ServerError, never returned as a result",
  points: 1,
  needs: ["answerFor"],
  pieces: ["answerFor"],
  dependsOn: [],
  visibility: "visible",
  where: "learner/src/messages.ts: answerFor (a message with error throws ServerError)",
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

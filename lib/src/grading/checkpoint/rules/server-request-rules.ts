// A request from the server that the client does not serve. The chapter's client implements tools
// only and declares no other capability; JSON-RPC gives every request exactly one response. So a
// server's sampling/createMessage, elicitation/create, roots/list or a method no spec has gets an
// error response with its own id, and the error is
// "method not found" (JSON-RPC's methodNotFound): a result, even an empty one, would claim a capability the client
// never had. The server's own record is the evidence: it notes whether each response carried a
// result or an error, and the error's code. The call the server was serving must then complete: a
// reply the server cannot read as a response (no jsonrpc "2.0") leaves it waiting, and the record
// alone would not show that.
import { FREE_CHOICES } from "./free-choices.js";
import { showWire } from "./wire.js";
import { responsesTo, ROOMY_TIMEOUT_MS, serverRequestIds, shownId, unansweredIds } from "./server-request-ids.js";
import { answerShapeFault } from "./server-request-answers.js";
import { unservedAsk } from "../../../server-build/unserved-asks.js";
import { CALL_PIECES } from "./rule-pieces.js";
import { ClientSession } from "./client-session.js";
import { valueOf } from "./expect.js";
import { failRule, type ObservedRule, type Rule } from "./types.js";
import { JSON_RPC_ERRORS } from "../../../protocol/constants.js";

const CLIENT = "learner/src/client.ts";

/** JSON-RPC 2.0's code for a method the receiver does not have (protocol/constants.ts spells it). */
export const METHOD_NOT_FOUND = JSON_RPC_ERRORS.methodNotFound;

export const serverRequestRefused: ObservedRule = {
  id: "server-request-refused",
  observation: 2,
  title: `a request from the server that the client does not serve (sampling) is answered with the error method not found (${METHOD_NOT_FOUND}), not a result`,
  points: 1,
  needs: ["StdioClient"],
  pieces: CALL_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: the read loop (a request from the server other than ping gets an error reply with its id: { code: ${METHOD_NOT_FOUND} })`,
  deadlineMs: 30_000,
  demands: [
    {
      says: 'Every request gets exactly one response, carrying its id unchanged (any string or number: 0, "", "0", a negative, a fraction, the last safe integer), with a result or an error.',
      chapterLines: [22, 196],
    },
    {
      says: `The client implements tools only and declares no other capability, so it serves no sampling request: the answer is JSON-RPC's error method not found (${METHOD_NOT_FOUND}).`,
      chapterLines: [182, 328, 475, 620],
    },
    {
      says: 'The refusal is a whole JSON-RPC error response: { jsonrpc: "2.0", id, error: { code, message } }, its message a string (any wording), data the one other member an error may hold.',
      chapterLines: [196, 224, 225, 226],
    },
  ],
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.answerForRefusesRequests, FREE_CHOICES.serverRequestsNotCounted],
  body: async (context) => {
    // The server asks once with each id of the family, all at once, and answers the call once each is answered.
    const ids = serverRequestIds(context.seed);
    // A handshake run out of time on a busy machine is set-up, not what is judged: another session.
    const client = await ClientSession.openReady(context, () => context.server("sampling", { askIds: ids }), {
      allowed: ["word_count"],
      timeoutMs: ROOMY_TIMEOUT_MS,
    });
    const { server } = client;
    try {
      // The server asks during the call and answers it once it reads the client's reply: a reply it
      // cannot read (no jsonrpc "2.0") leaves the call unanswered, so the call must complete.
      const call = `callTool("word_count", {text: "one two three"}), during which the server asks ${ids.map((id, index) => `${unservedAsk(index).method} ${shownId(id)}`).join(", ")}`;
      const { answer } = await client.call("callTool", ["word_count", { text: "one two three" }]);
      // The server answers the call only once each request is answered: name the one that was not.
      const missed = answer.ok ? undefined : unansweredIds(server.recordFile, ids)[0];
      if (missed !== undefined)
        failRule(
          call,
          "every request answered with its own id, then the call's answer",
          `the request ${shownId(missed)} went unanswered, and the call did not complete`,
        );
      const got = valueOf(answer, call, '"3"');
      if (got !== "3") failRule(call, '"3" (the server\'s answer)', showWire(got));
    } finally {
      await client.close();
    }
    responsesTo(server.recordFile, ids, "a request it does not serve").forEach((answer, index) => {
      const refused = `the client's answer to ${unservedAsk(index).method} ${shownId(ids[index])}, which it does not serve`;
      if (answer.answer === "error" && answer.errorCode !== METHOD_NOT_FOUND)
        failRule(
          refused,
          `an error response with code ${METHOD_NOT_FOUND} (method not found)`,
          `an error with code ${showWire(answer.errorCode ?? null)}`,
        );
      // The whole answer as JSON-RPC 2.0 shapes it: a string message beside the code, no stray members.
      const fault = answerShapeFault(answer, "error");
      if (fault !== undefined)
        failRule(
          refused,
          `{ jsonrpc: "2.0", id, error: { code: ${METHOD_NOT_FOUND}, message: "..." } } (data allowed)`,
          fault,
        );
    });
    return "";
  },
};

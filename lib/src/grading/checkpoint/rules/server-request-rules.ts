// A request from the server that the client does not serve. The chapter's client implements tools
// only and declares no other capability; JSON-RPC gives every request exactly one response. So a
// server's sampling/createMessage gets an error response with its own id, and the error is
// "method not found" (JSON-RPC's methodNotFound): a result, even an empty one, would claim a capability the client
// never had. The server's own record is the evidence: it notes whether each response carried a
// result or an error, and the error's code. The call the server was serving must then complete: a
// reply the server cannot read as a response (no jsonrpc "2.0") leaves it waiting, and the record
// alone would not show that.
import { FREE_CHOICES } from "./free-choices.js";
import { showWire } from "./wire.js";
import { readRecord } from "./server-records.js";
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
      says: "Every request gets exactly one response, carrying its id, with a result or an error.",
      chapterLines: [22, 196],
    },
    {
      says: `The client implements tools only and declares no other capability, so it serves no sampling request: the answer is JSON-RPC's error method not found (${METHOD_NOT_FOUND}).`,
      chapterLines: [182, 328, 475, 620],
    },
  ],
  freeChoices: [FREE_CHOICES.wording, FREE_CHOICES.answerForRefusesRequests, FREE_CHOICES.serverRequestsNotCounted],
  body: async (context) => {
    // A handshake run out of time on a busy machine is set-up, not what is judged: another session.
    const client = await ClientSession.openReady(context, "sampling", { allowed: ["word_count"] });
    const { server } = client;
    try {
      // The server asks during the call and answers it once it reads the client's reply: a reply it
      // cannot read (no jsonrpc "2.0") leaves the call unanswered, so the call must complete.
      const call = 'callTool("word_count", {text: "one two three"}), during which the server asks sampling';
      const got = valueOf(
        (await client.call("callTool", ["word_count", { text: "one two three" }])).answer,
        call,
        '"3"',
      );
      if (got !== "3") failRule(call, '"3" (the server\'s answer)', showWire(got));
    } finally {
      await client.close();
    }
    const asked = readRecord(server.recordFile).filter(
      (entry) => entry.event === "message" && entry.kind === "response" && entry.id === "server-1",
    );
    const answer = asked[0];
    if (answer === undefined)
      failRule(
        'the server\'s record after it asked sampling/createMessage (id "server-1")',
        "a response with that id",
        "none: the request went unanswered",
      );
    if (asked.length > 1)
      failRule("the server's record", 'one response to request "server-1"', `${asked.length} responses`);
    if (answer.answer !== "error" || answer.errorCode !== METHOD_NOT_FOUND)
      failRule(
        "the client's answer to sampling/createMessage, which it does not serve",
        `an error response with code ${METHOD_NOT_FOUND} (method not found)`,
        answer.answer === "error"
          ? `an error with code ${showWire(answer.errorCode ?? null)}`
          : `a result (${answer.resultJsonType ?? "of some type"})`,
      );
    return "";
  },
};

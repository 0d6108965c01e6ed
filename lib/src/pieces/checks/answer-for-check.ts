// The check of answerFor: the result of the response that carries our id, the id matched as the
// same integer (1.0 from the wire is 1; true, "1" and [1] are not); null for a notification; an
// error response raised.
import { JSON_RPC_ERRORS } from "../../protocol/constants.js";
import { expect, fn, mustRefuse, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const answerForCheck: Body = async (pieces) => {
  const answerFor = fn(pieces, "answerFor");
  const ok = answerFor(1, { jsonrpc: "2.0", id: 1, result: { n: 1 } });
  expect(
    JSON.stringify(ok) === '{"n":1}',
    'the result {"n":1} for id 1',
    () => shown(ok),
    "return the result object of the response that carries our id",
  );
  const onePointZero = answerFor(1, JSON.parse('{"jsonrpc":"2.0","id":1.0,"result":{}}'));
  expect(
    JSON.stringify(onePointZero) === "{}",
    "id 1.0 from the wire accepted (after JSON.parse it is the number 1)",
    () => shown(onePointZero),
    "compare numbers as numbers: JSON has one number type",
  );
  const note = answerFor(1, { jsonrpc: "2.0", method: "notifications/progress" });
  expect(
    note === null,
    "null for a notification (a message with a method)",
    () => shown(note),
    "a message with a method answers nothing: return null and let the caller read on",
  );
  for (const impostor of [true, "1", "01", 1.5, null, 2, [1]]) {
    await mustRefuse(
      () => answerFor(1, { jsonrpc: "2.0", id: impostor, result: {} }),
      "ProtocolError",
      "wrong-id",
      `id ${JSON.stringify(impostor)} for request 1`,
      "check the id's type first (an integer number), then its value with ===; == and Number() let impostors through",
    );
  }
  await mustRefuse(
    () =>
      answerFor(1, {
        jsonrpc: "2.0",
        id: 1,
        error: { code: JSON_RPC_ERRORS.methodNotFound, message: "no such method" },
      }),
    "ServerError",
    undefined,
    "an error response",
    "an error response is the server's answer too: raise it as ServerError",
  );
  await mustRefuse(
    () => answerFor(1, { jsonrpc: "2.0", id: 1, result: "yes" }),
    "ProtocolError",
    undefined,
    "a result that is not an object",
    "a response must carry a result object (or an error)",
  );
  return '1 and 1.0 accepted; true, "1", "01", 1.5, null, 2 and [1] refused; notifications pass; error responses raised';
};

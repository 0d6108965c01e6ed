// Messages and identity: a request, a notification, and the one reply that answers a request.
import {
  ProtocolError,
  ServerError,
  type JsonObject,
  type JsonRpcMessage,
  type NotificationMessage,
  type RequestMessage,
} from "mcp-workbook";
import { notImplemented } from "./not-implemented.js";

// Kept for your code: the errors a bad reply should raise.
export { ProtocolError, ServerError };

/**
 * A request carries an id, so exactly one response may answer it.
 * Returns { jsonrpc: "2.0", id, method, params }.
 */
export function requestMessage(id: number, method: string, params: JsonObject = {}): RequestMessage {
  // TODO: build the request object. params defaults to {}.
  return notImplemented("requestMessage");
}

/**
 * A notification carries no id: nobody answers it.
 * Returns { jsonrpc: "2.0", method } with params only when params are given.
 */
export function notificationMessage(method: string, params?: JsonObject): NotificationMessage {
  // TODO: build the notification object, with no id at all.
  return notImplemented("notificationMessage");
}

/**
 * The result that `message` gives request `requestId`, or null when the message is not a
 * response at all (it carries a method: a notification, or a request of the server's own).
 *
 * The id must be the integer we sent, compared by type and value: JSON true, "1", 1.5 and null
 * never answer request 1 (JavaScript's `==` and `Number()` would let some of them). A response
 * for another id is refused (throw ProtocolError with reason "wrong-id"), never set aside. An
 * error response raises ServerError; a response must carry exactly one of result (an object)
 * and error.
 */
export function answerFor(requestId: number, message: JsonRpcMessage): JsonObject | null {
  // TODO: 1. a message with a method answers nothing: return null.
  //       2. compare the id by type and value (typeof, Number.isInteger, ===); refuse any other.
  //       3. an error response -> ServerError; a result must be an object -> return it.
  return notImplemented("answerFor");
}

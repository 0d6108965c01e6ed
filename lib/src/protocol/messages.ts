import { z } from "zod";
import { ProtocolError } from "../errors/protocol-error.js";
import { ServerError } from "../errors/server-error.js";
import { describeValue, preview, showId } from "../errors/wording.js";

/** Any JSON-RPC 2.0 message, after parseFrame: an object whose jsonrpc is "2.0". */
export type JsonRpcMessage = { readonly jsonrpc: "2.0" } & Readonly<Record<string, unknown>>;

/** A JSON object: what params and results are. */
export type JsonObject = Record<string, unknown>;

export interface RequestMessage {
  readonly jsonrpc: "2.0";
  readonly id: number;
  readonly method: string;
  readonly params: JsonObject;
}

export interface NotificationMessage {
  readonly jsonrpc: "2.0";
  readonly method: string;
  readonly params?: JsonObject;
}

/** A request carries an id, so exactly one response may answer it. */
export function requestMessage(id: number, method: string, params: JsonObject = {}): RequestMessage {
  return { jsonrpc: "2.0", id, method, params };
}

/** A notification carries no id: nobody answers it. */
export function notificationMessage(method: string, params?: JsonObject): NotificationMessage {
  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}

const errorObject = z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() });

/** A plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The result that `message` gives request `requestId`, or null when the message is not a
 * response at all (it carries a method: a notification, or a request of the server's own).
 *
 * The id must be the integer we sent, compared by type and value: JSON true, "1", 1.5 and null
 * never answer request 1 (JavaScript's `==` and `Number()` would let some of them). A response
 * for another id is refused, never set aside: in a client that asks one thing at a time it means
 * the stream is confused. An error response raises ServerError; a response must carry exactly
 * one of result (an object) and error.
 */
export function answerFor(requestId: number, message: JsonRpcMessage): JsonObject | null {
  if ("method" in message) return null;
  const id: unknown = message["id"];
  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId) {
    throw new ProtocolError("wrong-id", {
      what: `response id ${showId(id)} does not answer request ${requestId}`,
      expected: `the integer ${requestId}`,
      received: describeValue(id),
    });
  }
  const hasResult = "result" in message;
  const hasError = "error" in message;
  if (hasResult && hasError) {
    throw new ProtocolError("bad-response", {
      what: `response ${requestId} carries both a result and an error`,
      expected: "exactly one of result and error",
      received: "both",
    });
  }
  if (hasError) {
    const parsed = errorObject.safeParse(message["error"]);
    if (!parsed.success) {
      throw new ProtocolError("bad-response", {
        what: `response ${requestId} carries a malformed error`,
        expected: "an error object with an integer code and a string message",
        received: preview(message["error"]),
      });
    }
    const { code, message: text } = parsed.data;
    throw new ServerError(parsed.data, {
      what: `server error ${code} for request ${requestId}: ${text}`,
    });
  }
  const result = message["result"];
  if (!isJsonObject(result)) {
    throw new ProtocolError("bad-response", {
      what: `response ${requestId} carries no result object`,
      expected: "a result object",
      received: describeValue(result),
    });
  }
  return result;
}

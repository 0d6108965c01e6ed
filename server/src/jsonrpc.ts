/**
 * JSON-RPC 2.0 as the server sees it: one line in becomes a request, a notification, a response
 * (to a request the server sent), or an error reply. No dependency: the server must start with
 * nothing but Node, so the shapes are checked by hand.
 */
export type RequestId = string | number;
export type JsonObject = { [key: string]: unknown };

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

export interface Request {
  readonly kind: "request";
  readonly id: RequestId;
  readonly method: string;
  readonly params: JsonObject;
}

export interface Notification {
  readonly kind: "notification";
  readonly method: string;
  readonly params: JsonObject;
}

export interface Response {
  readonly kind: "response";
  readonly id: RequestId | null;
  /** The whole message, so a caller can tell a result from an error. */
  readonly message: JsonObject;
}

/** A line that is not a message; `reply` is the error the server sends back for it. */
export interface Rejected {
  readonly kind: "rejected";
  readonly reply: JsonObject;
  readonly reason: string;
}

export type Incoming = Request | Notification | Response | Rejected;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

export function resultMessage(id: RequestId, result: JsonObject): JsonObject {
  return { jsonrpc: "2.0", id, result };
}

export function errorMessage(id: RequestId | null, code: number, message: string): JsonObject {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

export function requestMessage(id: RequestId, method: string, params?: JsonObject): JsonObject {
  return params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}

export function notificationMessage(method: string, params?: JsonObject): JsonObject {
  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}

/** Characters of outside text an error message may quote. */
export const PREVIEW_CHARS = 60;

/**
 * A short view of something a client sent, for an error text: never the whole of a 16 MiB
 * name, and never a crash on a value nested too deep for JSON.stringify's recursion.
 */
export function preview(value: unknown, max = PREVIEW_CHARS): string {
  let text: string;
  if (typeof value === "string") text = value;
  else if (value === undefined) return "nothing";
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      return Array.isArray(value) ? "an array nested too deep to show" : "an object nested too deep to show";
    }
  }
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}...` : text);
}

function rejected(id: RequestId | null, code: number, reason: string): Rejected {
  return { kind: "rejected", reply: errorMessage(id, code, reason), reason };
}

/** Classifies one line of input. Never throws: whatever arrives, the server has an answer. */
export function classifyLine(line: string): Incoming {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return rejected(null, PARSE_ERROR, `Parse error: expected one JSON message per line, got ${preview(line)}`);
  }
  if (Array.isArray(parsed)) {
    return rejected(
      null,
      INVALID_REQUEST,
      "Invalid Request: batches are not supported by MCP 2025-06-18, send one message per line",
    );
  }
  if (!isObject(parsed)) {
    return rejected(
      null,
      INVALID_REQUEST,
      `Invalid Request: expected a JSON object, got ${parsed === null ? "null" : typeof parsed}`,
    );
  }
  const hasId = "id" in parsed;
  const id = isRequestId(parsed["id"]) ? parsed["id"] : null;
  if (parsed["jsonrpc"] !== "2.0") {
    return rejected(
      id,
      INVALID_REQUEST,
      `Invalid Request: expected "jsonrpc": "2.0", got ${preview(parsed["jsonrpc"])}`,
    );
  }
  if (hasId && id === null) {
    return rejected(
      null,
      INVALID_REQUEST,
      `Invalid Request: the id must be a string or a number, got ${preview(parsed["id"])}`,
    );
  }

  const method = parsed["method"];
  if (method === undefined) {
    if (hasId && ("result" in parsed || "error" in parsed)) {
      return { kind: "response", id, message: parsed };
    }
    return rejected(
      id,
      INVALID_REQUEST,
      "Invalid Request: expected a method, or a result or error answering a request",
    );
  }
  if (typeof method !== "string") {
    return rejected(id, INVALID_REQUEST, `Invalid Request: the method must be a string, got ${preview(method)}`);
  }

  const params = parsed["params"] ?? {};
  if (!isObject(params)) {
    if (id === null) return { kind: "notification", method, params: {} };
    return rejected(id, INVALID_PARAMS, "Invalid params: expected params to be an object");
  }
  if (id === null) return { kind: "notification", method, params };
  return { kind: "request", id, method, params };
}

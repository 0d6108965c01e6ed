/**
 * The server's record of its own life, for graders: `--record FILE` appends one JSON line per
 * event, synchronously, so the file is complete whenever the client looks. Events: "start" (its
 * argv and the names of its environment variables), "message" (the method and id of every line
 * that arrived, in order, the keys of a request's params, whether a response carried a result or an error (and a result's JSON type), a response's members and those of its result or error, and the protocol era a request or notification is in), "eof" (stdin ended), "signal" (SIGTERM arrived) and "left" (how it leaves, just before it does). A grader reads
 * from it whether the client wrote nothing before the handshake, announced itself before
 * listing, and ended the input before it sent any signal.
 */
import { appendFileSync } from "node:fs";
import { eraOfRequest, type Era, type ProtocolChoice } from "./era.js";
import { isObject } from "./jsonrpc.js";

export type RecordEvent =
  | { readonly event: "start"; readonly pid: number; readonly argv: readonly string[]; readonly env: readonly string[] }
  | {
      readonly event: "message";
      readonly method?: string;
      readonly id?: unknown;
      readonly kind: "request" | "notification" | "response" | "other";
      /** On a response: whether it carried a result or an error (a ping must be answered with a result). */
      readonly answer?: "result" | "error";
      /** On a response with a result: its JSON type ("object", "array", "string", "null", ...); a ping's must be an object. */
      readonly resultJsonType?: string;
      /** On a response with an error: the error's code, if it is a number (method not found is -32601). */
      readonly errorCode?: number;
      /** On a response: its members' names, and whether its jsonrpc is the string "2.0". */
      readonly keys?: readonly string[];
      readonly jsonrpc2?: boolean;
      /** On a response whose result is an object: its members' names (a ping's result has none). */
      readonly resultKeys?: readonly string[];
      /** On a response whose error is an object: its members' names, and its message's JSON type. */
      readonly errorKeys?: readonly string[];
      readonly errorMessageType?: string;
      readonly era?: Era;
      /**
       * On an initialize request: the capabilities the client declared (their names), or null when
       * params.capabilities is not an object.
       */
      readonly declared?: readonly string[] | null;
      /** On an initialize request: the protocol version it asked for (null when not a string). */
      readonly askedVersion?: string | null;
      /** On a request: the names of its params' keys (null when params is no object; absent when it has none). */
      readonly paramKeys?: readonly string[] | null;
    }
  | { readonly event: "eof" }
  | { readonly event: "signal"; readonly signal: string }
  /** How the server leaves, just before it does: the exit code or the signal a waiting parent sees. */
  | { readonly event: "left"; readonly status: number | string };

export class LifeRecord {
  constructor(
    private readonly file: string | undefined,
    private readonly protocol: ProtocolChoice = "2025-06-18",
  ) {}

  get enabled(): boolean {
    return this.file !== undefined;
  }

  write(entry: RecordEvent): void {
    if (this.file === undefined) return;
    try {
      appendFileSync(this.file, `${JSON.stringify(entry)}\n`, "utf8");
    } catch {
      // A record that cannot be written is missing evidence, which the grader reports; the server carries on.
    }
  }

  /** What one received line was, cheaply: a grader needs the order of methods, not the payloads. */
  line(text: string): void {
    if (this.file === undefined) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.write({ event: "message", kind: "other" });
      return;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      this.write({ event: "message", kind: "other" });
      return;
    }
    const message = value as Record<string, unknown>;
    const method = typeof message["method"] === "string" ? message["method"] : undefined;
    const kind =
      method === undefined ? ("id" in message ? "response" : "other") : "id" in message ? "request" : "notification";
    const params = isObject(message["params"]) ? message["params"] : {};
    this.write({
      event: "message",
      kind,
      ...(method === undefined ? {} : { method }),
      ...("id" in message ? { id: message["id"] } : {}),
      ...(kind === "response" ? { answer: "error" in message ? ("error" as const) : ("result" as const) } : {}),
      ...(kind === "response" && !("error" in message) ? { resultJsonType: jsonType(message["result"]) } : {}),
      ...(kind === "response" && "error" in message ? errorCodeOf(message["error"]) : {}),
      ...(kind === "response" ? responseShape(message) : {}),
      ...(method === undefined ? {} : { era: eraOfRequest(this.protocol, params) }),
      ...(method === "initialize" && kind === "request" ? { declared: declaredCapabilities(params) } : {}),
      ...(method === "initialize" && kind === "request" ? { askedVersion: askedVersion(params) } : {}),
      ...(kind === "request" && "params" in message
        ? { paramKeys: isObject(message["params"]) ? Object.keys(message["params"]) : null }
        : {}),
    });
  }
}

/** An error's numeric code, for the record. */
function errorCodeOf(error: unknown): { errorCode?: number } {
  return isObject(error) && typeof error["code"] === "number" ? { errorCode: error["code"] } : {};
}

/** A response's whole shape, for a grader judging it against JSON-RPC 2.0 (section 5) and MCP: member names, not values. */
function responseShape(message: Record<string, unknown>): {
  keys: string[];
  jsonrpc2: boolean;
  resultKeys?: string[];
  errorKeys?: string[];
  errorMessageType?: string;
} {
  const { result, error } = message;
  return {
    keys: Object.keys(message),
    jsonrpc2: message["jsonrpc"] === "2.0",
    ...(isObject(result) ? { resultKeys: Object.keys(result) } : {}),
    ...(isObject(error) ? { errorKeys: Object.keys(error), errorMessageType: jsonType(error["message"]) } : {}),
  };
}

/** A value's JSON type as JSON names it: "object", "array", "null", "string", "number", "boolean" (or "undefined" when absent). */
function jsonType(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

/** The names of the capabilities an initialize request declares, or null when they are not an object. */
function declaredCapabilities(params: Record<string, unknown>): string[] | null {
  const capabilities = params["capabilities"];
  return isObject(capabilities) ? Object.keys(capabilities) : null;
}

/** The protocol version an initialize request asks for, or null when it names none as a string. */
function askedVersion(params: Record<string, unknown>): string | null {
  const version = params["protocolVersion"];
  return typeof version === "string" ? version : null;
}

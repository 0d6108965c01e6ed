// The whole shape of the client's answer to a server's request, judged on the server's record of
// it (member names, never the client's word). JSON-RPC 2.0 section 5: a response holds jsonrpc
// "2.0", the id, and exactly one of result or error. Section 5.1: an error is an object with an
// integer code and a string message, and data is the one other member it may hold. MCP 2025-06-18,
// basic/utilities/ping ("Behavior Requirements", 1): the receiver of a ping answers at once with an
// empty result, {} (https://modelcontextprotocol.io/specification/2025-06-18/basic/utilities/ping).
// What the spec leaves open stays free: the message's wording, and whether data is there.
import type { RecordEntry } from "./server-records.js";

/** What a request from the server must get: ping's empty result, or a refusal's error object. */
export type ExpectedAnswer = "empty result" | "error";

const ENVELOPE: ReadonlySet<string> = new Set(["jsonrpc", "id", "result", "error"]);
const ERROR_MEMBERS: ReadonlySet<string> = new Set(["code", "message", "data"]);

const listed = (keys: readonly string[]): string => keys.map((key) => JSON.stringify(key)).join(", ");

/** How the answer strays from JSON-RPC and MCP, in words for a verdict, or undefined when it does not. */
export function answerShapeFault(entry: RecordEntry, expected: ExpectedAnswer): string | undefined {
  const keys = entry.keys ?? [];
  if (entry.jsonrpc2 !== true) return 'a response whose jsonrpc is not the string "2.0"';
  const stray = keys.filter((key) => !ENVELOPE.has(key));
  if (stray.length > 0) return `a response with members JSON-RPC does not have: ${listed(stray)}`;
  if (keys.includes("result") && keys.includes("error")) return "a response carrying both result and error";
  if (expected === "empty result") {
    if (entry.answer !== "result") return `a response carrying ${entry.answer ?? "neither result nor error"}`;
    if (entry.resultJsonType !== "object") return `a result of type ${entry.resultJsonType ?? "unknown"}, not {}`;
    const members = entry.resultKeys ?? [];
    return members.length === 0 ? undefined : `the result {${listed(members)}}, not the empty {}`;
  }
  if (entry.answer !== "error") return `a result (${entry.resultJsonType ?? "of some type"})`;
  const members = entry.errorKeys;
  if (members === undefined) return "an error that is no object";
  if (!Number.isInteger(entry.errorCode)) return "an error whose code is no integer";
  if (entry.errorMessageType !== "string")
    return `an error whose message is ${entry.errorMessageType === "undefined" ? "missing" : `a ${entry.errorMessageType ?? "non-string"}`}, not a string`;
  const extra = members.filter((key) => !ERROR_MEMBERS.has(key));
  return extra.length === 0 ? undefined : `an error with members JSON-RPC does not have: ${listed(extra)}`;
}

// The server's life record, line by line: what a grader reads of each message that arrived.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LifeRecord } from "../../server/src/record.js";

function recorded(lines: readonly string[]): unknown[] {
  const file = join(mkdtempSync(join(tmpdir(), "record-")), "record.jsonl");
  const record = new LifeRecord(file);
  for (const line of lines) record.line(line);
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as unknown);
}

/** A response's entry: its answer and its members, a well-formed JSON-RPC 2.0 one's. */
const response = (id: string, answer: "result" | "error") =>
  ({ event: "message", kind: "response", id, answer, keys: ["jsonrpc", "id", answer], jsonrpc2: true }) as const;

describe("the life record of each message", () => {
  it("names a response's answer, a result's JSON type (a ping's must be an object) and an error's code", () => {
    expect(
      recorded([
        '{"jsonrpc":"2.0","id":"server-1","result":{}}',
        '{"jsonrpc":"2.0","id":"server-2","result":"pong"}',
        '{"jsonrpc":"2.0","id":"server-3","result":null}',
        '{"jsonrpc":"2.0","id":"server-4","result":[]}',
        '{"jsonrpc":"2.0","id":"server-5"}',
        '{"jsonrpc":"2.0","id":"server-6","error":{"code":-32601,"message":"Method not found"}}',
      ]),
    ).toEqual([
      { ...response("server-1", "result"), resultJsonType: "object", resultKeys: [] },
      { ...response("server-2", "result"), resultJsonType: "string" },
      { ...response("server-3", "result"), resultJsonType: "null" },
      { ...response("server-4", "result"), resultJsonType: "array" },
      {
        event: "message",
        kind: "response",
        id: "server-5",
        answer: "result",
        resultJsonType: "undefined",
        keys: ["jsonrpc", "id"],
        jsonrpc2: true,
      },
      {
        ...response("server-6", "error"),
        errorCode: -32601,
        errorKeys: ["code", "message"],
        errorMessageType: "string",
      },
    ]);
  });

  it("names a response's members, its result's and its error's, and whether its jsonrpc is \"2.0\"", () => {
    expect(
      recorded([
        '{"jsonrpc":"2.0","id":1,"result":{"pong":true}}',
        '{"jsonrpc":2,"id":2,"error":{"code":-32601,"data":[1]},"extra":0}',
        '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":7}}',
      ]),
    ).toMatchObject([
      { keys: ["jsonrpc", "id", "result"], jsonrpc2: true, resultKeys: ["pong"] },
      {
        keys: ["jsonrpc", "id", "error", "extra"],
        jsonrpc2: false,
        errorKeys: ["code", "data"],
        errorMessageType: "undefined",
      },
      { errorKeys: ["code", "message"], errorMessageType: "number" },
    ]);
  });

  it("records a request's method and id, and a line that is no JSON object as other", () => {
    expect(recorded(['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', "not json", "[1]"])).toEqual([
      { event: "message", kind: "request", method: "tools/list", id: 1, era: expect.any(String) as unknown },
      { event: "message", kind: "other" },
      { event: "message", kind: "other" },
    ]);
  });

  it("names the capabilities an initialize request declares, and says when they are not an object", () => {
    const initialize = (capabilities: unknown): string =>
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { capabilities } });
    expect(recorded([initialize({}), initialize({ sampling: {}, roots: {} }), initialize([])])).toMatchObject([
      { method: "initialize", declared: [] },
      { method: "initialize", declared: ["sampling", "roots"] },
      { method: "initialize", declared: null },
    ]);
  });

  it("records the protocol version an initialize request asks for, null when it names none", () => {
    const initialize = (params: unknown) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params });
    const asked = recorded([
      initialize({ protocolVersion: "2025-06-18", capabilities: {} }),
      initialize({ protocolVersion: "2024-11-05" }),
      initialize({ protocolVersion: 20250618 }),
      initialize(undefined),
    ]).map((entry) => (entry as { askedVersion?: unknown }).askedVersion);
    expect(asked).toEqual(["2025-06-18", "2024-11-05", null, null]);
  });

  it("names the keys of a request's params: what the client sent, as it arrived", () => {
    const request = (method: string, params?: unknown): string =>
      JSON.stringify({ jsonrpc: "2.0", id: 1, method, ...(params === undefined ? {} : { params }) });
    const keys = recorded([
      request("tools/list"),
      request("tools/list", {}),
      request("tools/call", { name: "word_count", arguments: {}, _meta: { progressToken: 1 } }),
      request("tools/call", []),
    ]).map((entry) => (entry as { paramKeys?: unknown }).paramKeys);
    expect(keys).toEqual([undefined, [], ["name", "arguments", "_meta"], null]);
  });
});

import { describe, expect, it } from "vitest";
import { classifyLine } from "../../server/src/jsonrpc.js";

describe("classifyLine", () => {
  it("tells requests, notifications and responses apart", () => {
    expect(classifyLine('{"jsonrpc":"2.0","id":0,"method":"ping"}')).toEqual({
      kind: "request",
      id: 0,
      method: "ping",
      params: {},
    });
    expect(classifyLine('{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{"cursor":"x"}}')).toEqual({
      kind: "request",
      id: "a",
      method: "tools/list",
      params: { cursor: "x" },
    });
    expect(classifyLine('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toEqual({
      kind: "notification",
      method: "notifications/initialized",
      params: {},
    });
    expect(classifyLine('{"jsonrpc":"2.0","id":"server-1","result":{}}')).toMatchObject({
      kind: "response",
      id: "server-1",
    });
  });

  it.each([
    ["not json", null, -32700],
    ["", null, -32700],
    ["[]", null, -32600],
    ["7", null, -32600],
    ['{"id":1,"method":"ping"}', 1, -32600],
    ['{"jsonrpc":"2.0","id":null,"method":"ping"}', null, -32600],
    ['{"jsonrpc":"2.0","id":{},"method":"ping"}', null, -32600],
    ['{"jsonrpc":"2.0","id":3}', 3, -32600],
    ['{"jsonrpc":"2.0","id":3,"method":7}', 3, -32600],
    ['{"jsonrpc":"2.0","id":3,"method":"ping","params":[1]}', 3, -32602],
  ])("rejects %j with id %j and code %i", (line, id, code) => {
    const incoming = classifyLine(line);
    expect(incoming.kind).toBe("rejected");
    if (incoming.kind !== "rejected") return;
    expect(incoming.reply).toMatchObject({ jsonrpc: "2.0", id, error: { code } });
  });
});

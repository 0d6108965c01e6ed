import { describe, expect, it } from "vitest";
import {
  answerFor,
  notificationMessage,
  requestMessage,
  type JsonRpcMessage,
} from "../../lib/src/protocol/messages.js";
import { ProtocolError } from "../../lib/src/errors/protocol-error.js";
import { ServerError } from "../../lib/src/errors/server-error.js";

const reply = (fields: Record<string, unknown>): JsonRpcMessage => ({ jsonrpc: "2.0", ...fields }) as JsonRpcMessage;

describe("requestMessage and notificationMessage", () => {
  it("a request carries an id; a notification carries none", () => {
    expect(requestMessage(41, "tools/list", {})).toEqual({ jsonrpc: "2.0", id: 41, method: "tools/list", params: {} });
    expect(notificationMessage("notifications/initialized")).toEqual({
      jsonrpc: "2.0",
      method: "notifications/initialized",
    });
    expect("id" in notificationMessage("x", { a: 1 })).toBe(false);
    expect(notificationMessage("x", { a: 1 }).params).toEqual({ a: 1 });
  });
});

describe("answerFor binds a reply to its request by an exactly typed id", () => {
  it("returns the result of the reply whose id is the same integer", () => {
    expect(answerFor(41, reply({ id: 41, result: { tools: [] } }))).toEqual({ tools: [] });
  });

  it("skips a notification and a request of the server's own", () => {
    expect(answerFor(41, reply({ method: "notifications/message" }))).toBeNull();
    expect(answerFor(41, reply({ id: 41, method: "ping" }))).toBeNull();
  });

  it.each([
    ["true", true, "true"],
    ['"1"', "1", 'the string "1"'],
    ["1.5", 1.5, "the number 1.5"],
    ["null", null, "null"],
    ["2", 2, "the integer 2"],
    ["no id", undefined, "nothing"],
  ])("refuses %s as the answer to request 1", (_label, id, received) => {
    const message = id === undefined ? reply({ result: {} }) : reply({ id, result: {} });
    expect(() => answerFor(1, message)).toThrow(ProtocolError);
    expect(() => answerFor(1, message)).toThrow(`received ${received}`);
  });

  it('JavaScript\'s own == and Number() would accept true and "1"; the binder does not', () => {
    const loose = (sent: number, got: unknown): boolean => (got as number) == sent;
    expect(loose(1, true)).toBe(true);
    expect(loose(1, "1")).toBe(true);
    expect(Number("1") === 1 && Number(true) === 1).toBe(true);
    expect(() => answerFor(1, reply({ id: true, result: {} }))).toThrow(/response id true does not answer request 1/);
    expect(() => answerFor(1, reply({ id: "1", result: {} }))).toThrow(/response id "1" does not answer request 1/);
  });

  it("raises an error response as ServerError with its code and message", () => {
    let caught: unknown;
    try {
      answerFor(3, reply({ id: 3, error: { code: -32602, message: "unknown tool: nope" } }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ServerError);
    expect(caught).toMatchObject({ code: "server", rpcCode: -32602, rpcMessage: "unknown tool: nope" });
    expect((caught as Error).message).toBe("server error -32602 for request 3: unknown tool: nope");
  });

  it("refuses a response with no result object, or with both result and error", () => {
    expect(() => answerFor(3, reply({ id: 3 }))).toThrow(/carries no result object/);
    expect(() => answerFor(3, reply({ id: 3, result: [1] }))).toThrow(
      /carries no result object; expected a result object; received an array/,
    );
    expect(() => answerFor(3, reply({ id: 3, result: "4" }))).toThrow(/carries no result object/);
    expect(() => answerFor(3, reply({ id: 3, result: {}, error: { code: 1, message: "x" } }))).toThrow(
      /both a result and an error/,
    );
    expect(() => answerFor(3, reply({ id: 3, error: "boom" }))).toThrow(/malformed error/);
  });
});

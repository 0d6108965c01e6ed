import { describe, expect, it } from "vitest";
import { attempt, attemptAsync } from "../../lib/src/notebook/attempt.js";
import { answerFor } from "../../lib/src/protocol/messages.js";
import { ClosedError } from "../../lib/src/errors/closed-error.js";

describe("attempt", () => {
  it("says what was accepted, as JSON", () => {
    expect(attempt(() => answerFor(41, { jsonrpc: "2.0", id: 41, result: { tools: [] } }))).toBe(
      'accepted: {"tools":[]}',
    );
    expect(attempt(() => null)).toBe("accepted: null");
    expect(attempt(() => undefined)).toBe("accepted: undefined");
  });

  it("names the reason and the message of a refusal by the library", () => {
    expect(attempt(() => answerFor(41, { jsonrpc: "2.0", id: 42, result: {} }))).toBe(
      "refused [wrong-id]: response id 42 does not answer request 41; expected the integer 41; received the integer 42",
    );
  });

  it("rethrows anything that is not one of the library's refusals", () => {
    expect(() => attempt(() => JSON.parse("{"))).toThrow(SyntaxError);
  });

  it("awaits an asynchronous action the same way", async () => {
    await expect(attemptAsync(async () => "4")).resolves.toBe('accepted: "4"');
    const closed = new ClosedError("client-closed", { what: "the client is closed", expected: "a new StdioClient" });
    await expect(attemptAsync(() => Promise.reject(closed))).resolves.toBe(
      "refused [client-closed]: the client is closed; expected a new StdioClient",
    );
    await expect(attemptAsync(() => Promise.reject(new TypeError("bug")))).rejects.toThrow(TypeError);
  });
});

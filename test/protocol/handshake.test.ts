import { describe, expect, it } from "vitest";
import { checkInitialize, checkTools } from "../../lib/src/protocol/handshake.js";
import { resultText } from "../../lib/src/protocol/result-text.js";
import { PROTOCOL_VERSION } from "../../lib/src/protocol/constants.js";

const good = { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "s", version: "1" } };
const tool = (name: unknown, inputSchema: unknown = { type: "object", properties: {} }) => ({
  name,
  description: "d",
  inputSchema,
});

describe("checkInitialize", () => {
  it("pins 2025-06-18", () => {
    expect(PROTOCOL_VERSION).toBe("2025-06-18");
    expect(checkInitialize(good).serverInfo).toEqual({ name: "s", version: "1" });
  });

  it("refuses any other version", () => {
    expect(() => checkInitialize({ ...good, protocolVersion: "2024-11-05" })).toThrow(
      'server speaks "2024-11-05", not 2025-06-18; expected protocolVersion "2025-06-18"; received the string "2024-11-05"',
    );
    expect(() => checkInitialize({ ...good, protocolVersion: undefined })).toThrow(/server speaks nothing/);
  });

  it("refuses a server without the tools capability", () => {
    expect(() => checkInitialize({ ...good, capabilities: {} })).toThrow(/server does not offer tools/);
    expect(() => checkInitialize({ ...good, capabilities: { tools: true } })).toThrow(/does not offer tools/);
    expect(() => checkInitialize({ protocolVersion: "2025-06-18" })).toThrow(/no capabilities object/);
  });
});

describe("checkTools", () => {
  it("returns the advertised tools in order", () => {
    expect(checkTools({ tools: [tool("a"), tool("b")] }).map((t) => t.name)).toEqual(["a", "b"]);
  });

  it("refuses a paginated list", () => {
    expect(() => checkTools({ tools: [tool("a")], nextCursor: "c2" })).toThrow(/tool list is paginated/);
  });

  it("accepts 32 tools and refuses 33", () => {
    const many = (n: number) => ({ tools: Array.from({ length: n }, (_, i) => tool(`t${i}`)) });
    expect(checkTools(many(32))).toHaveLength(32);
    expect(() => checkTools(many(33))).toThrow(
      "server advertises 33 tools; expected at most 32; received 33; limit: tool limit 32",
    );
  });

  it.each([
    ["a missing name", [tool(undefined)], /tool 0 has an invalid name/],
    ["an empty name", [tool("")], /invalid name/],
    ["a numeric name", [tool(7)], /received the integer 7/],
    ["a duplicate name", [tool("a"), tool("a")], /tool 1 has a duplicate name/],
    ["a schema that is not an object schema", [tool("a", { type: "string" })], /lacks an object input schema/],
    ["no schema", [{ name: "a" }], /lacks an object input schema/],
    ["no tools array", undefined, /no tools array/],
  ])("refuses %s", (_label, tools, message) => {
    expect(() => checkTools(tools === undefined ? {} : { tools })).toThrow(message);
  });
});

describe("resultText", () => {
  it("joins text content and skips other kinds", () => {
    expect(
      resultText({
        content: [
          { type: "text", text: "4" },
          { type: "image", data: "", mimeType: "image/png" },
          { type: "text", text: "ok" },
        ],
      }),
    ).toBe("4\nok");
  });

  it("raises a result with isError as a failure, never a result", () => {
    expect(() => resultText({ content: [{ type: "text", text: "no such flavour" }], isError: true })).toThrow(
      /the tool reported failure: no such flavour/,
    );
  });

  it("refuses a result without content", () => {
    expect(() => resultText({})).toThrow(/no content array/);
  });
});

// initialize's params as MCP 2025-06-18 defines them (InitializeRequest): the version the client
// speaks, its capabilities and who it is. The teaching server refuses the rest with -32602 and stays
// uninitialized, so a client that sends `{}` never reaches its tools.
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initializeParamsProblem } from "../../server/src/session.js";
import { SERVER_MAIN } from "./raw-server.js";

const GOOD = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } };

describe("initialize's params", () => {
  it("accepts every well-formed set, whatever else it carries", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.string(),
        fc.string(),
        (version, capabilities, name, v) => {
          expect(
            initializeParamsProblem({ protocolVersion: version, capabilities, clientInfo: { name, version: v } }),
          ).toBeUndefined();
        },
      ),
    );
  });

  it("names what is missing or of the wrong type", () => {
    const wrong = fc.oneof(
      fc.constant(undefined),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string()),
    );
    fc.assert(
      fc.property(
        fc.constantFrom("protocolVersion", "capabilities", "clientInfo", "name", "version"),
        wrong,
        (field, value) => {
          const params: Record<string, unknown> =
            field === "name" || field === "version"
              ? { ...GOOD, clientInfo: { ...GOOD.clientInfo, [field]: value } }
              : { ...GOOD, [field]: value };
          if (value === undefined) {
            if (field === "name" || field === "version")
              delete (params["clientInfo"] as Record<string, unknown>)[field];
            else delete params[field];
          }
          if (field === "capabilities" && typeof value === "object" && value !== null && !Array.isArray(value)) return;
          expect(initializeParamsProblem(params as never)).toContain(
            field === "name" || field === "version" ? "clientInfo" : field,
          );
        },
      ),
    );
  });

  it("is refused by the running server with -32602, and the session stays closed to tools", () => {
    const lines = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: {} },
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
      { jsonrpc: "2.0", id: 3, method: "initialize", params: GOOD },
    ];
    const run = spawnSync(process.execPath, [SERVER_MAIN], {
      input: lines.map((line) => `${JSON.stringify(line)}\n`).join(""),
      encoding: "utf8",
    });
    const replies = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(replies[0]).toMatchObject({
      id: 1,
      error: { code: -32602, message: expect.stringMatching(/protocolVersion/u) },
    });
    expect(replies[1]).toMatchObject({ id: 2, error: { code: -32600 } });
    expect(replies[2]).toMatchObject({ id: 3, result: { protocolVersion: "2025-06-18" } });
  });
});

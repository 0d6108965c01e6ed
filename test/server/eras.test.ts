/**
 * The teaching server's two protocol eras (--protocol), over real pipes: 2025-06-18 with its
 * handshake, 2026-07-28 stateless (MCP 2026-07-28, basic/versioning.mdx, server/discover.mdx,
 * server/utilities/caching.mdx), and the dual-era server that reads the era off each request.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RawServer, buildServer, killAllServers, type Json } from "./raw-server.js";

let scratch = "";
beforeAll(() => {
  buildServer();
  scratch = mkdtempSync(path.join(tmpdir(), "teaching-eras-"));
});
afterEach(() => killAllServers());
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const MODERN = "2026-07-28";
const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "eras-test", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

function jsonLines(file: string): Json[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Json);
}

describe("--protocol 2026-07-28: no handshake, every request checked on its own _meta", () => {
  it("answers discover, a cacheable list and a call without any session, and logs the era", async () => {
    const log = path.join(scratch, "modern.jsonl");
    const server = new RawServer(["--protocol", MODERN, "--log", log]);
    server.request(1, "tools/call", { _meta: META, name: "word_count", arguments: { text: "a b c d" } });
    server.request(2, "server/discover", { _meta: META });
    server.request(3, "tools/list", { _meta: META });
    const [call, discover, list] = await server.messages(3);
    expect(call).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: "4" }], resultType: "complete" },
    });
    expect(discover?.["result"]).toMatchObject({
      resultType: "complete",
      supportedVersions: [MODERN],
      capabilities: { tools: {} },
      _meta: { "io.modelcontextprotocol/serverInfo": { name: "lucy-teaching-server" } },
      cacheScope: "public",
    });
    const listed = list?.["result"] as Json;
    expect(listed).toMatchObject({ resultType: "complete", cacheScope: "public" });
    expect(listed["ttlMs"]).toBeGreaterThanOrEqual(0);
    server.endInput();
    await server.exit;
    expect(jsonLines(log)).toEqual([{ id: 1, name: "word_count", arguments: { text: "a b c d" }, era: MODERN }]);
  });

  it("refuses initialize, a missing version and an unknown one with -32022 naming what it speaks", async () => {
    const server = new RawServer(["--protocol", MODERN]);
    server.request(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: META["io.modelcontextprotocol/clientInfo"],
    });
    server.request(2, "tools/list", {});
    server.request(3, "tools/list", { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "2030-01-01" } });
    server.request(4, "tools/call", { name: "word_count", arguments: { text: "x" } });
    const replies = await server.messages(4);
    expect(replies.map((reply) => (reply["error"] as Json)["code"])).toEqual([-32022, -32022, -32022, -32022]);
    expect(replies.map((reply) => (reply["error"] as Json)["data"])).toEqual([
      { supported: [MODERN], requested: "2025-06-18" },
      { supported: [MODERN], requested: "" },
      { supported: [MODERN], requested: "2030-01-01" },
      { supported: [MODERN], requested: "" },
    ]);
    for (const reply of replies) expect((reply["error"] as Json)["message"]).toContain(MODERN);
  });

  it("refuses a request without client capabilities, and a method the era has not (ping)", async () => {
    const server = new RawServer(["--protocol", MODERN]);
    const { "io.modelcontextprotocol/clientCapabilities": _dropped, ...withoutCapabilities } = META;
    server.request(1, "tools/list", { _meta: withoutCapabilities });
    server.request(2, "ping", { _meta: META });
    const [noCapabilities, ping] = await server.messages(2);
    expect((noCapabilities?.["error"] as Json)["code"]).toBe(-32602);
    expect((noCapabilities?.["error"] as Json)["message"]).toContain("clientCapabilities");
    expect((ping?.["error"] as Json)["code"]).toBe(-32601);
  });

  it("lists the tools in the same order in every process, and in the handshake's era too", async () => {
    const names = async (args: string[], handshake: boolean): Promise<unknown> => {
      const server = new RawServer(args);
      if (handshake) await server.handshake();
      server.request(7, "tools/list", handshake ? {} : { _meta: META });
      const reply = await server.nextMessage();
      return ((reply["result"] as Json)["tools"] as Json[]).map((tool) => tool["name"]);
    };
    const modern = await names(["--protocol", MODERN, "--mode", "hostile"], false);
    expect(await names(["--protocol", MODERN, "--mode", "hostile"], false)).toEqual(modern);
    expect(await names(["--mode", "hostile"], true)).toEqual(modern);
  });
});

describe("--protocol both: the era read off each request", () => {
  it("serves a handshake session and stateless requests side by side, and records each era", async () => {
    const log = path.join(scratch, "both-log.jsonl");
    const record = path.join(scratch, "both-record.jsonl");
    const server = new RawServer(["--protocol", "both", "--log", log, "--record", record]);
    server.request(1, "server/discover", { _meta: META });
    const discover = await server.nextMessage();
    expect((discover["result"] as Json)["supportedVersions"]).toEqual([MODERN, "2025-06-18"]);
    const init = await server.handshake();
    expect((init["result"] as Json)["protocolVersion"]).toBe("2025-06-18");
    server.request(2, "tools/call", { name: "word_count", arguments: { text: "one two" } });
    server.request(3, "tools/call", { _meta: META, name: "word_count", arguments: { text: "one two three" } });
    const [legacy, modern] = await server.messages(2);
    expect(legacy?.["result"]).toEqual({ content: [{ type: "text", text: "2" }] });
    expect(modern?.["result"]).toEqual({ content: [{ type: "text", text: "3" }], resultType: "complete" });
    server.endInput();
    await server.exit;
    expect(jsonLines(log).map((line) => [line["id"], line["era"]])).toEqual([
      [2, "2025-06-18"],
      [3, MODERN],
    ]);
    const messages = jsonLines(record).filter((entry) => entry["event"] === "message");
    expect(messages.map((entry) => [entry["method"], entry["era"]])).toEqual([
      ["server/discover", MODERN],
      ["initialize", "2025-06-18"],
      ["notifications/initialized", "2025-06-18"],
      ["tools/call", "2025-06-18"],
      ["tools/call", MODERN],
    ]);
  });

  it("refuses a modern request naming a version it does not speak, listing both it does", async () => {
    const server = new RawServer(["--protocol", "both"]);
    server.request(1, "tools/list", { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "2025-06-18" } });
    const reply = await server.nextMessage();
    expect(reply["error"]).toMatchObject({
      code: -32022,
      data: { supported: [MODERN, "2025-06-18"], requested: "2025-06-18" },
    });
  });

  it("ping mode pings only a handshake-era caller: a modern call is answered without a request", async () => {
    const server = new RawServer(["--protocol", "both", "--mode", "ping"]);
    server.request(1, "tools/call", { _meta: META, name: "word_count", arguments: { text: "a b" } });
    expect(await server.nextMessage()).toMatchObject({ id: 1, result: { resultType: "complete" } });
    await server.handshake();
    server.request(2, "tools/call", { name: "word_count", arguments: { text: "a b" } });
    expect(await server.nextMessage()).toMatchObject({ method: "ping" });
  });
});

describe("--protocol 2025-06-18 (the default): the chapter's server, unchanged", () => {
  it("refuses a discover probe before the handshake as it refuses anything else, and ignores _meta after", async () => {
    const server = new RawServer([]);
    server.request(1, "server/discover", { _meta: META });
    expect(await server.nextMessage()).toMatchObject({ id: 1, error: { code: -32600 } });
    await server.handshake();
    server.request(2, "tools/call", { _meta: META, name: "word_count", arguments: { text: "a b" } });
    expect((await server.nextMessage())["result"]).toEqual({ content: [{ type: "text", text: "2" }] });
  });
});

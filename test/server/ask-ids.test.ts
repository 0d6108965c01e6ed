/**
 * --ask-ids over real pipes: the ids the server's own requests to the client carry. A grader asks
 * with ids a careless client mistakes for no id (0, "") or rewrites ("0" for 0), so the server
 * asks with each at once, answers the call only once each is answered, and says when a response
 * carries another id than the one it asked with.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { unservedAsk } from "../../server/src/faults.js";
import { RawServer, buildServer, killAllServers } from "./raw-server.js";

beforeAll(() => buildServer());
afterEach(() => killAllServers());

const IDS = [0, "", "0", -3, 0.5, Number.MAX_SAFE_INTEGER];

describe("--ask-ids: the server's requests carry the ids given, in order", () => {
  it.each(["ping", "sampling"])(
    "%s mode asks once with each id, all at once, and answers the call once each is answered",
    async (mode) => {
      const server = new RawServer(["--mode", mode, "--ask-ids", JSON.stringify(IDS)]);
      await server.handshake();
      server.request(7, "tools/call", { name: "word_count", arguments: { text: "a b" } });
      // Every ask comes before any answer is sent, in the order given, each id with its type.
      const asked = await server.messages(IDS.length);
      expect(asked.map((message) => message["method"])).toEqual(
        IDS.map((_, index) => (mode === "ping" ? "ping" : unservedAsk(index).method)),
      );
      asked.forEach((message, index) => expect(Object.is(message["id"], IDS[index])).toBe(true));
      for (const id of IDS)
        server.send({
          jsonrpc: "2.0",
          id,
          ...(mode === "ping" ? { result: {} } : { error: { code: -32601, message: "no" } }),
        });
      expect(await server.nextMessage()).toMatchObject({ id: 7, result: { content: [{ text: "2" }] } });
      expect(server.stderr).not.toMatch(/expected the answer to/u);
    },
  );

  it("says so when a response carries the id as another type, and answers the call anyway", async () => {
    const server = new RawServer(["--mode", "ping", "--ask-ids", "[0]"]);
    await server.handshake();
    server.request(7, "tools/call", { name: "word_count", arguments: { text: "a b" } });
    expect(await server.nextMessage()).toMatchObject({ id: 0, method: "ping" });
    server.send({ jsonrpc: "2.0", id: "0", result: {} });
    expect(await server.nextMessage()).toMatchObject({ id: 7, result: { content: [{ text: "2" }] } });
    const said = /expected the answer to ping 0, got a response for id "0"/u;
    await server.until(() => said.test(server.stderr), 5000, "the server's word on the other id");
  });

  it("goes on with server-N once the ids given are spent", async () => {
    const server = new RawServer(["--mode", "ping", "--ask-ids", '["first"]']);
    await server.handshake();
    for (const [call, id] of [
      [1, "first"],
      [2, "server-2"],
    ] as const) {
      server.request(call, "tools/call", { name: "word_count", arguments: { text: "a" } });
      expect(await server.nextMessage()).toMatchObject({ id, method: "ping" });
      server.send({ jsonrpc: "2.0", id, result: {} });
      expect(await server.nextMessage()).toMatchObject({ id: call });
    }
  });
});

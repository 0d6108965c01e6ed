import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";

const recorder = path.join(__dirname, "../fixtures/servers/recording-server.mjs");
const open: StdioClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((made) => made.close()));
});
function recording(options: ConstructorParameters<typeof StdioClient>[1] = {}): {
  client: StdioClient;
  received: () => string;
} {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "mcp-rec-")), "stdin.jsonl");
  const client = new StdioClient([process.execPath, recorder, file], { allowed: ["env"], ...options });
  open.push(client);
  return { client, received: () => readFileSync(file, "utf8") };
}

describe("StdioClient options", () => {
  it.each([0, -1, 60_001, Number.NaN, Number.POSITIVE_INFINITY])("refuses timeout %s", (timeoutMs) => {
    expect(() => new StdioClient([process.execPath, recorder], { timeoutMs })).toThrow(UsageError);
    expect(() => new StdioClient([process.execPath, recorder], { timeoutMs })).toThrow(
      /expected a number of ms in \(0, 60000\]/,
    );
  });

  it("accepts the bounds' inside edge, 60000 ms", async () => {
    const made = new StdioClient([process.execPath, recorder], { timeoutMs: 60_000 });
    open.push(made);
    await expect(made.initialize()).resolves.toMatchObject({ protocolVersion: "2025-06-18" });
  });

  it("refuses an empty command", () => {
    expect(() => new StdioClient([])).toThrow(/no server command/);
  });

  it("gives the server PATH alone unless told otherwise", async () => {
    const { client } = recording();
    await client.initialize();
    await client.listTools();
    expect(JSON.parse(await client.callTool("env"))).toEqual(["PATH"]);
  });

  it("gives the server exactly the environment the caller passes", async () => {
    const { client } = recording({ env: { PATH: process.env["PATH"] ?? "", SHOP: "lucy" } });
    await client.initialize();
    await client.listTools();
    expect(JSON.parse(await client.callTool("env"))).toEqual(["PATH", "SHOP"]);
  });

  it("refuses an advertised but not allowed tool before a single byte is sent", async () => {
    const { client, received } = recording();
    await client.initialize();
    await client.listTools();
    const before = received();
    await expect(client.callTool("danger", {})).rejects.toMatchObject({ code: "refused", reason: "not-allowed" });
    expect(received()).toBe(before);
  });

  it("refuses an allowed tool the server did not advertise, before a byte is sent", async () => {
    const { client, received } = recording({ allowed: ["env", "word_count"] });
    await client.initialize();
    await client.listTools();
    const before = received();
    await expect(client.callTool("word_count", { text: "a" })).rejects.toMatchObject({ reason: "not-advertised" });
    expect(received()).toBe(before);
  });

  it("sends initialize, then notifications/initialized, then tools/list, in that order", async () => {
    const { client, received } = recording();
    await client.initialize();
    await client.listTools();
    const methods = received()
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { method: string }).method);
    expect(methods).toEqual(["initialize", "notifications/initialized", "tools/list"]);
  });

  it("refuses listTools before the handshake", async () => {
    const { client } = recording();
    await expect(client.listTools()).rejects.toMatchObject({ reason: "not-initialized" });
  });

  it("reports a server that cannot be started as closed, and close() still resolves", async () => {
    const made = new StdioClient(["/nonexistent/server"]);
    await expect(made.initialize()).rejects.toMatchObject({ code: "closed" });
    await expect(made.close()).resolves.toBeNull();
  });

  it("works with try/finally and Symbol.asyncDispose", async () => {
    const { client } = recording();
    await client.initialize();
    await client[Symbol.asyncDispose]();
    await expect(client.listTools()).rejects.toMatchObject({ code: "closed", reason: "client-closed" });
  });
});

/**
 * Our StdioClient against MCP servers nobody here wrote, installed from npm at pinned versions and
 * started as real subprocesses behind a wire recorder, so each test can say what the server sent.
 * What each one really does is written in the test names.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { groupIsEmpty } from "../../lib/src/client/process-group.js";
import { MAX_TOOLS, PROTOCOL_VERSION } from "../../lib/src/protocol/constants.js";
import { RefusedError } from "../../lib/src/errors/refused-error.js";
import { ToolError } from "../../lib/src/errors/tool-error.js";
import { binOf, callsReceived, fromServerWithMethod, recorded, START_TIMEOUT_MS, versionOf } from "./real-peers.js";

/** PATH alone is enough for both servers: neither reads HOME or anything else at start-up. */
const ENV = { PATH: process.env["PATH"] ?? "" };

describe(`server-everything ${versionOf("@modelcontextprotocol/server-everything")} (stdio)`, () => {
  const { command, wire, removeLog } = recorded([binOf("@modelcontextprotocol/server-everything"), "stdio"]);
  const client = new StdioClient(command, { allowed: ["echo"], env: ENV, timeoutMs: START_TIMEOUT_MS });
  afterAll(async () => {
    await client.close();
    removeLog();
  });

  it("answers initialize at 2025-06-18, the version we asked for, and offers tools (listChanged)", async () => {
    const server = await client.initialize();
    expect(server.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(server.serverInfo?.name).toBe("mcp-servers/everything");
    expect(server.capabilities.tools).toEqual({ listChanged: true });
  });

  it("advertises 13 tools to a client that declares no capabilities (its roots, sampling and elicitation tools stay hidden), within our bound", async () => {
    const names = (await client.listTools()).map((tool) => tool.name);
    expect(names).toHaveLength(13);
    expect(names.length).toBeLessThanOrEqual(MAX_TOOLS);
    expect(names).toEqual(expect.arrayContaining(["echo", "get-env", "get-sum", "trigger-long-running-operation"]));
    expect(names).not.toContain("get-roots-list");
    expect(names).not.toContain("trigger-sampling-request");
    expect(client.allowedTools().map((tool) => tool.name)).toEqual(["echo"]);
  });

  it("runs echo, which the application allowed", async () => {
    await expect(client.callTool("echo", { message: "vanilla stock needs review" })).resolves.toBe(
      "Echo: vanilla stock needs review",
    );
  });

  it("never hears of get-env: advertised, not allowed, refused before a byte is sent (it would hand over the server's environment)", async () => {
    const refusal = await client.callTool("get-env").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RefusedError);
    expect((refusal as RefusedError).reason).toBe("not-allowed");
    expect(callsReceived(wire())).toEqual(["echo"]);
    await expect(client.callTool("echo", { message: "still here" })).resolves.toBe("Echo: still here"); // the refusal spoiled nothing
  });

  it("sends notifications/tools/list_changed after notifications/initialized (our client skips it) and no request to a client without capabilities", () => {
    const sent = fromServerWithMethod(wire());
    expect(sent).toContainEqual({ method: "notifications/tools/list_changed", isRequest: false });
    expect(sent.filter((message) => message.isRequest)).toEqual([]);
  });

  it("exits 0 once its input ends, and leaves no process in its group", async () => {
    const pid = client.pid!;
    await expect(client.close()).resolves.toBe(0);
    expect(groupIsEmpty(pid)).toBe(true);
  });
});

describe(`server-filesystem ${versionOf("@modelcontextprotocol/server-filesystem")} (a temporary folder holding one file)`, () => {
  const folder = mkdtempSync(path.join(tmpdir(), "mcp-fs-"));
  const note = path.join(folder, "note.txt");
  const forbidden = path.join(folder, "written.txt");
  writeFileSync(note, "vanilla: 4 tubs\n");
  const { command, wire, removeLog } = recorded([binOf("@modelcontextprotocol/server-filesystem"), folder]);
  const client = new StdioClient(command, { allowed: ["read_text_file"], env: ENV, timeoutMs: START_TIMEOUT_MS });
  afterAll(async () => {
    await client.close();
    removeLog();
    rmSync(folder, { recursive: true, force: true });
  });

  it("answers initialize at 2025-06-18 as secure-filesystem-server, tools only", async () => {
    const server = await client.initialize();
    expect(server.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(server.serverInfo?.name).toBe("secure-filesystem-server");
    expect(Object.keys(server.capabilities)).toEqual(["tools"]);
  });

  it("advertises 14 tools, write_file among them", async () => {
    const names = (await client.listTools()).map((tool) => tool.name);
    expect(names).toHaveLength(14);
    expect(names).toEqual(expect.arrayContaining(["read_text_file", "write_file", "edit_file", "move_file"]));
  });

  it("reads the file in its folder with read_text_file, which the application allowed", async () => {
    await expect(client.callTool("read_text_file", { path: note })).resolves.toBe("vanilla: 4 tubs\n");
  });

  it("reports a path outside its folder as a tool failure (isError), which our client raises as ToolError", async () => {
    const failure = await client.callTool("read_text_file", { path: "/etc/hostname" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ToolError);
    expect((failure as ToolError).text).toMatch(/access denied/i);
  });

  it("never receives write_file: refused before a byte is sent, and the file never appears", async () => {
    const refusal = await client
      .callTool("write_file", { path: forbidden, content: "order 40 tubs" })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RefusedError);
    expect((refusal as RefusedError).reason).toBe("not-allowed");
    expect(existsSync(forbidden)).toBe(false);
    expect(callsReceived(wire())).toEqual(["read_text_file", "read_text_file"]);
  });

  it("sends nothing unasked: no notification, and no roots/list since we declared no roots (it falls back to its argument folder)", () => {
    expect(fromServerWithMethod(wire())).toEqual([]);
  });

  it("exits 0 once its input ends, and leaves no process in its group", async () => {
    const pid = client.pid!;
    await expect(client.close()).resolves.toBe(0);
    expect(groupIsEmpty(pid)).toBe(true);
  });
});

describe("a server built on the official SDK that asks the client things mid-call", () => {
  const { command, wire, removeLog } = recorded([path.join(__dirname, "fixtures/sdk-asking-server.mjs")]);
  const client = new StdioClient(command, { allowed: ["ask_client"], env: ENV, timeoutMs: START_TIMEOUT_MS });
  beforeAll(async () => {
    await client.initialize();
    await client.listTools();
  });
  afterAll(async () => {
    await client.close();
    removeLog();
  });

  it("gets {} for its ping and -32601 for roots/list, and the call still completes", async () => {
    const report = JSON.parse(await client.callTool("ask_client")) as Record<string, unknown>;
    expect(report).toEqual({
      ping: { answered: {} },
      roots: { error: { code: -32601, message: "MCP error -32601: method not found: roots/list" } },
      declared: {},
    });
    const asked = fromServerWithMethod(wire())
      .filter((message) => message.isRequest)
      .map((message) => message.method);
    expect(asked).toEqual(["ping", "roots/list"]);
  });

  it("exits 0 once its input ends, and leaves no process in its group", async () => {
    const pid = client.pid!;
    await expect(client.close()).resolves.toBe(0);
    expect(groupIsEmpty(pid)).toBe(true);
  });
});

describe("contrast: the SDK's own client, declaring roots, sampling and elicitation, against server-everything", () => {
  it("is sent roots/list by the server and is shown the conditional tools our client never sees", async () => {
    const client = new Client(
      { name: "contrast", version: "1.0.0" },
      { capabilities: { roots: {}, sampling: {}, elicitation: {} } },
    );
    let rootsAsked = false;
    client.setRequestHandler(ListRootsRequestSchema, () => {
      rootsAsked = true;
      return { roots: [] };
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [binOf("@modelcontextprotocol/server-everything"), "stdio"],
      env: ENV,
      stderr: "ignore",
    });
    try {
      await client.connect(transport, { timeout: START_TIMEOUT_MS });
      await expect.poll(() => rootsAsked, { timeout: START_TIMEOUT_MS }).toBe(true);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names.length).toBeGreaterThan(13);
      expect(names).toEqual(
        expect.arrayContaining(["get-roots-list", "trigger-sampling-request", "trigger-elicitation-request"]),
      );
    } finally {
      await client.close();
    }
  });
});

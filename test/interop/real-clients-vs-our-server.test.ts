/**
 * Clients nobody here wrote against our teaching server (normal mode): the official TypeScript
 * SDK's Client over its StdioClientTransport, and the MCP Inspector's command-line mode.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { TEACHING_SERVER } from "../../lib/src/client/teaching-server.js";
import { PROTOCOL_VERSION } from "../../lib/src/protocol/constants.js";
import { packageDir, START_TIMEOUT_MS, versionOf } from "./real-peers.js";

const ENV = { PATH: process.env["PATH"] ?? "" };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe(`the official SDK client (@modelcontextprotocol/sdk ${versionOf("@modelcontextprotocol/sdk")})`, () => {
  it("asks for its latest version, accepts our 2025-06-18, lists word_count and place_purchase, counts 4 words, and closes the server", async () => {
    const client = new Client({ name: "sdk-interop", version: "1.0.0" });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [TEACHING_SERVER, "--mode", "normal"],
      env: ENV,
      stderr: "ignore",
    });
    const negotiated: string[] = [];
    // The SDK's Client tells its transport the negotiated version through this optional hook.
    (transport as Transport).setProtocolVersion = (version: string) => void negotiated.push(version);
    try {
      await client.connect(transport, { timeout: START_TIMEOUT_MS });
      // The SDK offers its newest revision; our server answers the one it speaks, which the SDK also supports.
      expect(LATEST_PROTOCOL_VERSION).not.toBe(PROTOCOL_VERSION);
      expect(negotiated).toEqual([PROTOCOL_VERSION]);
      expect(client.getServerVersion()?.name).toBeTypeOf("string");
      expect(client.getServerCapabilities()?.tools).toBeDefined();

      const { tools, nextCursor } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["word_count", "place_purchase"]);
      expect(nextCursor).toBeUndefined();

      const result = await client.callTool({ name: "word_count", arguments: { text: "vanilla stock needs review" } });
      expect(result.isError ?? false).toBe(false);
      expect(result.content).toEqual([{ type: "text", text: "4" }]);
    } finally {
      const pid = transport.pid;
      await client.close();
      if (pid !== null) await expect.poll(() => isAlive(pid), { timeout: 5000 }).toBe(false);
    }
  });
});

/**
 * @modelcontextprotocol/inspector itself requires Node >= 22.7.5 (1.x and 2.x), so it is not
 * installed here; its command-line mode ships separately as @modelcontextprotocol/inspector-cli,
 * which runs on Node 20. Its build reads "../package.json" relative to the working directory, so
 * it is started from its own build folder.
 */
const INSPECTOR_CLI_DIR = path.join(packageDir("@modelcontextprotocol/inspector-cli"), "build");
const INSPECTOR_CLI = path.join(INSPECTOR_CLI_DIR, "index.js");
const inspectorMissing = existsSync(INSPECTOR_CLI) ? false : `not installed at ${INSPECTOR_CLI}`;

async function inspect(...args: string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [INSPECTOR_CLI, process.execPath, TEACHING_SERVER, "--mode", "normal", ...args],
    {
      cwd: INSPECTOR_CLI_DIR,
      env: ENV,
      timeout: START_TIMEOUT_MS,
    },
  );
  return JSON.parse(stdout);
}

describe.skipIf(inspectorMissing !== false)(
  `the MCP Inspector's CLI mode (@modelcontextprotocol/inspector-cli ${inspectorMissing === false ? versionOf("@modelcontextprotocol/inspector-cli") : inspectorMissing})`,
  () => {
    it("lists word_count and place_purchase (--method tools/list)", async () => {
      const listed = (await inspect("--method", "tools/list")) as { tools: Array<{ name: string }> };
      expect(listed.tools.map((tool) => tool.name)).toEqual(["word_count", "place_purchase"]);
    });

    it("calls word_count and gets 4 (--method tools/call)", async () => {
      const result = await inspect(
        "--method",
        "tools/call",
        "--tool-name",
        "word_count",
        "--tool-arg",
        "text=vanilla stock needs review",
      );
      expect(result).toEqual({ content: [{ type: "text", text: "4" }] });
    });
  },
);

// Complete tier only: starts the teaching server in every 2026-07-28 mode and checks each line against the SDK's schemas.
/**
 * Every line the teaching server writes in each mode that serves the 2026-07-28 era, errors
 * included, checked against the official v2 SDK's exported message schemas
 * (@modelcontextprotocol/core 2.4.0, pinned): each must be accepted, and its parsed form must
 * deep-equal what was written, since a schema that strips unknown keys would otherwise hide them.
 * The only lines left out are those a failure mode breaks on purpose (listed below, by mode).
 */
import {
  CallToolResultSchema,
  DiscoverResultSchema,
  InitializeResultSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  ListToolsResultSchema,
  ServerNotificationSchema,
} from "@modelcontextprotocol/core";
import { once } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { STDOUT_LOG_LINE } from "../../server/src/faults.js";
import { MODES } from "../../server/src/modes.js";
import { RawServer, killAllServers, sleep, type Json } from "../server/raw-server.js";

afterAll(() => killAllServers()); // not afterEach: the cases run concurrently

const MODERN = "2026-07-28";
const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "schema-check", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/**
 * What we send, by id: the method each reply answers decides its result's schema. Ids ten apart,
 * so wrong-id's id + 1 labels no request of ours.
 */
const REQUESTS: ReadonlyArray<{ id: number; method: string; params: Json }> = [
  {
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "schema-check", version: "1" } },
  },
  { id: 20, method: "server/discover", params: { _meta: META } },
  { id: 30, method: "tools/list", params: { _meta: META } },
  { id: 40, method: "tools/call", params: { _meta: META, name: "word_count", arguments: { text: "a b c d" } } },
  {
    id: 5,
    method: "tools/list",
    params: { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "2030-01-01" } },
  },
  { id: 60, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": MODERN } } },
  { id: 70, method: "resources/list", params: { _meta: META } },
  { id: 80, method: "tools/call", params: { _meta: META, name: "no_such_tool", arguments: {} } },
];

const RESULT_SCHEMAS: Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }> = {
  initialize: InitializeResultSchema,
  "server/discover": DiscoverResultSchema,
  "tools/list": ListToolsResultSchema,
  "tools/call": CallToolResultSchema,
};

/**
 * Lines a mode breaks on purpose: not MCP messages, so no schema should accept them. stdout-log's
 * log line, and a reply trickle or endless never finishes (cut off when the server exits).
 */
function brokenOnPurpose(mode: string, line: string): boolean {
  if (mode === "stdout-log") return line === STDOUT_LOG_LINE;
  if (mode === "trickle" || mode === "endless") return !parses(line);
  return false;
}

function parses(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

function accepted(
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  value: unknown,
  what: string,
): void {
  const parsed = schema.safeParse(value);
  expect(parsed.success, what).toBe(true);
  expect(parsed.data, what).toStrictEqual(value);
}

function check(mode: string, line: string): void {
  const message = JSON.parse(line) as Json;
  const what = `${mode}: ${line.slice(0, 200)}`;
  accepted(JSONRPCMessageSchema, message, what);
  if ("method" in message) {
    expect("id" in message, `${what}: a 2026-07-28 server sends no requests on stdio`).toBe(false);
    accepted(ServerNotificationSchema, { method: message["method"], params: message["params"] }, what);
  } else if ("error" in message) {
    accepted(JSONRPCErrorResponseSchema, message, what);
  } else {
    const method = REQUESTS.find((request) => request.id === message["id"])?.method;
    // A reply labeled with an id we never sent (wrong-id) has no method to check its result by.
    if (method !== undefined) accepted(RESULT_SCHEMAS[method]!, message["result"], what);
  }
}

/** Every line the server wrote for REQUESTS; a line still unfinished when it exits is broken on purpose (trickle, endless). */
async function linesOf(mode: string, protocol: string): Promise<string[]> {
  const server = new RawServer(["--mode", mode, "--protocol", protocol, "--endless-bytes", "4096"]);
  for (const request of REQUESTS) server.request(request.id, request.method, request.params);
  // Long enough for drip's twelve notes and reverse's held reply; the input then ends.
  await sleep(mode === "drip" ? 5500 : mode === "reverse" ? 2200 : 400);
  server.endInput();
  // Every byte is in once stdout has ended (the exit event can come before the last chunk).
  const ended = server.child.stdout.readableEnded ? Promise.resolve() : once(server.child.stdout, "end");
  await Promise.race([ended, sleep(10_000)]);
  const lines: string[] = [];
  while (server.waitingLines > 0) lines.push(await server.nextLine());
  return lines;
}

const MODERN_MODES = MODES.filter((mode) => (mode.eras as readonly string[]).includes(MODERN)).map((mode) => mode.name);

describe("the teaching server's 2026-07-28 lines against the v2 SDK's schemas", () => {
  it.concurrent.each(MODERN_MODES.flatMap((mode) => [MODERN, "both"].map((protocol) => [mode, protocol] as const)))(
    "--mode %s --protocol %s",
    async (mode, protocol) => {
      const lines = await linesOf(mode, protocol);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) if (!brokenOnPurpose(mode, line)) check(mode, line);
    },
    30_000,
  );

  it("the check fails a line a schema would strip, and a server request", () => {
    // A schema that strips what it does not know accepts the line; the deep-equal catches it.
    const stripping = {
      safeParse: (value: unknown) => ({ success: true, data: { ...(value as Json), junk: undefined } }),
    };
    expect(() => accepted(stripping, { content: [], junk: 1 }, "stripped")).toThrow();
    expect(() => check("ping", JSON.stringify({ jsonrpc: "2.0", id: "server-1", method: "ping" }))).toThrow();
    expect(() =>
      check("normal", JSON.stringify({ jsonrpc: "2.0", id: 20, result: { supportedVersions: "2026-07-28" } })),
    ).toThrow();
  });
});

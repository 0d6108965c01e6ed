import { z } from "zod";
import { MAX_TOOLS, PROTOCOL_VERSION } from "./constants.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { describeValue, preview } from "../errors/wording.js";
import type { JsonObject } from "./messages.js";

/** What a server tells us about itself in its initialize result (the fields we rely on). */
export interface InitializeResult {
  readonly protocolVersion: string;
  readonly capabilities: JsonObject & { readonly tools: JsonObject };
  readonly serverInfo?: { readonly name: string; readonly version: string };
  readonly instructions?: string;
}

/** One advertised tool: a description for a model, and a JSON Schema for its arguments. */
export interface McpTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonObject & { readonly type: "object" };
  readonly [extra: string]: unknown;
}

const serverInfoShape = z.object({ name: z.string(), version: z.string() }).passthrough();

/**
 * The server must answer with our pinned version and offer tools; otherwise nothing after the
 * handshake may happen. We speak exactly one version, so any other is refused.
 */
export function checkInitialize(result: JsonObject, version: string = PROTOCOL_VERSION): InitializeResult {
  const offered = result["protocolVersion"];
  if (offered !== version) {
    throw new ProtocolError("version", {
      what: `server speaks ${typeof offered === "string" ? JSON.stringify(offered) : describeValue(offered)}, not ${version}`,
      expected: `protocolVersion ${JSON.stringify(version)}`,
      received: describeValue(offered),
    });
  }
  const capabilities = result["capabilities"];
  if (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities)) {
    throw new ProtocolError("capabilities", {
      what: "initialize result has no capabilities object",
      expected: "capabilities: {...}",
      received: describeValue(capabilities),
    });
  }
  const tools = (capabilities as JsonObject)["tools"];
  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {
    throw new ProtocolError("capabilities", {
      what: "server does not offer tools",
      expected: "capabilities.tools to be an object",
      received: describeValue(tools),
    });
  }
  const info = result["serverInfo"] === undefined ? undefined : serverInfoShape.safeParse(result["serverInfo"]);
  if (info && !info.success) {
    throw new ProtocolError("bad-response", {
      what: "initialize result has a malformed serverInfo",
      expected: "{name, version} strings",
      received: preview(result["serverInfo"]),
    });
  }
  return result as unknown as InitializeResult;
}

/**
 * Discovery, validated: a bounded, unpaginated list of uniquely named tools, each taking an
 * object of arguments. The list describes what the server offers; it grants nothing.
 */
export function checkTools(result: JsonObject, limit: number = MAX_TOOLS): McpTool[] {
  const cursor = result["nextCursor"];
  if (cursor !== undefined && cursor !== null) {
    throw new ProtocolError("catalog", {
      what: "tool list is paginated",
      expected: "one page with no nextCursor (this client does not follow cursors unless maxPages is set)",
      received: `nextCursor ${preview(cursor)}`,
    });
  }
  return checkToolsPage(result, limit, new Set()).tools;
}

/**
 * One page of a paginated tools/list. `seen` holds the names of earlier pages, so names stay
 * unique and `limit` bounds the tools of all pages together.
 */
export function checkToolsPage(
  result: JsonObject,
  limit: number,
  seen: Set<string>,
): { tools: McpTool[]; nextCursor?: string } {
  const tools = result["tools"];
  if (!Array.isArray(tools)) {
    throw new ProtocolError("catalog", {
      what: "tools/list result has no tools array",
      expected: "tools: [...]",
      received: describeValue(tools),
    });
  }
  if (seen.size + tools.length > limit) {
    throw new ProtocolError("catalog", {
      what: `server advertises ${seen.size + tools.length} tools`,
      expected: `at most ${limit}`,
      received: `${seen.size + tools.length}`,
      limit: `tool limit ${limit}`,
    });
  }
  const before = seen.size;
  const checked = tools.map((tool: unknown, index) => checkTool(tool, before + index, seen));
  const cursor = result["nextCursor"];
  if (cursor === undefined || cursor === null) return { tools: checked };
  if (typeof cursor !== "string" || cursor === "") {
    throw new ProtocolError("catalog", {
      what: "tools/list has a malformed nextCursor",
      expected: "a non-empty string",
      received: describeValue(cursor),
    });
  }
  return { tools: checked, nextCursor: cursor };
}

function checkTool(tool: unknown, index: number, seen: Set<string>): McpTool {
  const name = typeof tool === "object" && tool !== null ? (tool as JsonObject)["name"] : undefined;
  if (typeof name !== "string" || name.length === 0 || seen.has(name)) {
    throw new ProtocolError("catalog", {
      what: `tool ${index} has ${seen.has(name as string) ? "a duplicate" : "an invalid"} name`,
      expected: "a unique, non-empty string name",
      received: describeValue(name),
    });
  }
  seen.add(name);
  const schema = (tool as JsonObject)["inputSchema"];
  if (
    typeof schema !== "object" ||
    schema === null ||
    Array.isArray(schema) ||
    (schema as JsonObject)["type"] !== "object"
  ) {
    throw new ProtocolError("catalog", {
      what: `tool ${JSON.stringify(name)} lacks an object input schema`,
      expected: 'inputSchema with type "object"',
      received: describeValue(schema),
    });
  }
  const description = (tool as JsonObject)["description"];
  if (description !== undefined && typeof description !== "string") {
    throw new ProtocolError("catalog", {
      what: `tool ${JSON.stringify(name)} has a non-text description`,
      expected: "a string",
      received: describeValue(description),
    });
  }
  return tool as McpTool;
}

// The handshake and discovery, validated: what the server says is checked before it is used.
import {
  MAX_TOOLS,
  PROTOCOL_VERSION,
  ProtocolError,
  type InitializeResult,
  type JsonObject,
  type McpTool,
} from "mcp-workbook";
import { notImplemented } from "./not-implemented.js";

export { PROTOCOL_VERSION, ProtocolError };

/**
 * The server must answer with our pinned version and offer tools; otherwise nothing after the
 * handshake may happen. We speak exactly one version, so any other is refused
 * (ProtocolError, reason "version"; no capabilities.tools object: reason "capabilities").
 */
export function checkInitialize(result: JsonObject, version: string = PROTOCOL_VERSION): InitializeResult {
  // TODO: compare result.protocolVersion with `version`; require capabilities.tools to be an object.
  return notImplemented("checkInitialize");
}

/**
 * Discovery, validated: a bounded, unpaginated list of uniquely named tools, each taking an
 * object of arguments (inputSchema.type "object"). The list describes what the server offers;
 * it grants nothing. Refusals are ProtocolError with reason "catalog".
 */
export function checkTools(result: JsonObject, limit: number = MAX_TOOLS): McpTool[] {
  // TODO: no nextCursor; tools is an array of at most `limit`; names unique and non-empty;
  //       every inputSchema has type "object".
  return notImplemented("checkTools");
}

/**
 * The two protocol eras the teaching server can speak, and how one request is placed in one.
 *
 * 2025-06-18 is the chapter's: an `initialize` handshake opens a session. 2026-07-28 (the
 * workbook's update; MCP specification 2026-07-28, basic/versioning.mdx) has no handshake: every
 * request names its version, client and capabilities in `_meta`, and a server that does not speak
 * the named version answers -32022 with the versions it does. `--protocol` chooses one era, or
 * both (the spec's "dual-era" server, which reads the era off each request).
 *
 * Written from the spec, importing nothing from an SDK, so the interop tests prove something.
 */
import { INVALID_PARAMS, isObject, preview, type JsonObject, type RequestId } from "./jsonrpc.js";

export const LEGACY_VERSION = "2025-06-18";
export const MODERN_VERSION = "2026-07-28";

/** A request's era: the protocol revision it is answered under. */
export type Era = typeof LEGACY_VERSION | typeof MODERN_VERSION;

/** What `--protocol` accepts: one era, or both. */
export const PROTOCOL_CHOICES = [LEGACY_VERSION, MODERN_VERSION, "both"] as const;
export type ProtocolChoice = (typeof PROTOCOL_CHOICES)[number];

export function isProtocolChoice(value: string): value is ProtocolChoice {
  return (PROTOCOL_CHOICES as readonly string[]).includes(value);
}

/** The eras a choice serves, the modern one first (a client picks from the front). */
export function erasOf(choice: ProtocolChoice): readonly Era[] {
  if (choice === "both") return [MODERN_VERSION, LEGACY_VERSION];
  return [choice];
}

/** The `_meta` keys of a modern request (schema 2026-07-28, RequestMetaObject). */
export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

/** UnsupportedProtocolVersionError (schema 2026-07-28). */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** How long a client may keep a list or discovery result (caching.mdx): it changes only with a restart. */
export const LIST_TTL_MS = 60_000;

function metaOf(params: JsonObject): JsonObject | undefined {
  const meta = params["_meta"];
  return isObject(meta) ? meta : undefined;
}

/**
 * The era a request is answered under. A one-era server answers every request in its era (and
 * refuses what does not fit it); a dual-era one reads it off the request: a protocol version in
 * `_meta` claims the modern era, anything else is the handshake's.
 */
export function eraOfRequest(choice: ProtocolChoice, params: JsonObject): Era {
  if (choice !== "both") return choice;
  const meta = metaOf(params);
  return meta !== undefined && META_PROTOCOL_VERSION in meta ? MODERN_VERSION : LEGACY_VERSION;
}

/**
 * A modern request's `_meta`, checked: undefined when it is good, or the JSON-RPC error to answer.
 * A missing or unsupported version is -32022 naming the versions this server speaks (so even a
 * 2025-era `initialize` learns them, as basic/versioning.mdx asks); missing capabilities are invalid params.
 */
export function checkModernMeta(
  id: RequestId,
  params: JsonObject,
  method: string,
  choice: ProtocolChoice,
): JsonObject | undefined {
  const meta = metaOf(params) ?? {};
  const requested = meta[META_PROTOCOL_VERSION];
  if (requested !== MODERN_VERSION) {
    // An initialize names its version in params; say that one back, it is what the client asked for.
    const named = typeof requested === "string" ? requested : method === "initialize" ? params["protocolVersion"] : "";
    const said = typeof named === "string" && named !== "" ? named : "";
    const supported = [...erasOf(choice)];
    return {
      jsonrpc: "2.0",
      id,
      error: {
        code: UNSUPPORTED_PROTOCOL_VERSION,
        message:
          said === ""
            ? `Unsupported protocol version: the request names none in _meta "${META_PROTOCOL_VERSION}"; this server speaks ${supported.join(", ")}`
            : `Unsupported protocol version: ${preview(said)}; this server speaks ${supported.join(", ")}`,
        data: { supported, requested: said },
      },
    };
  }
  if (!isObject(meta[META_CLIENT_CAPABILITIES])) {
    return {
      jsonrpc: "2.0",
      id,
      error: {
        code: INVALID_PARAMS,
        message: `Invalid params: _meta "${META_CLIENT_CAPABILITIES}" must be an object (an empty one declares none), got ${preview(meta[META_CLIENT_CAPABILITIES])}`,
      },
    };
  }
  return undefined;
}

/** A complete, cacheable modern result: the same for every caller, fresh for LIST_TTL_MS. */
export function cacheable(result: JsonObject): JsonObject {
  return { ...result, resultType: "complete", ttlMs: LIST_TTL_MS, cacheScope: "public" };
}

/** A complete modern result that is not cached (tools/call). */
export function complete(result: JsonObject): JsonObject {
  return { ...result, resultType: "complete" };
}

/** The server/discover result (server/discover.mdx). */
export function discoverResult(
  choice: ProtocolChoice,
  capabilities: JsonObject,
  serverInfo: JsonObject,
  instructions: string,
): JsonObject {
  return cacheable({
    supportedVersions: [...erasOf(choice)],
    capabilities,
    instructions,
    _meta: { [META_SERVER_INFO]: serverInfo },
  });
}

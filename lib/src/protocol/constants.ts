/** The one MCP revision this client speaks. Any other answer to initialize is refused. */
export const PROTOCOL_VERSION = "2025-06-18";

/** Bytes in one frame, newline included, unless the caller chooses another bound. */
export const DEFAULT_FRAME_LIMIT = 65_536;

/** Messages that are not the awaited reply (notifications, the server's own requests) skipped per request. */
export const MAX_SKIPPED_MESSAGES = 16;

/** Tools one unpaginated tools/list may advertise. */
export const MAX_TOOLS = 32;

/**
 * JSON-RPC 2.0's named error codes, the one place lib spells their numbers. The teaching server
 * (its own package, which must not load lib) keeps its own copy in server/src/jsonrpc.ts; a test
 * holds the two equal.
 */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

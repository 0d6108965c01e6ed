// Framing: one message is one line of bytes, bounded before anything is parsed.
import { DEFAULT_FRAME_LIMIT, ProtocolError, UsageError, type JsonRpcMessage } from "mcp-workbook";
import { notImplemented } from "./not-implemented.js";

export { ProtocolError, UsageError };

/**
 * One message as one frame: compact JSON (which escapes every newline inside strings), then
 * "\n". Refuses values JSON cannot carry faithfully (NaN, Infinity, bigint, a function, a symbol,
 * undefined in an array, a cycle) instead of letting JSON.stringify turn them into null or leave
 * them out (UsageError, reason "unencodable"); a property holding undefined is left out. Refuses a
 * frame over `limit` bytes, newline included (UsageError, reason "frame-limit": the message is the
 * caller's, so it is the caller's mistake).
 */
export function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {
  // TODO: JSON.stringify, add "\n", count BYTES (Buffer.byteLength), refuse over the limit.
  return notImplemented("encodeFrame");
}

/**
 * Turns a byte stream into whole lines (frames), bounded before anything is parsed.
 *
 * Keep bytes as bytes until a line is complete, so a UTF-8 character split across two reads is
 * decoded whole later. A frame may hold at most `limit` bytes, its newline included; the moment
 * the unfinished line can no longer fit, refuse it (ProtocolError, reason "frame-limit") and
 * drop what you held, so an endless line is never held whole.
 */
export class FrameReader {
  readonly limit: number;

  constructor(limit: number = DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    // TODO: a place to keep the unfinished line's bytes (an array of Buffers and a byte count).
  }

  /** Adds bytes; returns every line they complete, without its newline. */
  feed(chunk: Uint8Array): Buffer[] {
    // TODO: find each newline; join the held bytes and the new ones into a frame; keep the rest;
    //       refuse as soon as held bytes + 1 (the newline to come) exceed the limit.
    return notImplemented("FrameReader.feed");
  }
}

/**
 * One frame must be one JSON-RPC 2.0 object. Anything else (a log line, an array, a bare
 * value, invalid UTF-8) is a broken protocol, reported as such rather than skipped
 * (ProtocolError, reason "malformed-frame" or "not-json-rpc").
 */
export function parseFrame(frame: Uint8Array | string): JsonRpcMessage {
  // TODO: decode UTF-8 strictly (new TextDecoder("utf-8", { fatal: true })), JSON.parse, then
  //       require a plain object whose jsonrpc is "2.0".
  return notImplemented("parseFrame");
}

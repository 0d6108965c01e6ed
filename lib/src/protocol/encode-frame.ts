import { DEFAULT_FRAME_LIMIT } from "./constants.js";
import { ProtocolError } from "./errors/protocol-error.js";

/**
 * One message as one frame: compact JSON (which escapes every newline inside strings), then
 * "\n". Refuses values JSON cannot carry faithfully (NaN, Infinity, bigint) instead of letting
 * JSON.stringify turn them into null, and refuses a frame over `limit` bytes, newline included.
 */
export function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {
  let json: string | undefined;
  try {
    json = JSON.stringify(message);
    // JSON.stringify writes NaN and Infinity as null. Only when a null appears is it worth the
    // slower walk with a replacer that tells a real null from a number JSON cannot carry.
    if (json?.includes("null")) JSON.stringify(message, refuseNonFinite);
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    throw new ProtocolError(
      "not-json",
      { what: "message cannot be encoded as JSON", expected: "plain JSON values", received: String(error) },
      { cause: error },
    );
  }
  if (json === undefined) {
    throw new ProtocolError("not-json", { what: "message cannot be encoded as JSON", expected: "an object", received: typeof message });
  }
  const frame = Buffer.from(`${json}\n`, "utf8");
  if (frame.length > limit) {
    throw new ProtocolError("frame-limit", {
      what: `outgoing message of ${frame.length} bytes is too large`,
      expected: `at most ${limit} bytes`,
      limit: `frame limit ${limit} bytes`,
    });
  }
  return frame;
}

function refuseNonFinite(key: string, value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new ProtocolError("not-json", {
      what: `message field ${JSON.stringify(key)} holds ${value}`,
      expected: "a finite number (JSON has no NaN or Infinity)",
      received: String(value),
    });
  }
  return value;
}

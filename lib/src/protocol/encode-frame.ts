import { DEFAULT_FRAME_LIMIT } from "./constants.js";
import { UsageError } from "../errors/usage-error.js";

/**
 * One message as one frame: compact JSON (which escapes every newline inside strings), then
 * "\n". The message is the caller's, so what cannot be sent is the caller's mistake, a
 * `UsageError`, never a `ProtocolError` (kept for what a server sent):
 * - values JSON cannot carry faithfully (NaN, Infinity, bigint, a function or symbol, undefined
 *   in an array, a circular reference, nesting too deep to walk) are refused, instead of
 *   JSON.stringify turning them into null, dropping them, or throwing a raw TypeError;
 *   a property whose value is undefined is left out, as JSON has no undefined;
 * - a frame over `limit` bytes, newline included, is refused (reason "frame-limit").
 */
export function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {
  return Buffer.from(encodeFrameText(message, limit), "utf8");
}

/**
 * encodeFrame's line as a string, newline included, with the same checks: what the client
 * hands to the pipe, which encodes it natively (no Buffer made in JavaScript for each call).
 */
export function encodeFrameText(message: object, limit: number = DEFAULT_FRAME_LIMIT): string {
  if (!Number.isSafeInteger(limit) || limit < 2) {
    throw new UsageError("frame-limit", {
      what: "invalid frame limit",
      expected: "an integer of at least 2 bytes",
      received: String(limit),
    });
  }
  if (typeof message !== "object" || message === null) {
    throw unencodable("the message is not an object", describeKind(message));
  }
  const json = plainJson(message) ?? checkedJson(message);
  const bytes = Buffer.byteLength(json, "utf8") + 1;
  if (bytes > limit) {
    throw new UsageError("frame-limit", {
      what: `outgoing message of ${bytes} bytes is too large`,
      expected: `at most ${limit} bytes`,
      limit: `frame limit ${limit} bytes`,
    });
  }
  return `${json}\n`;
}

/**
 * The fast path: JSON.stringify without a replacer (a replacer takes V8 off its fast path and
 * doubled the cost of a call's encoding, see `npm run bench`), kept only when a walk of the
 * value finds nothing JSON would change. Anything else, or any doubt, returns undefined and
 * the replacer path decides, with its precise error.
 */
function plainJson(message: object): string | undefined {
  let json: string | undefined;
  try {
    json = JSON.stringify(message);
  } catch {
    return undefined; // a cycle, a bigint, nesting too deep: the checked path says which
  }
  return json !== undefined && faithful(message, false, 0) ? json : undefined;
}

/** True when JSON.stringify wrote `value` exactly: no NaN, Infinity, function, symbol, undefined in an array, toJSON. */
function faithful(value: unknown, inArray: boolean, depth: number): boolean {
  switch (typeof value) {
    case "number":
      return Number.isFinite(value);
    case "string":
    case "boolean":
      return true;
    case "undefined":
      return !inArray; // a property whose value is undefined is left out, as JSON has no undefined
    case "object": {
      if (value === null) return true;
      if (depth > 256 || typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
      if (Array.isArray(value)) {
        for (const item of value) if (!faithful(item, true, depth + 1)) return false;
        return true;
      }
      for (const key of Object.keys(value))
        if (!faithful((value as Record<string, unknown>)[key], false, depth + 1)) return false;
      return true;
    }
    default:
      return false; // bigint, function, symbol
  }
}

/** The replacer path: the same JSON, or the UsageError that says what JSON would have changed. */
function checkedJson(message: object): string {
  let json: string;
  try {
    json = JSON.stringify(message, refuseUnfaithful);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // JSON.stringify throws a TypeError for a cycle and a RangeError when nesting overflows the stack.
    const received =
      error instanceof RangeError
        ? "nesting too deep to walk"
        : error instanceof TypeError && /circular/iu.test(error.message)
          ? "a circular reference"
          : String(error);
    throw new UsageError(
      "unencodable",
      {
        what: "message cannot be encoded as JSON",
        expected: "plain JSON values (objects, arrays, strings, finite numbers, booleans, null)",
        received,
      },
      { cause: error },
    );
  }
  return json;
}

/** Called by JSON.stringify on every value (after toJSON): refuses what it would silently change. */
function refuseUnfaithful(this: unknown, key: string, value: unknown): unknown {
  switch (typeof value) {
    case "number":
      if (!Number.isFinite(value))
        throw unencodable(
          `message field ${JSON.stringify(key)} holds ${value}`,
          `${value} (JSON has no NaN or Infinity)`,
        );
      return value;
    case "bigint":
      throw unencodable(
        `message field ${JSON.stringify(key)} holds a bigint`,
        `the bigint ${value}n (JSON numbers are not bigints; send a string or a number)`,
      );
    case "function":
    case "symbol":
      throw unencodable(
        `message field ${JSON.stringify(key)} holds a ${typeof value}`,
        `a ${typeof value}, which JSON would drop`,
      );
    case "undefined":
      // In an array JSON writes null in its place; as a property it is just left out.
      if (Array.isArray(this))
        throw unencodable(
          `array element ${key} is undefined`,
          "undefined in an array, which JSON would turn into null",
        );
      return value;
    default:
      return value;
  }
}

function unencodable(what: string, received: string): UsageError {
  return new UsageError("unencodable", {
    what,
    expected: "plain JSON values (objects, arrays, strings, finite numbers, booleans, null)",
    received,
  });
}

function describeKind(value: unknown): string {
  if (value === null) return "null";
  return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
}

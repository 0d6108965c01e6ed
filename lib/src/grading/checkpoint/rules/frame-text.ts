// What an outgoing frame must be, judged by what it says and never by byte equality with the
// library's encoding: one line of compact JSON (no whitespace between tokens, so no raw newline),
// one newline at its end, valid UTF-8 that parses back to exactly the message's value. How the
// text escapes is the piece's (free choice jsonEscapes): the chapter's own json.dumps writes every
// non-ASCII character as a \u escape, and \/ is as faithful as /.
import { fromWire } from "./wire.js";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The JSON value a wire message stands for, as JSON.stringify writes it (toJSON called, undefined properties left out). */
export function jsonValueOf(wireMessage: unknown): unknown {
  return JSON.parse(JSON.stringify(fromWire(wireMessage))) as unknown;
}

/** Equal as JSON values: numbers by value (0 and -0 alike), objects by their keys in any order. */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const theirs = b as Record<string, unknown>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJsonValue((a as Record<string, unknown>)[key], theirs[key]));
}

/** True when the text holds whitespace outside its strings (JSON's insignificant whitespace). */
function hasLooseWhitespace(text: string): boolean {
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === "\\") at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === " " || char === "\t" || char === "\r" || char === "\n") return true;
  }
  return false;
}

/** Undefined when `frame` is a faithful frame of `expected`; else what is wrong with it, in words. */
export function frameProblem(frame: Buffer | undefined, expected: unknown): string | undefined {
  if (frame === undefined) return "not bytes";
  if (frame.length === 0 || frame[frame.length - 1] !== 0x0a) return "no newline at its end";
  const body = frame.subarray(0, frame.length - 1);
  if (body.includes(0x0a)) return "a raw newline inside: more than one line";
  if (body[body.length - 1] === 0x0d)
    return "a carriage return before its newline: a frame ends with one newline alone";
  let text: string;
  try {
    text = strictUtf8.decode(body);
  } catch {
    return "bytes that are not UTF-8";
  }
  if (hasLooseWhitespace(text)) return "whitespace between the JSON's tokens: not compact";
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return "text that is not JSON";
  }
  return sameJsonValue(value, expected) ? undefined : "JSON of another value than the message's";
}

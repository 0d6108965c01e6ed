// The check of parseFrame: one JSON-RPC 2.0 object in valid UTF-8; anything else is refused,
// never skipped.
import { expect, fn, mustRefuse, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const parseFrameCheck: Body = async (pieces) => {
  const parseFrame = fn(pieces, "parseFrame");
  const message = parseFrame(Buffer.from('{"jsonrpc":"2.0","id":3,"result":{}}'));
  expect(
    JSON.stringify(message) === '{"jsonrpc":"2.0","id":3,"result":{}}',
    "the message object",
    () => shown(message),
    "decode the bytes as UTF-8, then JSON.parse",
  );
  for (const [label, bytes] of [
    ["a log line", Buffer.from("calling tool now")],
    ["an array", Buffer.from("[1,2]")],
    ["a bare number", Buffer.from("3")],
    ["jsonrpc 1.0", Buffer.from('{"jsonrpc":"1.0","id":1}')],
    ["invalid UTF-8", Buffer.from([0x7b, 0xff, 0x7d])],
  ] as const) {
    await mustRefuse(
      () => parseFrame(bytes),
      "ProtocolError",
      undefined,
      label,
      'a frame must be exactly one JSON-RPC 2.0 object; anything else is a broken protocol, not something to skip (decode with new TextDecoder("utf-8", { fatal: true }))',
    );
  }
  return "one JSON-RPC 2.0 object; log lines, arrays, bare values, jsonrpc 1.0 and bad UTF-8 refused";
};

import { ProtocolError } from "../errors/protocol-error.js";
import { describeValue, preview } from "../errors/wording.js";
import { isJsonObject, type JsonRpcMessage } from "./messages.js";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * One frame must be one JSON-RPC 2.0 object. Anything else (a log line, an array, a bare
 * value, invalid UTF-8) is a broken protocol, reported as such rather than skipped.
 */
export function parseFrame(frame: Uint8Array | string): JsonRpcMessage {
  let text: string;
  try {
    text = typeof frame === "string" ? frame : utf8.decode(frame);
  } catch (error) {
    throw new ProtocolError(
      "malformed-frame",
      { what: "malformed frame: not UTF-8", expected: "one JSON-RPC 2.0 object in UTF-8", received: preview(frame) },
      { cause: error },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ProtocolError(
      "malformed-frame",
      {
        what: `malformed frame: ${preview(text)}`,
        expected: "one JSON-RPC 2.0 object",
        received: "text that is not JSON",
      },
      { cause: error },
    );
  }
  if (!isJsonObject(value) || value["jsonrpc"] !== "2.0") {
    throw new ProtocolError("not-json-rpc", {
      what: "not a JSON-RPC 2.0 message",
      expected: 'an object with jsonrpc "2.0"',
      received: isJsonObject(value)
        ? `an object with jsonrpc ${describeValue(value["jsonrpc"])}`
        : describeValue(value),
    });
  }
  return value as JsonRpcMessage;
}

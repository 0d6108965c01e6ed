// The check of encodeFrame: compact JSON and one newline, as bytes; the limit counts bytes, the
// newline included, and a value JSON cannot carry (NaN) is refused.
import { expect, fn, mustRefuse, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const encodeFrameCheck: Body = async (pieces) => {
  const encodeFrame = fn(pieces, "encodeFrame");
  const frame = encodeFrame({ jsonrpc: "2.0", id: 3, method: "m", params: { text: "a\nb ☕" } });
  expect(
    frame instanceof Uint8Array,
    "a Buffer",
    () => shown(frame),
    'the wire carries bytes: Buffer.from(text, "utf8")',
  );
  const text = Buffer.from(frame as Uint8Array).toString("utf8");
  expect(
    text === '{"jsonrpc":"2.0","id":3,"method":"m","params":{"text":"a\\nb ☕"}}\n',
    "compact JSON and exactly one newline, at the end",
    () => JSON.stringify(text),
    'JSON.stringify with no indentation escapes newlines inside strings; add one "\\n"',
  );
  const exact = (frame as Uint8Array).length;
  const fits = encodeFrame({ jsonrpc: "2.0", id: 3, method: "m", params: { text: "a\nb ☕" } }, exact);
  expect(
    fits instanceof Uint8Array,
    `a frame of exactly ${exact} bytes accepted at limit ${exact}`,
    () => shown(fits),
    "the limit counts the newline, and a frame equal to it fits",
  );
  await mustRefuse(
    () => encodeFrame({ jsonrpc: "2.0", id: 3, method: "m", params: { text: "a\nb ☕" } }, exact - 1),
    "WorkbookError",
    undefined,
    `the same frame at limit ${exact - 1}`,
    "count bytes (Buffer.byteLength), not characters: ☕ is three bytes",
  );
  await mustRefuse(
    () => encodeFrame({ jsonrpc: "2.0", id: 3, method: "m", params: { n: Number.NaN } }),
    "WorkbookError",
    undefined,
    "a NaN (JSON would write null)",
    "JSON.stringify turns NaN into null silently; refuse numbers JSON cannot carry",
  );
  return "compact, one newline, byte-counted limit, NaN refused";
};

// The check of FrameReader: a frame at each newline whatever the reads cut (a ☕ split across
// two), and a line refused the moment it can no longer fit, before it ends.
import { expect, mustRefuse, shown, thrown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const FrameReaderCheck: Body = async (pieces) => {
  const Reader = pieces.FrameReader as new (limit?: number) => { feed(chunk: Uint8Array): Buffer[] };
  const reader = new Reader();
  const whole = Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"one ☕"}}\n{"jsonrpc":"2.0","id":2,"result":{}}\n');
  const cut = whole.indexOf(Buffer.from("☕")) + 1;
  const first = reader.feed(whole.subarray(0, cut));
  expect(
    Array.isArray(first) && first.length === 0,
    "no frame from half a line",
    () => shown(first),
    "hold bytes until a newline arrives",
  );
  const rest = reader.feed(whole.subarray(cut));
  const lines = Array.isArray(rest) ? rest.map((frame) => Buffer.from(frame).toString("utf8")) : [];
  expect(
    lines.length === 2 &&
      lines[0] === '{"jsonrpc":"2.0","id":1,"result":{"t":"one ☕"}}' &&
      lines[1] === '{"jsonrpc":"2.0","id":2,"result":{}}',
    "two frames, without newlines, the ☕ whole",
    () => shown(lines),
    "keep bytes, not text, until the line is whole: a character can be split across reads",
  );
  const bounded = new Reader(1024);
  const chunk = Buffer.alloc(256, "x");
  for (let read = 1; read <= 3; read += 1) {
    const got = await thrown(() => bounded.feed(chunk));
    expect(
      got === undefined,
      `read ${read} of 256 bytes (768 in all) accepted under a 1024-byte limit`,
      () => shown(got),
      "a line that can still fit (with its newline) is not refused yet",
    );
  }
  await mustRefuse(
    () => bounded.feed(chunk),
    "ProtocolError",
    "frame-limit",
    "a 4th read that makes 1024 bytes with no newline yet",
    "refuse the moment held bytes plus the newline to come exceed the limit, before the line ends",
  );
  const exact = new Reader(8);
  const fit = exact.feed(Buffer.from("1234567\n"));
  expect(
    fit.length === 1,
    "a 7-byte line plus its newline accepted at limit 8",
    () => shown(fit),
    "the limit includes the newline: 8 bytes fit in 8",
  );
  return "split reads, a split ☕, refusal at the limit before the line ends";
};

/**
 * The frames the relay (relay.ts) and the grader's end of its socket exchange: one byte of kind,
 * four bytes of length (big-endian), then the payload. Bytes of the MCP session travel as DATA;
 * everything else (who connected, the end of input, a signal, how the server ended) has a frame
 * of its own, so the grader can tell a client's end of input from a relay that was killed.
 */

export const FRAME = {
  /** relay → grader: {"pid": N}, first. */
  hello: 0x48,
  /** grader → relay: {"grandchild": boolean, "family": N, "shutdown": ...}; the relay forwards input only after it. */
  ready: 0x52,
  /** Either way: bytes of the session (the client's input, the server's output). */
  data: 0x44,
  /** grader → relay: bytes the server wrote on stderr. */
  stderr: 0x65,
  /** relay → grader: {"at": ms on the relay's clock, "queuedMs": its wait for a CPU so far}: the client ended the relay's input. */
  eof: 0x45,
  /** relay → grader: {"signal": "SIGTERM", "at", "queuedMs" as on eof} arrived (the relay dies of it). */
  signal: 0x53,
  /** grader → relay: {"code": N | null, "signal": S | null}, last. */
  exit: 0x58,
  /** family watcher → grader, on a connection of its own: {"event": "member", "member": N, "ended": "SIGTERM" | "SIGKILL" | "exit N"} (family.ts). */
  member: 0x4d,
} as const;

export type FrameKind = (typeof FRAME)[keyof typeof FRAME];

export interface RelayFrame {
  readonly kind: number;
  readonly payload: Buffer;
}

const HEADER = 5;
/** No frame is larger: a bigger length means the stream is not ours. */
export const RELAY_FRAME_LIMIT = 16 * 1024 * 1024;

export function relayFrame(kind: FrameKind, payload: Buffer | string | object = Buffer.alloc(0)): Buffer {
  const body = Buffer.isBuffer(payload)
    ? payload
    : Buffer.from(typeof payload === "string" ? payload : JSON.stringify(payload), "utf8");
  const header = Buffer.alloc(HEADER);
  header.writeUInt8(kind, 0);
  header.writeUInt32BE(body.length, 1);
  return Buffer.concat([header, body]);
}

/** Collects bytes and returns the whole frames among them; throws on a length over the limit. */
export class RelayFrameReader {
  private held: Buffer = Buffer.alloc(0);

  feed(chunk: Buffer): RelayFrame[] {
    this.held = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    const frames: RelayFrame[] = [];
    while (this.held.length >= HEADER) {
      const length = this.held.readUInt32BE(1);
      if (length > RELAY_FRAME_LIMIT) throw new RangeError(`a relay frame of ${length} bytes`);
      if (this.held.length < HEADER + length) break;
      frames.push({ kind: this.held.readUInt8(0), payload: this.held.subarray(HEADER, HEADER + length) });
      this.held = this.held.subarray(HEADER + length);
    }
    return frames;
  }
}

/** A frame's JSON payload, or undefined when it is not JSON. */
export function framePayload(frame: RelayFrame): unknown {
  try {
    return JSON.parse(frame.payload.toString("utf8"));
  } catch {
    return undefined;
  }
}

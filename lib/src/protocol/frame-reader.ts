import { DEFAULT_FRAME_LIMIT } from "./constants.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { UsageError } from "../errors/usage-error.js";

const NEWLINE = 0x0a;

/**
 * Turns a byte stream into whole lines (frames), bounded before anything is parsed.
 *
 * Bytes are kept as bytes until a line is complete, so a UTF-8 character split across two
 * reads is decoded whole later. A frame may hold at most `limit` bytes, its newline included;
 * the moment the unfinished line can no longer fit, the reader refuses it and drops what it
 * held, so an endless line is never held whole.
 *
 * A refusal is final: the stream has lost its place. Frames completed before the overlong one
 * in the same chunk are still returned; the refusal is thrown then by the next feed() (or at
 * once if there were none), and `failure` records it.
 */
export class FrameReader {
  readonly limit: number;
  private pieces: Buffer[] = [];
  private held = 0;
  #failure: ProtocolError | undefined;

  constructor(limit: number = DEFAULT_FRAME_LIMIT) {
    if (!Number.isSafeInteger(limit) || limit < 2) {
      throw new UsageError("frame-limit", {
        what: "invalid frame limit",
        expected: "an integer of at least 2 bytes",
        received: String(limit),
      });
    }
    this.limit = limit;
  }

  /** The refusal that ended this reader, if any. */
  get failure(): ProtocolError | undefined {
    return this.#failure;
  }

  /** Bytes of the unfinished line held now (never more than limit - 1). */
  get bufferedBytes(): number {
    return this.held;
  }

  /** A copy of the unfinished line's bytes: what waits for its newline. */
  remainder(): Buffer {
    return Buffer.concat(this.pieces, this.held);
  }

  /** Adds bytes; returns every line they complete, without its newline. */
  feed(chunk: Uint8Array): Buffer[] {
    if (this.#failure) throw this.#failure;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const frames: Buffer[] = [];
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE, start); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      const frameBytes = this.held + (end - start) + 1;
      if (frameBytes > this.limit) return this.refuse(frames, `a frame of ${frameBytes} bytes`);
      this.pieces.push(bytes.subarray(start, end));
      frames.push(Buffer.concat(this.pieces, this.held + (end - start)));
      this.pieces = [];
      this.held = 0;
      start = end + 1;
    }
    const rest = bytes.length - start;
    if (this.held + rest + 1 > this.limit) {
      return this.refuse(frames, `${this.held + rest} bytes and no newline yet`);
    }
    if (rest > 0) {
      // Copy: the caller may reuse its chunk's memory after feed() returns.
      this.pieces.push(Buffer.from(bytes.subarray(start)));
      this.held += rest;
    }
    return frames;
  }

  private refuse(completed: Buffer[], received: string): Buffer[] {
    this.pieces = [];
    this.held = 0;
    this.#failure = new ProtocolError("frame-limit", {
      what: `frame exceeds the ${this.limit}-byte limit`,
      expected: `a newline within ${this.limit} bytes`,
      received,
      limit: `frame limit ${this.limit} bytes`,
    });
    if (completed.length === 0) throw this.#failure;
    return completed;
  }
}

/**
 * Turns stdin's chunks into whole lines. Chunks are kept as bytes and a line is decoded only
 * once it is complete, so a UTF-8 character split across two chunks survives. A line longer
 * than `limit` bytes is not held: its bytes are dropped as they come, and the line is reported
 * as too long when its newline arrives, so a runaway client cannot fill the server's memory.
 */
export type LineEvent =
  { readonly kind: "line"; readonly text: string } | { readonly kind: "too-long"; readonly bytes: number };

export const DEFAULT_LINE_LIMIT = 16 * 1024 * 1024;

const NEWLINE = 0x0a;

export class LineReader {
  private parts: Buffer[] = [];
  private held = 0;
  /** Bytes of the current line dropped because it passed the limit; 0 while it fits. */
  private dropped = 0;

  constructor(private readonly limit: number = DEFAULT_LINE_LIMIT) {}

  /** Every line that `chunk` completes, in order; the remainder waits for the next chunk. */
  feed(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      this.keep(chunk.subarray(start, newline));
      events.push(this.takeLine());
      start = newline + 1;
    }
    this.keep(chunk.subarray(start));
    return events;
  }

  /** Bytes waiting for a newline; at end of input they are an unfinished line. */
  get pendingBytes(): number {
    return this.held + this.dropped;
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.dropped > 0 || this.held + bytes.length > this.limit) {
      this.dropped += this.held + bytes.length;
      this.parts = [];
      this.held = 0;
      return;
    }
    this.parts.push(bytes);
    this.held += bytes.length;
  }

  private takeLine(): LineEvent {
    const event: LineEvent =
      this.dropped > 0
        ? { kind: "too-long", bytes: this.dropped }
        : { kind: "line", text: stripCarriageReturn(Buffer.concat(this.parts, this.held).toString("utf8")) };
    this.parts = [];
    this.held = 0;
    this.dropped = 0;
    return event;
  }
}

/** A client on Windows may end lines with CRLF; the CR is not part of the message. */
function stripCarriageReturn(text: string): string {
  return text.endsWith("\r") ? text.slice(0, -1) : text;
}

/**
 * Everything the server writes to stdout goes through one queue, so a long write (the endless
 * line, the trickle) is never interleaved with another message, and every write waits for
 * 'drain' when the pipe is full. The queue itself is counted (`unsentBytes`): the reading side
 * stops taking new requests while too much is waiting, so replies never pile up in memory.
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import type { Diagnose } from "./diagnostics.js";
import type { JsonObject } from "./jsonrpc.js";

/** Writes one chunk and resolves when the stream can take more. */
export type WriteChunk = (chunk: string | Uint8Array) => Promise<void>;

export class Output {
  private queue: Promise<void> = Promise.resolve();
  /** Aborted on shutdown: long writers stop, pending messages still get a chance to flush. */
  private readonly longWriters = new AbortController();
  /** Bytes of messages queued and not yet handed to the stream. */
  private queuedBytes = 0;
  private lowWaiters: Array<{ bytes: number; wake: () => void }> = [];
  /** When the stream last took bytes (ms, Date.now()): a client that reads keeps this fresh. */
  lastProgress = Date.now();

  constructor(
    private readonly stream: Writable,
    private readonly diagnose: Diagnose,
  ) {}

  /** One message, one line: compact JSON (it never holds a raw newline), then "\n". */
  send(message: JsonObject): void {
    this.text(`${JSON.stringify(message)}\n`);
  }

  /** Raw text, exactly as given: modes that break the framing on purpose use this. */
  text(text: string): void {
    const bytes = Buffer.byteLength(text, "utf8");
    this.queuedBytes += bytes;
    this.enqueue(async () => {
      this.queuedBytes -= bytes;
      await this.write(text);
    });
  }

  /** Bytes written but not yet taken by the pipe: queued here, plus the stream's own buffer. */
  get unsentBytes(): number {
    return this.queuedBytes + this.stream.writableLength;
  }

  /** Resolves once `unsentBytes` is at most `bytes` (at once if it already is). */
  below(bytes: number): Promise<void> {
    if (this.unsentBytes <= bytes) return Promise.resolve();
    return new Promise((wake) => this.lowWaiters.push({ bytes, wake }));
  }

  /**
   * Runs a writer that may take forever (the endless line, the trickle). Nothing else reaches
   * stdout until it finishes; on shutdown its signal aborts it.
   */
  long(writer: (write: WriteChunk, signal: AbortSignal) => Promise<void>): void {
    const signal = this.longWriters.signal;
    this.enqueue(() => writer((chunk) => this.write(chunk, signal), signal));
  }

  /**
   * Stops long writers and waits, at most `graceMs`, for what is queued to reach the pipe (and no
   * longer once `ended` is aborted).
   */
  async close(graceMs: number, ended?: AbortSignal): Promise<void> {
    this.stop();
    const flushed = this.queue.then(() => this.drained());
    const grace = delay(graceMs, undefined, { ref: false, ...(ended === undefined ? {} : { signal: ended }) });
    await Promise.race([flushed, grace.catch(() => undefined)]);
  }

  /** Stops long writers (the endless line, the trickle) and their waits between pieces. */
  stop(): void {
    this.longWriters.abort();
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      if (error instanceof Error && error.name === "AbortError") return;
      this.diagnose(`stdout write failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private async write(chunk: string | Uint8Array, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (!this.stream.write(chunk)) {
      await (signal === undefined ? once(this.stream, "drain") : once(this.stream, "drain", { signal }));
    }
    this.lastProgress = Date.now();
    this.wakeLowWaiters();
  }

  private wakeLowWaiters(): void {
    if (this.lowWaiters.length === 0) return;
    const unsent = this.unsentBytes;
    const waiting = this.lowWaiters;
    this.lowWaiters = waiting.filter((waiter) => waiter.bytes < unsent);
    for (const waiter of waiting) if (waiter.bytes >= unsent) waiter.wake();
  }

  private async drained(): Promise<void> {
    if (this.stream.writableLength > 0) await once(this.stream, "drain");
  }
}

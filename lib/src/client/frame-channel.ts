import type { Readable } from "node:stream";
import { ClosedError } from "../errors/closed-error.js";
import { type WorkbookError } from "../errors/workbook-error.js";
import { FrameReader } from "../protocol/frame-reader.js";
import type { Deadline } from "./deadline.js";
import type { WireTrace } from "./wire-trace.js";

/** Frames waiting to be read before we stop pulling bytes from the pipe (backpressure). */
const HIGH_WATER_FRAMES = 64;

/**
 * Whole frames from a readable pipe, handed out one at a time on request. It never closes the
 * pipe (whoever opened it does). After the pipe ends or the reader refuses a frame, the
 * frames completed before that are still handed out; then every read fails with the cause.
 */
export class FrameChannel {
  private readonly reader: FrameReader;
  private readonly frames: Buffer[] = [];
  private waiter: { resolve: (frame: Buffer) => void; reject: (error: unknown) => void } | undefined;
  private ended: WorkbookError | undefined;

  constructor(
    private readonly input: Readable,
    limit: number,
    private readonly trace?: WireTrace,
  ) {
    this.reader = new FrameReader(limit);
    input.on("data", (chunk: Buffer) => this.onData(chunk));
    input.on("end", () =>
      this.end(new ClosedError("output-ended", { what: "server closed its output", expected: "a response" })),
    );
    input.on("error", (error) =>
      this.end(
        new ClosedError(
          "output-ended",
          { what: "server output failed", expected: "a response", received: String(error) },
          { cause: error },
        ),
      ),
    );
  }

  /** Ends the channel with `reason` unless it has already ended; pending reads reject. */
  end(reason: WorkbookError): void {
    if (this.ended) return;
    this.ended = reason;
    this.input.pause();
    this.input.removeAllListeners("data");
    this.settle();
  }

  /** The next whole frame, or a rejection with the channel's end or the deadline's error. */
  next(deadline: Deadline): Promise<Buffer> {
    const frame = this.frames.shift();
    if (frame) {
      this.resumeIfDrained();
      return Promise.resolve(frame);
    }
    if (this.ended) return Promise.reject(this.ended);
    return new Promise<Buffer>((resolve, reject) => {
      const withdraw = deadline.onExpire((reason) => {
        this.waiter = undefined;
        reject(reason);
      });
      this.waiter = {
        resolve: (next) => {
          withdraw();
          resolve(next);
        },
        reject: (error) => {
          withdraw();
          reject(error);
        },
      };
    });
  }

  private onData(chunk: Buffer): void {
    let frames: Buffer[];
    try {
      frames = this.reader.feed(chunk);
    } catch (error) {
      this.end(error as WorkbookError);
      return;
    }
    if (frames.length === 0) this.trace?.held(chunk, this.reader.bufferedBytes);
    this.frames.push(...frames);
    // A refusal after some complete frames: they are still delivered, then the refusal.
    if (this.reader.failure) this.end(this.reader.failure);
    else if (this.frames.length >= HIGH_WATER_FRAMES) this.input.pause();
    this.settle();
  }

  private settle(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    const frame = this.frames.shift();
    if (frame) {
      this.waiter = undefined;
      this.resumeIfDrained();
      waiter.resolve(frame);
    } else if (this.ended) {
      this.waiter = undefined;
      waiter.reject(this.ended);
    }
  }

  private resumeIfDrained(): void {
    if (!this.ended && this.frames.length < HIGH_WATER_FRAMES && this.input.isPaused()) this.input.resume();
  }
}

import { UsageError } from "../errors/usage-error.js";
import { WorkbookError } from "../errors/workbook-error.js";
import { plural } from "../text/plural.js";

/** Which way bytes went: to the server, from it, or nothing on the wire (a deadline, a refusal). */
export type TraceDirection = "out" | "in" | "local";

/** What the client decided about one frame, or what it did on its own. */
export type TraceDecision =
  | "sent"
  | "answered ping"
  | "answered: method not found"
  | "held, no newline yet"
  | "skipped notification"
  | "accepted as the answer"
  | "dropped: late reply"
  | "refused"
  | "deadline ended the operation"
  | "connection closed"
  | "input ended"
  | "signal"
  | "exited";

/** One line of the trace. */
export interface TraceEntry {
  /** The operation it belongs to: "initialize", "tools/call", "close", ... */
  readonly operation: string;
  /** Milliseconds since that operation began. */
  readonly atMs: number;
  readonly direction: TraceDirection;
  /** Bytes on the wire, newline included (0 for local entries). */
  readonly bytes: number;
  /** The first bytes of the frame or chunk as text, at most `previewBytes` of them. */
  readonly preview: string;
  readonly decision: TraceDecision;
  /** Why (a refusal's class, reason and message), the signal's name, the exit status. */
  readonly detail: string;
}

/** What a trace held at one moment: plain data, for tables and diagrams. */
export interface TraceSnapshot {
  readonly entries: readonly TraceEntry[];
  /** Entries recorded but left out between the first and the latest ones kept. */
  readonly omitted: number;
  /** Where in `entries` the left-out ones would be (the first entry after the gap). */
  readonly omittedAt: number;
}

export interface WireTraceOptions {
  /** Entries kept, at most; beyond it the first ones and the latest ones are kept. Default 256. */
  readonly maxEntries?: number;
  /** Bytes of each frame kept as its preview. Default 96. */
  readonly previewBytes?: number;
  /** Starts recording at once (default true); `recording` switches it later. */
  readonly recording?: boolean;
  /** A clock in ms, for tests; default performance.now. */
  readonly now?: () => number;
}

/** An error's words are kept whole up to this bound (a projector's diagram wraps them; a server's own text may be long). */
const DETAIL_CHARS = 2000;
/** Control characters would break a table row; they show as a middle dot. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A record of every frame a StdioClient writes and reads, and what it decided about each.
 * Off unless a client is given one (`new StdioClient(cmd, { trace })`); bounded when on: at
 * most `maxEntries` entries (the first ones and the latest ones, with a count of those left out
 * between) and `previewBytes` of each frame, copied out so a 10 MB line is never retained.
 */
export class WireTrace {
  /** Switch recording off and on; an attached trace that is not recording costs one check per frame. */
  recording: boolean;
  readonly maxEntries: number;
  readonly previewBytes: number;
  private readonly now: () => number;
  private readonly head: TraceEntry[] = [];
  private readonly tail: TraceEntry[] = [];
  private readonly tailSize: number;
  private tailStart = 0;
  #omitted = 0;
  private operation = "";
  private started = 0;
  private readonly reported = new WeakSet<object>();

  constructor(options: WireTraceOptions = {}) {
    this.maxEntries = options.maxEntries ?? 256;
    this.previewBytes = options.previewBytes ?? 96;
    if (!Number.isSafeInteger(this.maxEntries) || this.maxEntries < 4 || this.maxEntries > 100_000) {
      throw new UsageError("trace-entries", {
        what: "trace maxEntries out of range",
        expected: "an integer from 4 to 100000",
        received: String(options.maxEntries),
      });
    }
    if (!Number.isSafeInteger(this.previewBytes) || this.previewBytes < 0 || this.previewBytes > 4096) {
      throw new UsageError("trace-preview", {
        what: "trace previewBytes out of range",
        expected: "an integer from 0 to 4096",
        received: String(options.previewBytes),
      });
    }
    this.recording = options.recording ?? true;
    this.now = options.now ?? (() => performance.now());
    this.tailSize = Math.max(2, Math.floor(this.maxEntries / 4));
  }

  /** The entries kept, in order: the first ones, then the latest ones. */
  get entries(): TraceEntry[] {
    return [...this.head, ...this.tail.slice(this.tailStart), ...this.tail.slice(0, this.tailStart)];
  }

  /** Entries recorded but left out (between the first and the latest ones kept). */
  get omitted(): number {
    return this.#omitted;
  }

  /** The entries and the count left out, as plain data. */
  snapshot(): TraceSnapshot {
    return { entries: this.entries, omitted: this.omitted, omittedAt: this.head.length };
  }

  /** Forgets every entry. */
  clear(): void {
    this.head.length = 0;
    this.tail.length = 0;
    this.tailStart = 0;
    this.#omitted = 0;
  }

  // --- called by the client --------------------------------------------------------------

  /** An operation begins: later entries count their time from now. */
  begin(operation: string): void {
    if (!this.recording) return;
    this.operation = operation;
    this.started = this.now();
  }

  /** A frame (or nothing, for "input ended") written to the server, as bytes or as its line of text. */
  wrote(frame: Uint8Array | string, decision: TraceDecision, detail = ""): void {
    if (!this.recording) return;
    // A string is cut before it is copied: a slice of a large string would keep all of it alive.
    const bytes = typeof frame === "string" ? Buffer.from(frame.slice(0, this.previewBytes + 1), "utf8") : frame;
    const size = typeof frame === "string" ? Buffer.byteLength(frame, "utf8") : frame.byteLength;
    const line = bytes.byteLength > 0 && bytes[bytes.byteLength - 1] === 0x0a ? bytes.subarray(0, -1) : bytes;
    this.add("out", size, this.preview(line), decision, detail);
  }

  /** A whole frame read from the server (its newline already stripped) and what was decided. */
  read(frame: Uint8Array, decision: TraceDecision, detail = ""): void {
    if (this.recording) this.add("in", frame.byteLength + 1, this.preview(frame), decision, detail);
  }

  /** Bytes that arrived without completing a line; `held` is how much of the line is waiting. */
  held(chunk: Uint8Array, held: number): void {
    if (this.recording)
      this.add(
        "in",
        chunk.byteLength,
        this.preview(chunk),
        "held, no newline yet",
        `${plural(held, "byte")} of the line held`,
      );
  }

  /** The frame that made the client refuse `error` (once per error, however many layers see it). */
  refusedFrame(frame: Uint8Array, error: unknown): void {
    if (!this.recording || !this.firstReport(error)) return;
    this.add("in", frame.byteLength + 1, this.preview(frame), "refused", describe(error));
  }

  /** An operation that ended in `error` with no frame to blame: a deadline, a closed pipe, a check. */
  failed(error: unknown): void {
    if (!this.recording || !this.firstReport(error)) return;
    const decision =
      error instanceof WorkbookError && error.code === "deadline"
        ? "deadline ended the operation"
        : error instanceof WorkbookError && error.code === "closed"
          ? "connection closed"
          : "refused";
    this.add("local", 0, "", decision, describe(error));
  }

  /** close() signalled the server's process group. */
  signalled(signal: string, pgid: number): void {
    if (this.recording) this.add("out", 0, "", "signal", `${signal} to process group ${pgid}`);
  }

  /** The server ended, with this status. */
  exited(status: number | string | null): void {
    if (this.recording) this.add("in", 0, "", "exited", `exit status ${String(status)}`);
  }

  private firstReport(error: unknown): boolean {
    if (typeof error !== "object" || error === null) return true;
    if (this.reported.has(error)) return false;
    this.reported.add(error);
    return true;
  }

  /** A fresh string from at most previewBytes bytes: never a view that keeps a large frame alive. */
  private preview(bytes: Uint8Array): string {
    const shown = Math.min(bytes.byteLength, this.previewBytes);
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, shown).toString("utf8").replace(CONTROL, "·");
    return shown < bytes.byteLength ? `${text}…` : text;
  }

  private add(
    direction: TraceDirection,
    bytes: number,
    preview: string,
    decision: TraceDecision,
    detail: string,
  ): void {
    const entry: TraceEntry = {
      operation: this.operation,
      atMs: Math.round((this.now() - this.started) * 1000) / 1000,
      direction,
      bytes,
      preview,
      decision,
      detail,
    };
    if (this.head.length < this.maxEntries - this.tailSize) {
      this.head.push(entry);
    } else if (this.tail.length < this.tailSize) {
      this.tail.push(entry);
    } else {
      this.tail[this.tailStart] = entry;
      this.tailStart = (this.tailStart + 1) % this.tailSize;
      this.#omitted += 1;
    }
  }
}

function describe(error: unknown): string {
  const text = error instanceof WorkbookError ? `${error.name} [${error.reason}]: ${error.message}` : String(error);
  const flat = text.replace(CONTROL, "·");
  return flat.length > DETAIL_CHARS ? `${flat.slice(0, DETAIL_CHARS - 1)}…` : flat;
}

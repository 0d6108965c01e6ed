// What the graded code and the processes it started have said to each other, counted in the host
// per child: the bytes it wrote to the child's stdin and the bytes that came from its stdout. The
// grader counts the same bytes at the other end of the relay (the relay names its pid); while the
// two counts differ, bytes are on their way, and the virtual clock must not move (idle-point.ts).
// So is an end of input the graded code asked for that the grader has not yet heard of.
import { ChildProcess } from "node:child_process";
import type { Readable, Writable } from "node:stream";

/** One child still running: the bytes the graded code handed to its stdin, and those its stdout delivered. */
export interface ChildCount {
  readonly pid: number;
  readonly written: number;
  readonly read: number;
  /** True once the graded code has ended (or destroyed) the child's stdin. */
  readonly ended?: boolean;
}

export interface ChildBytes {
  /** The children still running, each with its counts (a child that has exited drops out: what it did not deliver, it never will). */
  running(): ChildCount[];
}

function byteLength(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === "string")
    return Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (ArrayBuffer.isView(chunk)) return chunk.byteLength;
  return 0;
}

function countWrites(input: Writable, add: (bytes: number) => void, ended: () => void): void {
  const { write, end, destroy } = input;
  const counted = (chunk: unknown, encoding: unknown): void => {
    // A write the stream refuses (after end, once destroyed) never reaches the child.
    if (!input.writableEnded && !input.destroyed) add(byteLength(chunk, encoding));
  };
  input.write = function (this: Writable, chunk: unknown, ...rest: unknown[]): boolean {
    counted(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  };
  input.end = function (this: Writable, ...args: unknown[]): Writable {
    if (args[0] !== undefined && typeof args[0] !== "function") counted(args[0], args[1]);
    ended();
    return (end as (...args: unknown[]) => Writable).apply(this, args);
  };
  input.destroy = function (this: Writable, error?: Error): Writable {
    ended();
    return destroy.call(this, error);
  };
}

function countReads(output: Readable, add: (bytes: number) => void): void {
  const { push } = output;
  output.push = function (this: Readable, chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk !== null && chunk !== undefined) add(byteLength(chunk, encoding));
    return push.call(this, chunk, encoding);
  };
}

/** Counts from now on every child the graded code starts (spawn, exec, execFile and fork all spawn). */
export function countChildBytes(): ChildBytes {
  const counts = new Map<ChildProcess, { written: number; read: number; ended: boolean }>();
  // Not in Node's types, but every child starts through it, its pipes made by the time it returns.
  const prototype = ChildProcess.prototype as ChildProcess & { spawn: (...args: unknown[]) => unknown };
  const spawn = prototype.spawn;
  prototype.spawn = function (this: ChildProcess, ...args: unknown[]): unknown {
    const result = spawn.apply(this, args);
    if (this.pid === undefined) return result;
    const count = { written: 0, read: 0, ended: false };
    counts.set(this, count);
    this.once("exit", () => counts.delete(this));
    if (this.stdin)
      countWrites(
        this.stdin,
        (bytes) => (count.written += bytes),
        () => (count.ended = true),
      );
    if (this.stdout) countReads(this.stdout, (bytes) => (count.read += bytes));
    return result;
  };
  return {
    running: () => [...counts].map(([child, { written, read, ended }]) => ({ pid: child.pid!, written, read, ended })),
  };
}

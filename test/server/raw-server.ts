/**
 * A tiny raw driver for the teaching server, independent of lib/: it spawns
 * `node server/dist/main.js` in its own process group, writes lines to its stdin, and hands
 * back stdout exactly as it came, as lines and as a byte count.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

export const REPO_ROOT = path.resolve(__dirname, "../..");
export const SERVER_MAIN = path.join(REPO_ROOT, "server/dist/main.js");

/** Compiles server/ (tsc -b is incremental: a no-op when dist is current). */
export function buildServer(): void {
  const tsc = path.join(REPO_ROOT, "node_modules/typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-b", "server"], { cwd: REPO_ROOT, stdio: "inherit" });
}

export type Json = { [key: string]: unknown };

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Bytes of an unfinished line the driver keeps; beyond this it only counts (endless mode). */
const HOLD_LIMIT = 4 * 1024 * 1024;

const started = new Set<RawServer>();

export class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every complete stdout line not yet taken, oldest first. */
  private readonly lines: string[] = [];
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private waiters: Array<() => void> = [];
  stdoutBytes = 0;
  /** When each stdout chunk arrived (ms, performance.now) and how big it was. */
  readonly chunks: Array<{ at: number; bytes: number }> = [];
  stderr = "";
  readonly exit: Promise<Exit>;

  constructor(args: readonly string[]) {
    // detached: the server leads its own process group, so cleanup can end it with its children.
    this.child = spawn(process.execPath, [SERVER_MAIN, ...args], {
      stdio: "pipe",
      detached: true,
      env: { PATH: process.env["PATH"] ?? "" },
    });
    started.add(this);
    this.exit = once(this.child, "exit").then(([code, signal]) => ({
      code: code as number | null,
      signal: signal as NodeJS.Signals | null,
    }));
    this.child.stdin.on("error", () => {}); // a server that exited first closes the pipe
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (text: string) => {
      this.stderr += text;
      this.wake();
    });
    this.child.stdout.on("data", (chunk: Buffer) => this.onStdout(chunk));
    this.child.stdout.on("end", () => this.wake());
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error("the server did not start");
    return this.child.pid;
  }

  /** Writes one message (serialized) or one raw line, adding the newline. */
  send(message: Json | string): void {
    this.child.stdin.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`);
  }

  request(id: number | string, method: string, params?: Json): void {
    this.send(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
  }

  endInput(): void {
    this.child.stdin.end();
  }

  /** The bytes of the current unfinished line that were kept (up to HOLD_LIMIT). */
  get unfinished(): Buffer {
    return Buffer.concat(this.partial);
  }

  /** The next whole line from stdout, or an error naming what did arrive within `timeoutMs`. */
  async nextLine(timeoutMs = 5000): Promise<string> {
    await this.until(() => this.lines.length > 0, timeoutMs, "a line on stdout");
    return this.lines.shift() as string;
  }

  async nextMessage(timeoutMs = 5000): Promise<Json> {
    const line = await this.nextLine(timeoutMs);
    return JSON.parse(line) as Json;
  }

  /** The next `count` messages. */
  async messages(count: number, timeoutMs = 5000): Promise<Json[]> {
    const taken: Json[] = [];
    for (let index = 0; index < count; index += 1) taken.push(await this.nextMessage(timeoutMs));
    return taken;
  }

  /** initialize + notifications/initialized, returning the initialize reply. */
  async handshake(): Promise<Json> {
    this.request(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "server-test", version: "1" },
    });
    const reply = await this.nextMessage();
    this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return reply;
  }

  /** Resolves once `condition` holds; rejects after `timeoutMs`, saying what it waited for. */
  async until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - performance.now();
      if (left <= 0) {
        throw new Error(
          `waited ${timeoutMs} ms for ${what}; stdout had ${this.stdoutBytes} bytes, stderr: ${this.stderr.slice(-300)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Ends the server's whole process group (the server and anything it started). */
  killGroup(): void {
    try {
      process.kill(-this.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }

  /** How many lines are waiting unread. */
  get waitingLines(): number {
    return this.lines.length;
  }

  private onStdout(chunk: Buffer): void {
    this.stdoutBytes += chunk.length;
    this.chunks.push({ at: performance.now(), bytes: chunk.length });
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      this.partial.push(chunk.subarray(start, newline));
      this.lines.push(Buffer.concat(this.partial).toString("utf8"));
      this.partial = [];
      this.partialBytes = 0;
      start = newline + 1;
    }
    const rest = chunk.subarray(start);
    if (this.partialBytes + rest.length <= HOLD_LIMIT) {
      this.partial.push(rest);
      this.partialBytes += rest.length;
    }
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** Ends every server started since the last call (for afterEach). */
export function killAllServers(): void {
  for (const server of started) {
    server.killGroup();
    server.child.stdout.destroy();
    server.child.stderr.destroy();
  }
  started.clear();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

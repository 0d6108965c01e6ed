/**
 * WHAT NOT TO SHIP. NaiveClient is a foil: an MCP stdio client written the way weaker clients
 * are (STYLE.md, "Seen in weaker MCP clients"), so the failure gallery can show each failure
 * happen beside the bounded StdioClient. It is not exported from the package's root, and the
 * workbook only ever runs it through runNaive() (naive-harness.ts): in a child process of its
 * own, with a memory cap and a wall-clock bound, its process group ended afterwards.
 *
 * Its habits, each one a lesson:
 * - ids compared with `==`, and a reply whose id differs taken anyway ("one request at a time,
 *   so it must be ours");
 * - `buffer += chunk.toString()`: no bound on a line, and a UTF-8 character split across two
 *   chunks is corrupted;
 * - a fresh timeout for every read, so a server that sends a byte now and then holds a call forever;
 * - close() kills only the child and forgets it: no wait, no escalation, no process group;
 * - no allowlist: it calls whatever it is asked to, and follows every cursor it is handed;
 * - no checks on what comes back: no version, no schema, whatever is in `content[0].text`.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";

/** What the naive client reports as it goes, for the harness to show. */
export type NaiveEvent =
  | { readonly event: "sent"; readonly method: string; readonly id?: number }
  | { readonly event: "bytes"; readonly bytes: number; readonly buffered: number; readonly rssMiB: number }
  | { readonly event: "reply"; readonly id: number; readonly replyId: unknown; readonly matched: boolean };

/** A reply as the naive client sees it: whatever JSON.parse gave, trusted. */
type Loose = any;

export class NaiveClient {
  private child: ChildProcessByStdio<Writable, Readable, null> | null;
  private buffer = "";
  private nextId = 1;
  private waiting: ((message: Loose) => void) | undefined;
  private onBytes: (() => void) | undefined;

  constructor(
    command: readonly string[],
    private readonly readTimeoutMs: number,
    private readonly report: (event: NaiveEvent) => void,
  ) {
    const [file, ...args] = command as [string, ...string[]];
    this.child = spawn(file, args, { stdio: ["pipe", "pipe", "ignore"], env: process.env }); // the whole environment, and no group of its own
    this.child.stdout.on("data", (chunk: Buffer) => {
      this.buffer += chunk.toString(); // no bound, and a character split across chunks breaks
      this.report({
        event: "bytes",
        bytes: chunk.length,
        buffered: this.buffer.length,
        rssMiB: process.memoryUsage().rss / 2 ** 20,
      });
      this.onBytes?.();
      let newline: number;
      while ((newline = this.buffer.indexOf("\n")) !== -1) {
        const line = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        let message: Loose;
        try {
          message = JSON.parse(line);
        } catch {
          continue; // not JSON: skipped without a word
        }
        if (message.id === undefined) continue; // a notification
        this.waiting?.(message);
      }
    });
  }

  async initialize(): Promise<Loose> {
    const result = await this.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "naive", version: "0" },
    });
    this.notify("notifications/initialized");
    return result; // whatever version the server named
  }

  /** Every tool, following every cursor for as long as the server hands them out. */
  async listTools(): Promise<Loose[]> {
    const tools: Loose[] = [];
    let cursor: string | undefined;
    do {
      const result = await this.request("tools/list", cursor === undefined ? {} : { cursor });
      tools.push(...(result?.tools ?? []));
      cursor = result?.nextCursor;
    } while (cursor !== undefined);
    return tools;
  }

  /** Calls whatever it is asked to call. */
  async callTool(name: string, args: Record<string, unknown>): Promise<string> {
    const result = await this.request("tools/call", { name, arguments: args });
    return String(result?.content?.[0]?.text);
  }

  /** Kills the child and forgets it. */
  close(): void {
    this.child?.kill("SIGTERM");
    this.child = null;
  }

  private notify(method: string): void {
    this.child?.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
    this.report({ event: "sent", method });
  }

  private request(method: string, params: Record<string, unknown>): Promise<Loose> {
    const id = this.nextId++;
    this.child?.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    this.report({ event: "sent", method, id });
    return new Promise((resolve, reject) => {
      const expire = (): void => reject(new Error(`${method} timed out: no bytes for ${this.readTimeoutMs} ms`));
      let timer = setTimeout(expire, this.readTimeoutMs);
      this.onBytes = () => {
        clearTimeout(timer); // every read gets a fresh timeout
        timer = setTimeout(expire, this.readTimeoutMs);
      };
      this.waiting = (message) => {
        clearTimeout(timer);
        this.waiting = undefined;
        this.onBytes = undefined;
        // eslint-disable-next-line eqeqeq -- the foil's habit on purpose: `==` lets "3" and true answer request 3
        const matched = message.id == id;
        this.report({ event: "reply", id, replyId: message.id, matched });
        resolve(message.result); // matched or not: one request at a time, "so it must be ours"
      };
    });
  }
}

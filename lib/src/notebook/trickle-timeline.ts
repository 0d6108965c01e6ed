// Part B's deadline demonstration: what a client sees from the "trickle" server, which sends its
// tools/call reply one byte every 200 ms and never finishes it. Every read brings something
// soon, so a timer restarted on each read would never fire; one deadline for the operation does.
import { spawn } from "node:child_process";
import { PROTOCOL_VERSION } from "../protocol/constants.js";
import { encodeFrame } from "../protocol/encode-frame.js";
import { FrameReader } from "../protocol/frame-reader.js";
import { requestMessage, notificationMessage } from "../protocol/messages.js";
import { WorkbookError } from "../errors/workbook-error.js";
import { signalGroup } from "../client/process-group.js";
import { StdioClient } from "../client/stdio-client.js";
import { teachingServerCommand } from "../client/teaching-server.js";

export interface TrickleTimeline {
  /** Milliseconds after the tools/call request at which each read arrived, and its size. */
  readonly reads: ReadonlyArray<{ readonly ms: number; readonly bytes: number }>;
  /** The longest wait between two reads: all a per-read timer ever waits. */
  readonly longestGapMs: number;
  /** How long the raw watch lasted. */
  readonly watchedMs: number;
}

/** Watches the trickle server's reply arrive, read by read, for `watchMs`, then ends the server. */
export async function trickleTimeline(watchMs = 1500): Promise<TrickleTimeline> {
  const [file, ...args] = teachingServerCommand("trickle") as [string, ...string[]];
  const child = spawn(file, args, {
    stdio: ["pipe", "pipe", "ignore"],
    detached: true,
    env: { PATH: process.env["PATH"] ?? "" },
  });
  const reader = new FrameReader();
  const reads: Array<{ ms: number; bytes: number }> = [];
  let asked: number | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      child.once("error", reject);
      child.stdout.on("data", (chunk: Buffer) => {
        if (asked === undefined) {
          if (reader.feed(chunk).length === 0) return; // the initialize reply is not whole yet
          child.stdin.write(encodeFrame(notificationMessage("notifications/initialized")));
          child.stdin.write(
            encodeFrame(requestMessage(2, "tools/call", { name: "word_count", arguments: { text: "one two three" } })),
          );
          asked = performance.now();
          setTimeout(resolve, watchMs);
          return;
        }
        reads.push({ ms: Math.round(performance.now() - asked), bytes: chunk.length });
      });
      child.stdin.write(
        encodeFrame(
          requestMessage(1, "initialize", {
            protocolVersion: PROTOCOL_VERSION,
            capabilities: {},
            clientInfo: { name: "trickle-watch", version: "0" },
          }),
        ),
      );
    });
  } finally {
    if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
  }
  const gaps = reads.map((read, index) => read.ms - (index === 0 ? 0 : reads[index - 1]!.ms));
  return { reads, longestGapMs: Math.max(0, ...gaps), watchedMs: watchMs };
}

/** The library's client against the same server: when its one deadline ends the call, and how. */
export async function trickleVerdict(timeoutMs = 1000): Promise<{ ms: number; outcome: string }> {
  const client = new StdioClient(teachingServerCommand("trickle"), { allowed: ["word_count"], timeoutMs });
  try {
    await client.initialize();
    await client.listTools();
    const started = performance.now();
    try {
      await client.callTool("word_count", { text: "one two three" });
      return { ms: Math.round(performance.now() - started), outcome: "a result" };
    } catch (error) {
      if (!(error instanceof WorkbookError)) throw error;
      return { ms: Math.round(performance.now() - started), outcome: `${error.name} [${error.reason}]` };
    }
  } finally {
    await client.close();
  }
}

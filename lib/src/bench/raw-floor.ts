import { spawn } from "node:child_process";
import { encodeFrame } from "../protocol/encode-frame.js";
import { requestMessage, notificationMessage } from "../protocol/messages.js";
import { PROTOCOL_VERSION } from "../protocol/constants.js";
import { endProcessGroup } from "../client/process-group.js";

/**
 * The floor under any client: the same server, pre-encoded frames written and each reply read
 * up to its newline as raw bytes, with no parsing, no id check, no deadline.
 */
export async function rawRoundTrips(command: readonly string[], calls: number, warmup: number): Promise<number[]> {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, {
    stdio: ["pipe", "pipe", "ignore"],
    detached: true,
    env: { PATH: process.env["PATH"] ?? "" },
  });
  let waiting: (() => void) | undefined;
  let newlines = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
    if (newlines > 0 && waiting) {
      const wake = waiting;
      waiting = undefined;
      wake();
    }
  });
  const oneReply = (frame: Buffer): Promise<void> =>
    new Promise((resolve) => {
      waiting = () => {
        newlines -= 1;
        resolve();
      };
      child.stdin.write(frame);
    });
  await oneReply(
    encodeFrame(
      requestMessage(1, "initialize", {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: "floor", version: "1" },
      }),
    ),
  );
  child.stdin.write(encodeFrame(notificationMessage("notifications/initialized")));
  const frames = Array.from({ length: warmup + calls }, (_, i) =>
    encodeFrame(
      requestMessage(i + 2, "tools/call", { name: "word_count", arguments: { text: "vanilla stock needs review" } }),
    ),
  );
  const samples: number[] = [];
  for (const [i, frame] of frames.entries()) {
    const started = performance.now();
    await oneReply(frame);
    if (i >= warmup) samples.push(performance.now() - started);
  }
  child.stdin.end();
  await endProcessGroup(child.pid!, 200);
  return samples;
}

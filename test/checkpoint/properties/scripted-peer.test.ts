// The scripted peer the fresh-wrong witnesses talk to: frames in their order, each once, and a
// read with nothing due ends at its deadline. After a stall of the event loop, which of an overdue
// frame and an overdue deadline comes first is the timers' order, not the script's: the witnesses
// run again after one (test/checkpoint/fresh/fresh-wrong.slow.test.ts).
import { describe, expect, it } from "vitest";
import { scriptedPeer } from "../../../lib/src/grading/checkpoint/properties/scripted-peer.js";

/** Keeps the event loop busy for `ms`, as a loaded machine or a synchronous compile does. */
function stall(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("the scripted peer", () => {
  it("still ends a read at its deadline when nothing was due", async () => {
    const peer = scriptedPeer(() => [{ afterMs: 1000, frame: { jsonrpc: "2.0", id: 1, result: {} } }]);
    try {
      peer.context.send({ jsonrpc: "2.0", id: 1, method: "ping" });
      await expect(peer.context.nextFrame(AbortSignal.timeout(100))).rejects.toMatchObject({ name: "DeadlineError" });
    } finally {
      peer.dispose();
    }
  });

  it("sends frames in their order, each once, however their timers run", async () => {
    const frames = [0, 1, 2, 3].map((n) => ({ afterMs: n === 0 ? 0 : 30, frame: { jsonrpc: "2.0", method: `m${n}` } }));
    const peer = scriptedPeer(() => frames);
    try {
      peer.context.send({ jsonrpc: "2.0", id: 1, method: "ping" });
      stall(200);
      const read: string[] = [];
      for (let n = 0; n < 4; n += 1) {
        const frame = await peer.context.nextFrame(AbortSignal.timeout(500));
        read.push((JSON.parse(frame.toString("utf8")) as { method: string }).method);
      }
      expect(read).toEqual(["m0", "m1", "m2", "m3"]);
      await expect(peer.context.nextFrame(AbortSignal.timeout(100))).rejects.toMatchObject({ name: "DeadlineError" });
    } finally {
      peer.dispose();
    }
  });
});

// The scripted peer under a stalled event loop: a frame whose time has come is read, even when the
// piece's deadline timer runs first. Node keeps one timer list per duration and runs a late list
// whole, so a deadline in a list headed by an older timer fires before a frame's timer that was
// due earlier (the race exercise 5's check had, seen in a full run).
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { scriptedPeer } from "../../../lib/src/checkpoint/properties/scripted-peer.js";

/** Keeps the event loop busy for `ms`, as a loaded machine or a synchronous compile does. */
function stall(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("the scripted peer", () => {
  it("hands a read the frame that was due before its deadline, though the deadline's timer ran first", async () => {
    const peer = scriptedPeer(() => [{ afterMs: 250, frame: { jsonrpc: "2.0", id: 1, result: {} } }]);
    try {
      // A 400 ms list headed by an older timer (due at 400): the frame is due at 450, the deadline
      // at 600, and after the stall the 400 ms list, deadline included, runs before the frame's.
      setTimeout(() => undefined, 400);
      await sleep(200);
      peer.context.send({ jsonrpc: "2.0", id: 1, method: "ping" });
      const read = peer.context.nextFrame(AbortSignal.timeout(400));
      stall(700);
      const frame = await read;
      expect(JSON.parse(frame.toString("utf8"))).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    } finally {
      peer.dispose();
    }
  });

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

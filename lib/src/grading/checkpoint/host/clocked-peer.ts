// A teaching server the grader plays itself, on the virtual clock's timeline: reached through the
// relay (server/src/relay.ts) like any relayed server, so the client starts a real process and
// talks over real pipes, but every byte it sends and every byte it receives is counted here, and
// what it sends while the client waits (pings, notifications, other requests, a message trickled
// in pieces) is due at times on the timeline, not on the machine's clock. It answers the handshake
// and discovery, and never answers the one request its script hangs on. Real time stays where a
// real process must act: while the client's input has ended, or a SIGTERM is on its way, and the
// relay has not yet gone, the timeline waits (settling).
import type { Socket } from "node:net";
import { FRAME, framePayload, relayFrame } from "../../../server-build/relay-frames.js";
import { JSON_RPC_ERRORS } from "../../../protocol/constants.js";
import { shutdownOfMode } from "../../../server-build/teaching-modes.js";
import { appendRecord, onRelayFrames, recordRelayStart } from "./relay-connection.js";
import type { ClockDriver, TimelinePeer } from "./clock-driver.js";

/** What the server sends while the client waits on the request it hangs on. */
export type WaitEvent = "ping" | "notification" | "request" | "trickle";

export interface ClockedScript {
  /** The request the server never answers: the handshake's, or a tool call's. */
  readonly hangOn: "initialize" | "tools/call";
  /** What it sends meanwhile, each `afterMs` after the hung request came. */
  readonly during: ReadonlyArray<{ readonly afterMs: number; readonly send: WaitEvent }>;
  /** The ms between a trickled message's pieces (default 1). */
  readonly trickleGapMs?: number;
}

/** The tool the server advertises. */
const TOOL = { name: "word_count", description: "Counts words", inputSchema: { type: "object" } };

interface Due {
  readonly at: number;
  readonly run: () => void;
}

/** The messages each wait event sends: a request of the server's own carries an id the client answers. */
function waitMessages(send: WaitEvent, index: number): string[] {
  const line = (message: object): string => `${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`;
  switch (send) {
    case "ping":
      return [line({ id: `server-ping-${index}`, method: "ping" })];
    case "request":
      return [line({ id: `server-roots-${index}`, method: "roots/list" })];
    case "notification":
      return [line({ method: "notifications/message", params: { level: "info", data: `working ${index}` } })];
    case "trickle": {
      // One notification in three pieces, each its own write: bytes that arrive and complete nothing yet.
      const whole = line({ method: "notifications/progress", params: { progressToken: index, progress: index } });
      const third = Math.ceil(whole.length / 3);
      return [whole.slice(0, third), whole.slice(third, 2 * third), whole.slice(2 * third)];
    }
  }
}

/** Serves one relay's connection as `script` says, its events on `driver`'s timeline. */
export function serveClocked(
  socket: Socket,
  session: { readonly command: readonly string[]; readonly recordFile: string },
  script: ClockedScript,
  driver: ClockDriver,
): void {
  let received = 0;
  let sent = 0;
  let settling = false;
  let relayPid: number | undefined;
  let pending = "";
  const due: Due[] = [];
  const record = (entry: object): void => appendRecord(session.recordFile, entry);
  const send = (text: string): void => {
    const bytes = Buffer.from(text, "utf8");
    sent += bytes.length;
    socket.write(relayFrame(FRAME.data, bytes));
  };
  const reply = (id: unknown, result: object): void => send(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);

  const peer: TimelinePeer = {
    relayPid: () => relayPid,
    received: () => received,
    sent: () => sent,
    nextDue: () => (due.length === 0 ? undefined : Math.min(...due.map((each) => each.at))),
    fireDue: (at) => {
      due.sort((a, b) => a.at - b.at);
      while (due.length > 0 && due[0]!.at <= at) due.shift()!.run();
    },
    settling: () => settling,
  };
  const off = driver.addPeer(peer);

  const hang = (): void => {
    const start = driver.now();
    record({ event: "hung", source: "grader", at: start });
    // A trickle's pieces trickleGapMs apart on the timeline; a message begun is ended before the next begins.
    const pieceGap = script.trickleGapMs ?? 1;
    let free = start;
    script.during.forEach(({ afterMs, send: kind }, index) => {
      let at = Math.max(start + afterMs, free);
      for (const piece of waitMessages(kind, index + 1)) {
        due.push({ at, run: () => send(piece) });
        at += pieceGap;
      }
      free = at;
    });
  };

  const onMessage = (message: Record<string, unknown>): void => {
    const { id, method } = message;
    if (typeof method !== "string") return; // the client's answers to the server's own requests
    record({ event: "message", source: "grader", method, ...(id === undefined ? {} : { id }) });
    if (id === undefined) return; // a notification
    if (method === script.hangOn) {
      hang();
      return;
    }
    if (method === "initialize") {
      const params = (message["params"] ?? {}) as { protocolVersion?: unknown };
      reply(id, {
        protocolVersion: typeof params.protocolVersion === "string" ? params.protocolVersion : "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "clocked-teaching-server", version: "1.0.0" },
      });
    } else if (method === "tools/list") reply(id, { tools: [TOOL] });
    else if (method === "tools/call") reply(id, { content: [{ type: "text", text: "2" }] });
    else if (method === "ping") reply(id, {});
    else
      send(
        `${JSON.stringify({ jsonrpc: "2.0", id, error: { code: JSON_RPC_ERRORS.methodNotFound, message: "Method not found" } })}\n`,
      );
  };

  const onData = (payload: Buffer): void => {
    received += payload.length;
    pending += payload.toString("utf8");
    for (let newline = pending.indexOf("\n"); newline !== -1; newline = pending.indexOf("\n")) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line === "") continue;
      try {
        const message = JSON.parse(line) as unknown;
        if (typeof message === "object" && message !== null && !Array.isArray(message))
          onMessage(message as Record<string, unknown>);
      } catch {
        send(
          `${JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: JSON_RPC_ERRORS.parseError, message: "Parse error" } })}\n`,
        );
      }
    }
  };

  const start = (pid: unknown): void => {
    if (typeof pid !== "number" || relayPid !== undefined) return;
    relayPid = pid;
    // As for a relayed server: the client's start is the grader's own reading of the relay.
    recordRelayStart(session, pid);
    record({ event: "start", source: "server", pid: process.pid });
    socket.write(relayFrame(FRAME.ready, { grandchild: false, shutdown: shutdownOfMode("normal") }));
  };

  socket.on("error", () => undefined);
  onRelayFrames(socket, (frames) => {
    for (const frame of frames) {
      if (frame.kind === FRAME.hello) start((framePayload(frame) as { pid?: unknown } | undefined)?.pid);
      else if (frame.kind === FRAME.data) onData(frame.payload);
      else if (frame.kind === FRAME.eof) {
        // A server that leaves when its input ends: the relay exits 0, on real time.
        settling = true;
        socket.end(relayFrame(FRAME.exit, { code: 0, signal: null }));
      } else if (frame.kind === FRAME.signal) {
        settling = true;
        record({ event: "relay-signal", source: "grader", signal: "SIGTERM" });
        socket.end(relayFrame(FRAME.exit, { code: null, signal: "SIGTERM" }));
      }
    }
    driver.poke();
  });
  socket.once("close", () => {
    settling = false;
    due.length = 0;
    off();
  });
}

// A teaching server the grader plays itself, on the virtual clock's timeline: reached through the
// relay (server/src/relay.ts) like any relayed server, so the client starts a real process and
// talks over real pipes, but every byte it sends and every byte it receives is counted here, and
// what it sends while the client waits (pings, notifications, other requests, a message trickled
// in pieces) is due at times on the timeline, not on the machine's clock. It never answers the one
// request its script hangs on (the handshake's, discovery's or a tool call's), and answers each
// operation before it late, when its script says, on the timeline too. Real time stays where a
// real process must act: while the relay is leaving (its input ended, or a SIGTERM on its way), the
// timeline waits (settling). A script may have it leave a while after its input ends: that wait is
// on the timeline, timed from the host's own time of the end, so whether the client's grace runs
// out before the server leaves is the timeline's to say; a client with no timer on the timeline
// when the server is due to leave meets that wait on real time instead.
import type { Socket } from "node:net";
import { FRAME, framePayload, relayFrame } from "../../../server-build/relay-frames.js";
import { JSON_RPC_ERRORS } from "../../../protocol/constants.js";
import { shutdownOfMode } from "../../../server-build/teaching-modes.js";
import { appendRecord, onRelayFrames, recordRelayStart, relayClock } from "./relay-connection.js";
import type { ClockDriver, TimelinePeer } from "./clock-driver.js";

/**
 * What the server sends while the client waits on the request it hangs on. "answer-byte" is the
 * next byte of that request's own answer, which never ends (its last byte is never sent): a script
 * that has one has no other kind, or another message would land inside the answer begun.
 */
export type WaitEvent = "ping" | "notification" | "request" | "trickle" | "answer-byte";

/** An operation of a session, by the method of its request. */
export type TimedMethod = "initialize" | "tools/list" | "tools/call";

export interface ClockedScript {
  /** The request the server never answers (none: it answers every one). */
  readonly hangOn?: TimedMethod;
  /** How long after it came each operation before that one is answered (default: at once). */
  readonly answerAfterMs?: number;
  /** What it sends meanwhile, each `afterMs` after the hung request came. */
  readonly during: ReadonlyArray<{ readonly afterMs: number; readonly send: WaitEvent }>;
  /** The ms between a trickled message's pieces (default 1). */
  readonly trickleGapMs?: number;
  /** How long after its input ends it leaves with status 0, on the timeline (default: at once). */
  readonly leaveAfterEofMs?: number;
}

/** The tool the server advertises. */
const TOOL = { name: "word_count", description: "Counts words", inputSchema: { type: "object" } };

interface Due {
  readonly at: number;
  readonly run: () => void;
}

/** The messages each wait event sends: a request of the server's own carries an id the client answers. */
function waitMessages(send: Exclude<WaitEvent, "answer-byte">, index: number): string[] {
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

/** The line that answers a request of the client's (`params` its params). */
function answerTo(id: unknown, method: string, params?: unknown): string {
  const line = (body: object): string => `${JSON.stringify({ jsonrpc: "2.0", id, ...body })}\n`;
  switch (method) {
    case "initialize": {
      const asked = (params ?? {}) as { protocolVersion?: unknown };
      return line({
        result: {
          protocolVersion: typeof asked.protocolVersion === "string" ? asked.protocolVersion : "2025-06-18",
          capabilities: { tools: {} },
          serverInfo: { name: "clocked-teaching-server", version: "1.0.0" },
        },
      });
    }
    case "tools/list":
      return line({ result: { tools: [TOOL] } });
    case "tools/call":
      return line({ result: { content: [{ type: "text", text: "2" }] } });
    case "ping":
      return line({ result: {} });
    default:
      return line({ error: { code: JSON_RPC_ERRORS.methodNotFound, message: "Method not found" } });
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
  let eofHeard = false;
  let leaveTimed = false;
  let eofOnRelayClock: number | undefined;
  const due: Due[] = [];
  const record = (entry: object): void => appendRecord(session.recordFile, entry);
  const send = (text: string): void => sendBytes(Buffer.from(text, "utf8"));
  const sendBytes = (bytes: Buffer): void => {
    sent += bytes.length;
    socket.write(relayFrame(FRAME.data, bytes));
  };

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
    inputEnded: () => eofHeard,
    inputEndedAt: (at) => {
      const after = script.leaveAfterEofMs;
      if (after === undefined || leaveTimed) return;
      leaveTimed = true;
      due.push({ at: at + after, run: () => leaveAfter(at + after, after) });
    },
  };
  const off = driver.addPeer(peer);

  /** Leaves with status 0, as a server whose input has ended (the relay exits on real time), recording `entry` when its script timed it. */
  const leave = (entry?: object): void => {
    settling = true;
    if (entry !== undefined) record({ event: "left", source: "grader", status: 0, ...entry });
    socket.end(relayFrame(FRAME.exit, { code: 0, signal: null }));
  };
  // Due now on the timeline. A client with no timer on it keeps its grace another way (a child's
  // timeout, a Worker): the server then takes its wait on real time, as a real one does.
  const leaveAfter = (at: number, after: number): void => {
    if (settling) return;
    const onTimeline = driver.hostNext() !== null;
    record({ event: "leave-due", source: "grader", at, clock: onTimeline ? "timeline" : "real" });
    if (onTimeline) {
      leave({ at });
      return;
    }
    settling = true; // the timeline stands while the wait runs on real time
    setTimeout(() => leave({}), after);
  };

  // When the request just read left the host, on the timeline: events are timed from it.
  const whenAsked = (then: (at: number) => void): void => driver.whenWritten(relayPid ?? -1, received, then);
  const later = (run: () => void): void => {
    const after = script.answerAfterMs ?? 0;
    if (after > 0) whenAsked((at) => due.push({ at: at + after, run }));
    else run();
  };

  const hang = (id: unknown, method: string): void => whenAsked((start) => hangFrom(start, id, method));
  const hangFrom = (start: number, id: unknown, method: string): void => {
    record({ event: "hung", source: "grader", method, at: start });
    // The answer it never finishes, a byte at a time: all of it but the newline that would end it.
    const answer = Buffer.from(answerTo(id, method).trimEnd(), "utf8");
    let answered = 0;
    // A trickle's pieces trickleGapMs apart on the timeline; a message begun is ended before the next begins.
    const pieceGap = script.trickleGapMs ?? 1;
    let free = start;
    script.during.forEach(({ afterMs, send: kind }, index) => {
      let at = Math.max(start + afterMs, free);
      if (kind === "answer-byte") {
        due.push({
          at,
          run: () => {
            if (answered < answer.length) sendBytes(answer.subarray(answered, (answered += 1)));
          },
        });
        return;
      }
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
    if (script.hangOn !== undefined && method === script.hangOn) {
      hang(id, method);
      return;
    }
    const answer = answerTo(id, method, message["params"]);
    if (method === "initialize" || method === "tools/list" || method === "tools/call") later(() => send(answer));
    else send(answer);
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
      else if (frame.kind === FRAME.eof && !eofHeard) {
        eofHeard = true;
        eofOnRelayClock = relayClock(frame);
        if (script.leaveAfterEofMs !== undefined) record({ event: "eof", source: "grader" });
        // A server that leaves when its input ends: at once, the relay exits 0 on real time; or once
        // its script's wait has passed (the driver tells inputEndedAt when the end came).
        if (script.leaveAfterEofMs === undefined) leave();
      } else if (frame.kind === FRAME.signal) {
        const at = relayClock(frame);
        const afterEofMs =
          eofOnRelayClock !== undefined && at !== undefined ? Math.round(at - eofOnRelayClock) : undefined;
        settling = true;
        // As for a relayed server: how long after the end of input it came, by the relay's clock.
        record({
          event: "relay-signal",
          source: "grader",
          signal: "SIGTERM",
          ...(afterEofMs === undefined ? {} : { afterEofMs }),
        });
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

// Teaching servers the grader runs itself, for a client under grading. The command a rule hands
// the client starts the relay (server/src/relay.ts), which connects to a Unix socket here; for
// each connection the grader runs a teaching server inside its own process (in-process-server.ts:
// the server's own code, as a fresh process of it would run), its --log and --record in a folder
// only the grader may enter, and carries the bytes between the two. What the rules judge, the
// server's log and record, is then out of the graded user's reach; what a rule judges about the
// process the client started (its pid, argv, environment, group) the grader reads from /proc,
// never from a file that user can write. Folder and socket names are random, naming no rule.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { FRAME, framePayload, relayFrame, type RelayFrame } from "../../../server-build/relay-frames.js";
import { reachableFolder } from "./containment.js";
import { TEACHING_SERVER } from "../../../client/teaching-server.js";
import { shutdownOfMode, type Shutdown } from "../../../server-build/teaching-modes.js";
import { recordedStarts, relayPid } from "../rules/server-records.js";
import { endClientSide, sessionFlags, standingOf, type ServerSource } from "../rules/servers.js";
import type { ServerRun, ServerSettings } from "../rules/types.js";
import type { ClockDriver } from "./clock-driver.js";
import { serveClocked, type ClockedScript } from "./clocked-peer.js";
import { InProcessServer } from "./in-process-server.js";
import { appendRecord, onRelayFrames, recordRelayStart, relayClock } from "./relay-connection.js";
import { GraderFault } from "../grader-fault.js";

/** The relay's compiled main file. */
export const RELAY_MAIN = join(TEACHING_SERVER, "..", "relay.js");

/** How long a server that was sent SIGTERM gets to record it and exit before it is killed. */
const TERM_GRACE_MS = 1000;

export interface RelayedServerOptions {
  /** The relay's main file as the graded user reaches it. */
  readonly relayMain: string;
  /** The user the graded code runs as: it must be able to connect to the sockets. */
  readonly owner?: { readonly uid: number; readonly gid: number };
  /** The Node the relay runs on, started by the graded code (default this process's; see host-node.ts). */
  readonly node?: string;
}

/**
 * The bytes of a Unix socket's path Linux keeps (sun_path is 108 bytes, the last a NUL). Node's
 * listen() cuts a longer path silently and listens at the cut one, where no relay finds it.
 */
export const SOCKET_PATH_LIMIT = 107;
/** The longest folder name a rule may ask its socket to lie in (ServerSettings.subdir). */
export const SUBDIR_ROOM = 40;
/** What a socket's path holds past the reachable folder: "/mcp-XXXXXX/", the rule's folder, "/mcp.sock". */
const SOCKET_TAIL = "/mcp-XXXXXX/".length + SUBDIR_ROOM + "/mcp.sock".length;

/**
 * Throws GraderFault when the temporary folder is so deep that a rule's socket path would not fit
 * in a Unix socket's (a class job's TMPDIR lies deeper than /tmp): found before any graded code runs.
 */
export function checkSocketRoom(): void {
  const folder = reachableFolder();
  const longest = Buffer.byteLength(folder) + SOCKET_TAIL;
  if (longest > SOCKET_PATH_LIMIT)
    throw new GraderFault(
      `the temporary folder is too deep for the relayed servers' sockets: their paths would take up to ${longest} bytes, ` +
        `over the ${SOCKET_PATH_LIMIT} a Unix socket's path holds (set TMPDIR to a shorter folder)`,
      folder,
    );
}

/** A folder only the grader may enter, and one the graded user may reach the sockets in. */
function folders(owner: RelayedServerOptions["owner"]): { evidence: string; sockets: string } {
  const evidence = mkdtempSync(join(tmpdir(), "mcp-"));
  chmodSync(evidence, 0o700);
  const sockets = mkdtempSync(join(reachableFolder(), "mcp-")); // a host started before it sees it
  chmodSync(sockets, 0o755);
  if (owner) chownSync(sockets, owner.uid, owner.gid);
  return { evidence, sockets };
}

/** One rule's relayed servers; `end()` ends them, closes the sockets and removes both folders. */
export function relayedServers(options: RelayedServerOptions): ServerSource {
  const { evidence, sockets } = folders(options.owner);
  const runs: ServerRun[] = [];
  const listeners: Server[] = [];
  const started = new Set<InProcessServer>();

  /**
   * A run's folders, its socket (each connection handed to `serveConnection`) and its ServerRun:
   * `serving` says when the relay has connected and what serves it is ready.
   */
  const listen = (
    settings: ServerSettings,
    serveConnection: (socket: Socket, paths: { command: readonly string[]; recordFile: string }) => void,
  ): ServerRun => {
    const index = runs.length + 1;
    if (Buffer.byteLength(settings.subdir ?? "") > SUBDIR_ROOM)
      throw new TypeError(`a relayed server's folder name holds at most ${SUBDIR_ROOM} bytes: ${settings.subdir}`);
    const home = join(evidence, String(index));
    mkdirSync(home, { mode: 0o700 });
    const logFile = join(home, "calls.jsonl");
    const recordFile = join(home, "record.jsonl");
    // The folder a rule asks for by name (spaces, $HOME, quotes) is part of the relay's argv.
    const socketHome = join(sockets, settings.subdir ?? String(index));
    mkdirSync(socketHome, { recursive: true, mode: 0o755 });
    chmodSync(socketHome, 0o755);
    const socketPath = join(socketHome, "mcp.sock");
    // Before a listener exists: one listening at a cut path would keep the grader from ever exiting.
    if (Buffer.byteLength(socketPath) > SOCKET_PATH_LIMIT)
      throw new GraderFault(
        `a relayed server's socket path is over the ${SOCKET_PATH_LIMIT} bytes a Unix socket's holds`,
        socketPath,
      );
    const command = [options.node ?? process.execPath, options.relayMain, socketPath];
    const connections = new Set<Socket>();
    const whenNoneOpen: Array<() => void> = [];
    const listener = createServer((socket) => {
      connections.add(socket);
      socket.once("close", () => {
        connections.delete(socket);
        if (connections.size === 0) for (const resolve of whenNoneOpen.splice(0)) resolve();
      });
      serveConnection(socket, { command, recordFile });
    });
    listener.on("error", () => undefined);
    listener.listen(socketPath);
    chmodSync(socketPath, 0o666);
    listeners.push(listener);
    // Serving once the relay has connected and the server behind it has started.
    const serving = (): boolean => {
      const starts = recordedStarts(recordFile);
      return starts.relay && starts.server;
    };
    // A relay the client has ended may still have frames on their way (its SIGTERM): its connection
    // closes only once the grader has read them all.
    const settled = (): Promise<void> =>
      connections.size === 0
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => whenNoneOpen.push(resolve)),
            sleep(SETTLE_BOUND_MS, undefined, { ref: false }),
          ]);
    const run = { command, logFile, recordFile, standing: standingOf(socketPath, serving), settled };
    runs.push(run);
    return run;
  };

  const server = (mode: string, settings: ServerSettings = {}): ServerRun => {
    const launch = (): InProcessServer => {
      const server = new InProcessServer(serverArgs);
      // Reported on the grader's stderr (the class command looks for it) and on the relay's, never a crash.
      if (server.startFailure !== undefined) process.stderr.write(`${SERVER_START_FAILED}: ${server.startFailure}\n`);
      started.add(server);
      server.onClose(() => started.delete(server));
      return server;
    };
    let waiting: InProcessServer | undefined;
    const take = (): InProcessServer => {
      const server = waiting ?? launch();
      waiting = undefined;
      return server;
    };
    const run = listen(settings, (socket, { command, recordFile }) =>
      serve(socket, {
        command,
        recordFile,
        grandchild: mode === "grandchild",
        ...(settings.family === undefined ? {} : { family: settings.family }),
        shutdown: shutdownOfMode(mode),
        take,
      }),
    );
    // grandchild mode is the relay's to show: it starts the grandchild in the client's group.
    const serverArgs = [
      "--mode",
      mode === "grandchild" ? "normal" : mode,
      "--log",
      run.logFile,
      "--record",
      run.recordFile,
      ...sessionFlags(settings),
    ];
    // Started before the client asks, as a child was, so its start is in the record before the relay's.
    waiting = launch();
    return run;
  };

  const clocked = (script: ClockedScript, driver: ClockDriver, settings: ServerSettings = {}): ServerRun =>
    listen(settings, (socket, paths) => serveClocked(socket, paths, script, driver));

  return {
    server,
    clocked,
    end: async () => {
      // Only a relay is the client's: the servers are the grader's, killed below (ended at once).
      const leftovers = await endClientSide(runs, sockets, relayPid);
      for (const listener of listeners) listener.close();
      for (const server of [...started]) server.kill("SIGKILL");
      rmSync(evidence, { recursive: true, force: true });
      rmSync(sockets, { recursive: true, force: true });
      return leftovers;
    },
  };
}

interface Session {
  readonly command: readonly string[];
  readonly recordFile: string;
  readonly grandchild: boolean;
  /** Members the relay starts in its group, whose witness reports on a connection of its own (family.ts). */
  readonly family?: number;
  /** How the server leaves (its mode's), which the relay mirrors. */
  readonly shutdown: Shutdown;
  /** The server for this connection (started ahead when it can be). */
  readonly take: () => InProcessServer;
}

/** The longest a rule waits for a relay's connection to close before it reads the record anyway. */
const SETTLE_BOUND_MS = 2000;

/** What the relay's stderr says when the grader could not start a teaching server (the class command looks for it). */
export const SERVER_START_FAILED = "the grader could not start its teaching server";

/** A family watcher's word on how one member ended, into the record as it came, if it is one. */
function recordMember(recordFile: string, frame: RelayFrame): void {
  const { member, ended } = (framePayload(frame) ?? {}) as { member?: unknown; ended?: unknown };
  if (typeof member !== "number" || typeof ended !== "string" || !/^(SIG[A-Z0-9]+|exit \d+)$/u.test(ended)) return;
  appendRecord(recordFile, { event: "member", member, ended });
}

/** One relay's connection: its hello, then a teaching server for it, bytes carried both ways; or a family watcher's words. */
function serve(socket: Socket, session: Session): void {
  let server: InProcessServer | undefined;
  let signalled = false;
  let eofAt: number | undefined;
  socket.on("error", () => undefined); // a killed relay: "close" follows

  const start = (pid: unknown): void => {
    if (server !== undefined || typeof pid !== "number") return;
    recordRelayStart(session, pid);
    const taken = session.take();
    server = taken;
    taken.stdin.on("error", () => undefined);
    taken.stdin.on("drain", () => socket.resume());
    socket.on("drain", () => taken.drained());
    // Once the relay is gone no drain comes: a server held mid-flood (endless) would never go on.
    // What it still writes has no reader: it is let through and dropped.
    socket.once("close", () => taken.detach());
    taken.onClose(({ code, signal }) => {
      if (socket.destroyed) return;
      if (taken.startFailure !== undefined)
        socket.write(relayFrame(FRAME.stderr, Buffer.from(`${SERVER_START_FAILED}: ${taken.startFailure}\n`)));
      socket.end(relayFrame(FRAME.exit, { code, signal }));
    });
    socket.write(
      relayFrame(FRAME.ready, { grandchild: session.grandchild, family: session.family, shutdown: session.shutdown }),
    );
    taken.attach({
      stdout: (chunk) => socket.write(relayFrame(FRAME.data, chunk)),
      stderr: (chunk) => void socket.write(relayFrame(FRAME.stderr, chunk)),
    });
  };

  onRelayFrames(socket, (frames) => {
    for (const frame of frames) {
      if (frame.kind === FRAME.hello) start((framePayload(frame) as { pid?: unknown } | undefined)?.pid);
      else if (frame.kind === FRAME.member && server === undefined) recordMember(session.recordFile, frame);
      else if (server === undefined) continue;
      else if (frame.kind === FRAME.data) {
        if (!server.stdin.write(frame.payload)) socket.pause();
      } else if (frame.kind === FRAME.eof) {
        eofAt = relayClock(frame);
        server.stdin.end();
      } else if (frame.kind === FRAME.signal) {
        signalled = true;
        // The relay meets it as the server's mode says (a correct server's: it dies of it, whether
        // or not the server is still there to record it, and close() then reports SIGTERM); the
        // record says so, with how long after the end of input it came by the relay's own clock (a
        // wait the grader's busy moments cannot shorten or stretch, less the relay's own waits for a
        // CPU in between).
        const at = relayClock(frame);
        const afterEofMs = eofAt !== undefined && at !== undefined ? Math.round(at - eofAt) : undefined;
        const entry = {
          event: "relay-signal",
          source: "grader",
          signal: "SIGTERM",
          ...(afterEofMs === undefined ? {} : { afterEofMs }),
        };
        appendRecord(session.recordFile, entry);
        server.kill("SIGTERM");
      }
    }
  });

  // The relay is gone. Without an end of input or a SIGTERM it said nothing the server may record:
  // it was killed, so the server is killed too (after a SIGTERM, once it has had time to record it).
  socket.on("close", () => {
    const taken = server;
    if (taken === undefined || !taken.running) return;
    if (!signalled) {
      taken.kill("SIGKILL");
      return;
    }
    const grace = setTimeout(() => taken.kill("SIGKILL"), TERM_GRACE_MS).unref();
    taken.onClose(() => clearTimeout(grace));
  });
}

// Teaching servers the grader runs itself, for a client under grading. The command a rule hands
// the client starts the relay (server/src/relay.ts), which connects to a Unix socket here; for
// each connection the grader starts a real teaching server, its --log and --record in a folder
// only the grader may enter, and carries the bytes between the two. What the rules judge, the
// server's log and record, is then out of the graded user's reach; what a rule judges about the
// process the client started (its pid, argv, environment, group) the grader reads from /proc,
// never from a file that user can write. Folder and socket names are random, naming no rule.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams as ChildProcess } from "node:child_process";
import { appendFileSync, chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isDeepStrictEqual } from "node:util";
import {
  FRAME,
  framePayload,
  relayFrame,
  RelayFrameReader,
  type RelayFrame,
} from "../../../server-build/relay-frames.js";
import { signalGroup } from "../../../client/process-group.js";
import { commandLineOf } from "../../../client/process-table.js";
import { pidSeenHere } from "./containment.js";
import { TEACHING_SERVER } from "../../../client/teaching-server.js";
import { shutdownOfMode, type Shutdown } from "../../../server-build/teaching-modes.js";
import { recordedStarts, relayPid } from "../rules/server-records.js";
import { endClientSide, sessionFlags, standingOf, type ServerSource } from "../rules/servers.js";
import type { ServerRun, ServerSettings } from "../rules/types.js";

/** The relay's compiled main file. */
export const RELAY_MAIN = join(TEACHING_SERVER, "..", "relay.js");

/** How long a server that was sent SIGTERM gets to record it and exit before it is killed. */
const TERM_GRACE_MS = 1000;

export interface RelayedServerOptions {
  /** The relay's main file as the graded user reaches it. */
  readonly relayMain: string;
  /** The user the graded code runs as: it must be able to connect to the sockets. */
  readonly owner?: { readonly uid: number; readonly gid: number };
}

/** The names of a process's environment variables (from /proc; empty once it has ended). */
function environmentNames(pid: number): string[] {
  return (environOf(pid) ?? "")
    .split("\0")
    .filter((entry) => entry !== "")
    .map((entry) => entry.slice(0, Math.max(0, entry.indexOf("="))) || entry)
    .sort();
}

/**
 * A process's /proc/PID/environ, or undefined once it has ended. Root without CAP_SYS_PTRACE (a
 * default container: Gradescope's, Docker's, podman's) may not read another user's, and every
 * correct client would then fail spawn-argv-env; the process's own user may, so the grader reads
 * it as that user then.
 */
function environOf(pid: number): string | undefined {
  const file = `/proc/${pid}/environ`;
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EACCES") return undefined;
  }
  let owner: RegExpExecArray | null;
  try {
    owner = /^Uid:\s+(\d+)[\s\S]*^Gid:\s+(\d+)/mu.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return undefined;
  }
  if (owner === null) return undefined;
  const read = spawnSync("setpriv", ["--reuid", owner[1]!, "--regid", owner[2]!, "--clear-groups", "cat", file], {
    encoding: "utf8",
    timeout: 5_000,
  });
  return read.status === 0 ? read.stdout : undefined;
}

/** A folder only the grader may enter, and one the graded user may reach the sockets in. */
function folders(owner: RelayedServerOptions["owner"]): { evidence: string; sockets: string } {
  const evidence = mkdtempSync(join(tmpdir(), "mcp-"));
  chmodSync(evidence, 0o700);
  const sockets = mkdtempSync(join(tmpdir(), "mcp-"));
  chmodSync(sockets, 0o755);
  if (owner) chownSync(sockets, owner.uid, owner.gid);
  return { evidence, sockets };
}

/** One rule's relayed servers; `end()` ends them, closes the sockets and removes both folders. */
export function relayedServers(options: RelayedServerOptions): ServerSource {
  const { evidence, sockets } = folders(options.owner);
  const runs: ServerRun[] = [];
  const listeners: Server[] = [];
  const started = new Set<ChildProcess>();
  const exited: Array<Promise<void>> = [];
  const startFailures = new WeakMap<ChildProcess, string>();

  const server = (mode: string, settings: ServerSettings = {}): ServerRun => {
    const index = runs.length + 1;
    const home = join(evidence, String(index));
    mkdirSync(home, { mode: 0o700 });
    const logFile = join(home, "calls.jsonl");
    const recordFile = join(home, "record.jsonl");
    // The folder a rule asks for by name (spaces, $HOME, quotes) is part of the relay's argv.
    const socketHome = join(sockets, settings.subdir ?? String(index));
    mkdirSync(socketHome, { recursive: true, mode: 0o755 });
    chmodSync(socketHome, 0o755);
    const socketPath = join(socketHome, "mcp.sock");
    const command = [process.execPath, options.relayMain, socketPath];
    // grandchild mode is the relay's to show: it starts the grandchild in the client's group.
    const serverArgs = [
      TEACHING_SERVER,
      "--mode",
      mode === "grandchild" ? "normal" : mode,
      "--log",
      logFile,
      "--record",
      recordFile,
      ...sessionFlags(settings),
    ];
    const launch = (): ChildProcess => {
      const child = spawn(process.execPath, serverArgs, {
        cwd: home,
        env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
        stdio: ["pipe", "pipe", "pipe"],
        detached: true,
      });
      started.add(child);
      // A server that cannot start (its folder gone, no memory for a process) is reported on the
      // relay's stderr and as its exit, never left to crash the grader as an unhandled 'error'.
      child.once("error", (error) => {
        startFailures.set(child, error.message);
        process.stderr.write(`${SERVER_START_FAILED}: ${error.message}\n`);
      });
      exited.push(new Promise((resolve) => child.once("close", () => resolve())));
      return child;
    };
    // Started before the client asks, so the relay finds it ready (a client's first deadline may be 1 s).
    let waiting: ChildProcess | undefined = launch();
    const take = (): ChildProcess => {
      const child = waiting ?? launch();
      waiting = undefined;
      return child;
    };
    const connections = new Set<Socket>();
    const whenNoneOpen: Array<() => void> = [];
    const listener = createServer((socket) => {
      connections.add(socket);
      socket.once("close", () => {
        connections.delete(socket);
        if (connections.size === 0) for (const resolve of whenNoneOpen.splice(0)) resolve();
      });
      serve(socket, {
        command,
        recordFile,
        grandchild: mode === "grandchild",
        shutdown: shutdownOfMode(mode),
        take,
        startFailures,
      });
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

  return {
    server,
    end: async () => {
      // Only a relay is the client's: the server started ahead is the grader's, ended below.
      const leftovers = await endClientSide(runs, sockets, relayPid);
      for (const listener of listeners) listener.close();
      for (const child of started)
        if (child.exitCode === null && child.signalCode === null) signalGroup(child.pid!, "SIGKILL");
      await Promise.race([Promise.all(exited), sleep(2000)]);
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
  /** How the server leaves (its mode's), which the relay mirrors. */
  readonly shutdown: Shutdown;
  /** The real server for this connection (started ahead when it can be). */
  readonly take: () => ChildProcess;
  /** Why a server could not start, once its 'error' has come. */
  readonly startFailures: WeakMap<ChildProcess, string>;
}

/** The longest a rule waits for a relay's connection to close before it reads the record anyway. */
const SETTLE_BOUND_MS = 2000;

/** What the relay's stderr says when the grader could not start a teaching server (the class command looks for it). */
export const SERVER_START_FAILED = "the grader could not start its teaching server";

/**
 * When the relay says a frame's event happened, by its own clock less its wait for a CPU so far: the
 * difference of two is the time between them that the relay was not kept waiting.
 */
function relayClock(frame: RelayFrame): number | undefined {
  const { at, queuedMs } = (framePayload(frame) ?? {}) as { at?: unknown; queuedMs?: unknown };
  if (typeof at !== "number" || !Number.isFinite(at)) return undefined;
  return typeof queuedMs === "number" && Number.isFinite(queuedMs) ? at - queuedMs : at;
}

/** One relay's connection: its hello, then a real server for it, bytes carried both ways. */
function serve(socket: Socket, session: Session): void {
  const reader = new RelayFrameReader();
  let child: ChildProcess | undefined;
  let signalled = false;
  let eofAt: number | undefined;
  socket.on("error", () => undefined); // a killed relay: "close" follows

  const start = (pid: unknown): void => {
    if (child !== undefined || typeof pid !== "number") return;
    // The client's start in the record is the grader's own reading of the relay's process, not its
    // word; server-records.ts reads it in place of the real server's own start entry. The relay names
    // its pid as its namespace numbers it (containment.ts): the record holds the grader's number.
    const seen = pidSeenHere(pid, session.command);
    const argv = seen === undefined ? undefined : commandLineOf(seen);
    if (seen !== undefined && argv !== undefined && isDeepStrictEqual(argv, session.command)) {
      const entry = { event: "start", source: "grader", pid: seen, argv: argv.slice(2), env: environmentNames(seen) };
      appendFileSync(session.recordFile, `${JSON.stringify(entry)}\n`);
    }
    const server = session.take();
    child = server;
    server.stdin.on("error", () => undefined);
    server.stdout.on("data", (chunk: Buffer) => {
      if (!socket.write(relayFrame(FRAME.data, chunk))) server.stdout.pause();
    });
    socket.on("drain", () => server.stdout.resume());
    server.stderr.on("data", (chunk: Buffer) => socket.write(relayFrame(FRAME.stderr, chunk)));
    server.stdin.on("drain", () => socket.resume());
    server.once("close", (code, signal) => {
      if (socket.destroyed) return;
      const failure = session.startFailures.get(server);
      if (failure !== undefined)
        socket.write(relayFrame(FRAME.stderr, Buffer.from(`${SERVER_START_FAILED}: ${failure}\n`)));
      socket.end(relayFrame(FRAME.exit, { code, signal }));
    });
    socket.write(relayFrame(FRAME.ready, { grandchild: session.grandchild, shutdown: session.shutdown }));
  };

  socket.on("data", (chunk: Buffer) => {
    let frames;
    try {
      frames = reader.feed(chunk);
    } catch {
      socket.destroy();
      return;
    }
    for (const frame of frames) {
      if (frame.kind === FRAME.hello) start((framePayload(frame) as { pid?: unknown } | undefined)?.pid);
      else if (child === undefined) continue;
      else if (frame.kind === FRAME.data) {
        if (!child.stdin.write(frame.payload)) socket.pause();
      } else if (frame.kind === FRAME.eof) {
        eofAt = relayClock(frame);
        child.stdin.end();
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
        appendFileSync(session.recordFile, `${JSON.stringify(entry)}\n`);
        child.kill("SIGTERM");
      }
    }
  });

  // The relay is gone. Without an end of input or a SIGTERM it said nothing the server may record:
  // it was killed, so the server is killed too (after a SIGTERM, once it has had time to record it).
  socket.on("close", () => {
    const server = child;
    if (server === undefined || server.exitCode !== null || server.signalCode !== null) return;
    const kill = (): void => {
      if (server.exitCode === null && server.signalCode === null) signalGroup(server.pid!, "SIGKILL");
    };
    if (signalled) setTimeout(kill, TERM_GRACE_MS).unref();
    else kill();
  });
}

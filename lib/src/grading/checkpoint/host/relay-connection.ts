// What every server behind a relay does with the relay's connection, whether a real teaching
// server serves it (relayed-servers.ts) or the grader plays the server itself (clocked-peer.ts):
// reading its frames, and recording the client's start from the grader's own reading of the relay.
import { spawnSync } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import type { Socket } from "node:net";
import { isDeepStrictEqual } from "node:util";
import { framePayload, RelayFrameReader, type RelayFrame } from "../../../server-build/relay-frames.js";
import { commandLineOf } from "../../../client/process-table.js";
import { pidSeenHere } from "./containment.js";

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

/** Hands each batch of frames the relay sends to `each`; bytes that are not frames end the connection. */
export function onRelayFrames(socket: Socket, each: (frames: RelayFrame[]) => void): void {
  const reader = new RelayFrameReader();
  socket.on("data", (chunk: Buffer) => {
    let frames;
    try {
      frames = reader.feed(chunk);
    } catch {
      socket.destroy();
      return;
    }
    each(frames);
  });
}

/**
 * The client's start in the record is the grader's own reading of the relay's process, not its
 * word; server-records.ts reads it in place of the real server's own start entry. The relay names
 * its pid (`pid`, from its hello) as its namespace numbers it (containment.ts): the record holds
 * the grader's number.
 */
export function recordRelayStart(
  session: { readonly command: readonly string[]; readonly recordFile: string },
  pid: number,
): void {
  const seen = pidSeenHere(pid, session.command);
  const argv = seen === undefined ? undefined : commandLineOf(seen);
  if (seen !== undefined && argv !== undefined && isDeepStrictEqual(argv, session.command)) {
    const entry = { event: "start", source: "grader", pid: seen, argv: argv.slice(2), env: environmentNames(seen) };
    appendRecord(session.recordFile, entry);
  }
}

/**
 * One entry onto a run's record, as the grader saw it. A relay's last frames can arrive after the
 * rule has ended and its evidence folder is gone (a family watcher's word, a late SIGTERM): nobody
 * will read that record again, so a record that is gone takes nothing, rather than the error
 * ending the grader.
 */
export function appendRecord(recordFile: string, entry: object): void {
  try {
    appendFileSync(recordFile, `${JSON.stringify(entry)}\n`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * When the relay says a frame's event happened, by its own clock less its wait for a CPU so far: the
 * difference of two is the time between them that the relay was not kept waiting.
 */
export function relayClock(frame: RelayFrame): number | undefined {
  const { at, queuedMs } = (framePayload(frame) ?? {}) as { at?: unknown; queuedMs?: unknown };
  if (typeof at !== "number" || !Number.isFinite(at)) return undefined;
  return typeof queuedMs === "number" && Number.isFinite(queuedMs) ? at - queuedMs : at;
}

// Where a rule's teaching servers come from, and how what is left of them is ended: the one place
// rules obtain a server command. In a notebook's check cell the client under test starts the
// teaching server itself, whose log and record sit in the rule's folder (directServers). When the
// checkpoint grades, the command starts a relay to a server the grader runs, whose evidence the
// graded user cannot reach (host/relayed-servers.ts). Rules read both the same way (server-records.ts).
import { chownSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { signalGroup } from "../../../client/process-group.js";
import { TEACHING_SERVER } from "../../../client/teaching-server.js";
import { liveInGroup, processesMentioning, recordedStarts, serverPid } from "./server-records.js";
import type { ServerRun, ServerSettings, ServerStanding } from "./types.js";
import type { ClockDriver } from "../host/clock-driver.js";
import type { ClockedScript } from "../host/clocked-peer.js";

/** One rule's servers. */
export interface ServerSource {
  /** A teaching server in `mode`: the argv to hand the client, and where its evidence is. */
  server(mode: string, settings?: ServerSettings): ServerRun;
  /**
   * A server the grader plays itself on a virtual clock's timeline (host/clocked-peer.ts), where
   * the grading host gives one: relayed gradings only.
   */
  clocked?(script: ClockedScript, driver: ClockDriver, settings?: ServerSettings): ServerRun;
  /** Ends what is left; returns a label for each process the client left running. */
  end(): Promise<string[]>;
}

/**
 * The teaching server's flags beyond --mode, --log and --record that shape a session (direct or
 * relayed alike). Not the family: its members belong in the group of the process the client starts.
 */
export function sessionFlags(settings: ServerSettings): string[] {
  const flags: string[] = [];
  if (settings.notifications !== undefined) flags.push("--notifications", String(settings.notifications));
  if (settings.leaveAfterEofMs !== undefined) flags.push("--leave-after-eof-ms", String(settings.leaveAfterEofMs));
  if (settings.skippedMix !== undefined) flags.push("--skipped-mix", JSON.stringify(settings.skippedMix));
  if (settings.endlessBytes !== undefined) flags.push("--endless-bytes", String(settings.endlessBytes));
  if (settings.extraTools !== undefined) flags.push("--extra-tools", JSON.stringify(settings.extraTools));
  if (settings.onlyTools !== undefined) flags.push("--only-tools", JSON.stringify(settings.onlyTools));
  if (settings.schemaTools !== undefined) flags.push("--schema-tools", JSON.stringify(settings.schemaTools));
  if (settings.askIds !== undefined) flags.push("--ask-ids", JSON.stringify(settings.askIds));
  return flags;
}

/** Servers the client starts itself, logging into `dir` (owned by `owner` when given, so they can write there). */
export function directServers(
  dir: string,
  options: { readonly owner?: { readonly uid: number; readonly gid: number }; readonly serverMain?: string } = {},
): ServerSource {
  const servers: ServerRun[] = [];
  return {
    server: (mode, settings = {}) => {
      const home =
        settings.subdir === undefined ? join(dir, `server-${servers.length + 1}`) : join(dir, settings.subdir);
      mkdirSync(home, { recursive: true });
      if (options.owner) chownSync(home, options.owner.uid, options.owner.gid);
      const logFile = join(home, "calls.jsonl");
      const recordFile = join(home, "record.jsonl");
      const main = options.serverMain ?? TEACHING_SERVER;
      const flags = ["--mode", mode, "--log", logFile, "--record", recordFile, ...sessionFlags(settings)];
      // The family belongs to the process the client starts: here the server itself.
      if (settings.family !== undefined) flags.push("--family", String(settings.family));
      const command = [process.execPath, main, ...flags];
      const run = {
        command,
        logFile,
        recordFile,
        standing: standingOf(recordFile, () => recordedStarts(recordFile).server),
        // The server writes its record itself, before it leaves: nothing is on its way to the grader.
        settled: () => Promise.resolve(),
      };
      servers.push(run);
      return run;
    },
    end: () => endClientSide(servers, dir),
  };
}

/** How often a run not serving yet looks through /proc for its process: the scan reads every process's argv. */
const PROCESS_LOOK_MS = 250;

/**
 * A run's standing: serving once `serving()` says so, else starting while a process whose argv
 * names `marker` runs (found by a /proc scan at most every PROCESS_LOOK_MS), else absent.
 */
export function standingOf(marker: string, serving: () => boolean): () => ServerStanding {
  let lastLook = { at: -Infinity, running: false };
  return () => {
    if (serving()) return "serving";
    const now = performance.now();
    if (now - lastLook.at >= PROCESS_LOOK_MS) lastLook = { at: now, running: processesMentioning(marker).length > 0 };
    return lastLook.running ? "starting" : "absent";
  };
}

/**
 * SIGKILLs what is left of the processes the client started for `servers`: the group of each one
 * whose pid its record holds (`startedPid` reads it), and any process whose argv names `marker`
 * (one that had not recorded it yet). A process that leads no group of its own is killed alone,
 * never the group it shares with the grader.
 */
export async function endClientSide(
  servers: readonly ServerRun[],
  marker: string,
  startedPid: (recordFile: string) => number | undefined = serverPid,
): Promise<string[]> {
  const killed: string[] = [];
  const groups = new Set<number>();
  for (const server of servers) {
    const pgid = startedPid(server.recordFile);
    if (pgid !== undefined && liveInGroup(pgid).length > 0) groups.add(pgid);
  }
  const ownGroup = liveInGroup(process.pid).length > 0 ? process.pid : undefined;
  for (const entry of servers.length > 0 ? processesMentioning(marker) : []) {
    if (entry.pgid === entry.pid && entry.pgid !== ownGroup) groups.add(entry.pgid);
    else {
      killed.push(`pid ${entry.pid}`);
      try {
        process.kill(entry.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  for (const pgid of groups) {
    const alive = liveInGroup(pgid);
    if (alive.length === 0) continue;
    killed.push(`group ${pgid} (${alive.length} process${alive.length === 1 ? "" : "es"})`);
    signalGroup(pgid, "SIGKILL");
    for (let waited = 0; waited < 1000 && liveInGroup(pgid).length > 0; waited += 20) await sleep(20);
  }
  return killed;
}

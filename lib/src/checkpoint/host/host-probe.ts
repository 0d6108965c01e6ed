// The grader's side of the host: starts host-main.js in a process group of its own, as an
// unprivileged user when the grader is root, with PATH (and the module path) as its whole
// environment and "/" as its folder; sends requests on its stdin, reads answers from fd 3, and
// keeps what it prints on stdout and stderr as the implementation's output.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { signalGroup } from "../../client/process-group.js";
import type { ProbeSession } from "../rules/run.js";
import type { ProbeAnswer, ProbeRequest } from "../rules/types.js";

export const HOST_MAIN = join(__dirname, "host-main.js");

/** Output kept per rule; more is cut, with a note. */
const OUTPUT_LIMIT = 256 * 1024;
/** Answers larger than this end the host: no rule asks for that much. */
const ANSWER_LIMIT = 64 * 1024 * 1024;

export interface HostOptions {
  /** Folders Node searches for packages the implementation requires ("mcp-workbook"). */
  readonly modulePaths?: readonly string[];
  /** The user the host runs as; default: nobody when the grader is root, else the grader's own. */
  readonly user?: { readonly uid: number; readonly gid: number } | "self";
  /** The host's own code (a reachable copy's host-main.js when the checkout is hidden from the host's user). */
  readonly hostMain?: string;
  /** Extra variables for the host (tests use a canary); never the grader's own environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/** nobody's uid and gid from /etc/passwd (65534 where it is not listed). */
export function unprivilegedUser(): { uid: number; gid: number } {
  try {
    const line = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((each) => each.startsWith("nobody:"));
    const [, , uid, gid] = line?.split(":") ?? [];
    if (uid !== undefined && gid !== undefined) return { uid: Number(uid), gid: Number(gid) };
  } catch {
    // fall through
  }
  return { uid: 65534, gid: 65534 };
}

/** The user the host will run as, or undefined for the grader's own. */
export function hostUser(options: HostOptions = {}): { uid: number; gid: number } | undefined {
  if (options.user === "self") return undefined;
  if (options.user !== undefined) return options.user;
  return process.getuid?.() === 0 ? unprivilegedUser() : undefined;
}

/** One running host: its probe, its output so far, whether a request is still unanswered. */
export interface Host {
  readonly probe: ProbeSession["probe"];
  /** Characters of output so far (a mark for outputSince). */
  mark(): number;
  outputSince(mark: number): string;
  /** True while a request is unanswered or once the host has ended: it must not serve another rule. */
  spoiled(): boolean;
  /** SIGKILLs the host's group; resolves once it has exited. */
  kill(): Promise<void>;
}

export function openHostProbe(implPath: string, options: HostOptions = {}): Promise<ProbeSession> {
  const host = startHost(implPath, options);
  return Promise.resolve({
    probe: host.probe,
    close: async () => {
      await host.kill();
      return host.outputSince(0);
    },
  });
}

/**
 * Hosts for a run of rules: one host serves rule after rule while it answers everything in time
 * (starting Node and the implementation costs about half a second); after a rule that left a
 * request unanswered, or a host that ended, the next rule gets a fresh host.
 */
export function hostPool(
  implPath: string,
  options: HostOptions = {},
): { openProbe: () => Promise<ProbeSession>; dispose: () => Promise<void> } {
  let current: Host | undefined;
  return {
    openProbe: () => {
      if (current === undefined || current.spoiled()) current = startHost(implPath, options);
      const host = current;
      const mark = host.mark();
      return Promise.resolve({
        probe: host.probe,
        close: async () => {
          if (host.spoiled()) {
            await host.kill();
            if (current === host) current = undefined;
          }
          return host.outputSince(mark);
        },
      });
    },
    dispose: async () => {
      await current?.kill();
      current = undefined;
    },
  };
}

function startHost(implPath: string, options: HostOptions): Host {
  const user = hostUser(options);
  const env: Record<string, string> = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", ...options.env };
  if (options.modulePaths && options.modulePaths.length > 0) env["NODE_PATH"] = options.modulePaths.join(":");
  const child = spawn(process.execPath, [options.hostMain ?? HOST_MAIN, implPath], {
    stdio: ["pipe", "pipe", "pipe", "pipe"],
    env,
    cwd: "/",
    detached: true,
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  let output = "";
  let cut = false;
  const keep = (chunk: Buffer): void => {
    if (output.length >= OUTPUT_LIMIT) {
      cut = true;
      return;
    }
    output += chunk.toString("utf8");
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  const waiting = new Map<number, (answer: ProbeAnswer) => void>();
  let ended: string | undefined;
  const endAll = (why: string): void => {
    ended ??= why;
    for (const resolve of waiting.values()) resolve({ ok: false, error: { name: "HostExited", message: ended } });
    waiting.clear();
  };
  const answers = child.stdio[3] as Readable;
  let pending = Buffer.alloc(0);
  answers.on("data", (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    if (pending.length > ANSWER_LIMIT) {
      endAll(`the host sent an answer over ${ANSWER_LIMIT} bytes`);
      signalGroup(child.pid!, "SIGKILL");
      return;
    }
    for (let newline = pending.indexOf(0x0a); newline !== -1; newline = pending.indexOf(0x0a)) {
      const line = pending.subarray(0, newline).toString("utf8");
      pending = pending.subarray(newline + 1);
      try {
        const { seq, answer } = JSON.parse(line) as { seq: number; answer: ProbeAnswer };
        waiting.get(seq)?.(answer);
        waiting.delete(seq);
      } catch {
        endAll("the host's answer channel carried something that is not an answer");
      }
    }
  });
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      endAll(`the implementation's process ended (${code ?? signal}) before it answered`);
      resolve();
    });
    child.once("error", (error) => {
      endAll(`the implementation's process could not start: ${error.message}`);
      resolve();
    });
  });
  child.stdin.on("error", () => endAll("the implementation's process stopped reading"));

  let seq = 0;
  const probe = (request: ProbeRequest): Promise<ProbeAnswer> => {
    if (ended !== undefined) return Promise.resolve({ ok: false, error: { name: "HostExited", message: ended } });
    seq += 1;
    const mine = seq;
    return new Promise<ProbeAnswer>((resolve) => {
      waiting.set(mine, resolve);
      child.stdin.write(`${JSON.stringify({ seq: mine, request })}\n`);
    });
  };
  return {
    probe,
    mark: () => output.length,
    outputSince: (mark) =>
      cut ? `${output.slice(mark)}\n… (output cut at ${OUTPUT_LIMIT} characters)` : output.slice(mark),
    spoiled: () => ended !== undefined || waiting.size > 0,
    kill: async () => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
        signalGroup(child.pid, "SIGKILL");
      await exited;
    },
  };
}

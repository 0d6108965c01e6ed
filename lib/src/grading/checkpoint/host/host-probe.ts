// The grader's side of the host: starts host-main.js contained (a PID namespace of its own where
// one can be made, containment.ts), as an unprivileged user when the grader is root, with PATH, HOME (and the module path) as its whole
// environment and a fresh home folder as its working folder, as an ordinary program has; tells it
// on stdin which implementation to load and the token its answers carry, then sends requests;
// reads the answers from stdout and keeps everything else it prints as the implementation's output.
import { randomBytes } from "node:crypto";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Writable } from "node:stream";
import { containmentFor, spawnContained, type Containment } from "./containment.js";
import { drawnGradingUser } from "./learner-view.js";
import type { ProbeSession } from "../rules/run.js";
import type { ProbeAnswer, ProbeRequest, Rule } from "../rules/types.js";
import { clockDriver, type ClockDriver } from "./clock-driver.js";
import type { IdleReport } from "./idle-point.js";

export const HOST_MAIN = join(__dirname, "host-main.js");

/** Output kept per rule; more is cut, with a note. */
const OUTPUT_LIMIT = 256 * 1024;
/** Answers larger than this end the host: no rule asks for that much. */
const ANSWER_LIMIT = 64 * 1024 * 1024;

export interface HostOptions {
  /** Folders Node searches for packages the implementation requires ("mcp-workbook"). */
  readonly modulePaths?: readonly string[];
  /** The user the host runs as; default: a uid drawn for the grading when the grader is root, else the grader's own. */
  readonly user?: { readonly uid: number; readonly gid: number } | "self";
  /** The host's own code (a reachable copy's host-main.js when the checkout is hidden from the host's user). */
  readonly hostMain?: string;
  /** Put the library's reference pieces out of the graded code's reach (a build notebook's pieces; sealed-library.ts). */
  readonly sealLibrary?: boolean;
  /** Extra variables for the host (tests use a canary); never the grader's own environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** How hosts are contained; default: containmentFor(the host's user), a PID namespace where one can be made. */
  readonly containment?: Containment;
  /** The Node hosts run (default this process's; host-node.ts finds one the host's user can run). */
  readonly node?: string;
  /** Give the graded code the grader's virtual clock (host/virtual-clock.ts), moved by the host's driver. */
  readonly virtualClock?: boolean;
}

/**
 * Anyone may read a process's command line in /proc, the graded code included: the grader's own
 * names the graded file and the report folder (--impl, --report-dir). The checkpoint's command
 * calls this first, so /proc/<grader>/cmdline reads "node". The commands that started the grader
 * (npm, a shell) still show theirs: docs/graders.md says why and what a grading machine can do.
 */
export function hideGraderCommandLine(): void {
  process.title = "node";
}

/**
 * The user the host will run as, or undefined for the grader's own. A class grading tells each
 * job's grader which user its graded code gets through WORKBOOK_HOST_USER ("UID:GID", or "self"
 * inside a user namespace where no other user exists).
 */
export function hostUser(options: HostOptions = {}): { uid: number; gid: number } | undefined {
  if (options.user === "self") return undefined;
  if (options.user !== undefined) return options.user;
  const fromClass = /^(\d+):(\d+)$|^self$/u.exec(process.env["WORKBOOK_HOST_USER"] ?? "");
  if (fromClass !== null)
    return fromClass[1] === undefined ? undefined : { uid: Number(fromClass[1]), gid: Number(fromClass[2]) };
  return process.getuid?.() === 0 ? drawnGradingUser() : undefined;
}

/** One running host: its probe, its output so far, whether a request is still unanswered. */
export interface Host {
  readonly probe: ProbeSession["probe"];
  /** Characters of output so far (a mark for outputSince). */
  mark(): number;
  outputSince(mark: number): string;
  /** True while a request is unanswered or once the host has ended: it must not serve another rule. */
  spoiled(): boolean;
  /** SIGKILLs the host and all it started (see containment.ts); resolves once it has exited. */
  kill(): Promise<void>;
  /** What moves the graded code's virtual clock, when the host gives it one. */
  readonly clock?: ClockDriver;
  /** The process started for the host (its containment's first), whose tree holds the graded code. */
  readonly pid?: number;
}

export function openHostProbe(implPath: string, options: HostOptions = {}): Promise<ProbeSession> {
  const host = startHost(implPath, options);
  return Promise.resolve({
    probe: host.probe,
    ...(host.clock ? { clock: host.clock } : {}),
    ...(host.pid === undefined ? {} : { pid: host.pid }),
    close: async () => {
      // What the graded code printed, not what its containment says as it is ended.
      const output = host.outputSince(0);
      await host.kill();
      return output;
    },
  });
}

/**
 * Hosts for a run of rules: a host serves rule after rule while it answers everything in time
 * (starting Node and the implementation costs about half a second); after a rule that left a
 * request unanswered, or a host that ended, the next rule gets a fresh host. Rules running at once
 * each get a host of their own, so what one prints is never counted as another's output.
 */
export function hostPool(
  implPath: string,
  options: HostOptions = {},
): { openProbe: (rule?: Rule) => Promise<ProbeSession>; dispose: () => Promise<void> } {
  const idle: Host[] = [];
  const running = new Set<Host>();
  return {
    openProbe: (rule) => {
      // A rule judged on the virtual clock gets a host of its own, with the clock from its start.
      if (rule?.virtualClock === true) {
        const host = startHost(implPath, { ...options, virtualClock: true });
        running.add(host);
        return Promise.resolve({
          probe: host.probe,
          ...(host.clock ? { clock: host.clock } : {}),
          ...(host.pid === undefined ? {} : { pid: host.pid }),
          close: async () => {
            running.delete(host);
            // What the graded code printed during the rule, not what its containment says as it is ended.
            const output = host.outputSince(0);
            await host.kill();
            return output;
          },
        });
      }
      let waiting = idle.pop();
      // A host may have ended while it waited (the graded code's timer can exit it): start another.
      while (waiting?.spoiled()) {
        void waiting.kill();
        waiting = idle.pop();
      }
      const host = waiting ?? startHost(implPath, options);
      running.add(host);
      const mark = host.mark();
      return Promise.resolve({
        probe: host.probe,
        ...(host.pid === undefined ? {} : { pid: host.pid }),
        close: async () => {
          running.delete(host);
          // Read before a spoiled host is ended: unshare's own words as its namespace is killed are not the graded code's.
          const output = host.outputSince(mark);
          if (host.spoiled()) await host.kill();
          else idle.push(host);
          return output;
        },
      });
    },
    dispose: async () => {
      const hosts = [...idle, ...running];
      idle.length = 0;
      running.clear();
      await Promise.all(hosts.map((host) => host.kill()));
    },
  };
}

/**
 * Writes lines to `stream` in order, the lines given in one turn of the event loop in one write:
 * a rule's trials side by side hand the host many requests at once, and each write is a system
 * call for the grader and a read for the host. A line is whole in its write, and what it carries
 * (a framing probe's chunks, each cut where the rule cut it) is inside it, untouched.
 */
export function batchedLines(stream: Writable): (line: string) => void {
  let waiting: string[] = [];
  const flush = (): void => {
    const text = waiting.join("");
    waiting = [];
    stream.write(text);
  };
  return (line) => {
    if (waiting.length === 0) process.nextTick(flush);
    waiting.push(line);
  };
}

/** A home folder for one host, owned by its user: its working folder and $HOME, removed when it ends. */
function hostHome(user: { uid: number; gid: number } | undefined): string {
  const home = mkdtempSync(join(tmpdir(), "home-"));
  if (user) chownSync(home, user.uid, user.gid);
  return home;
}

function startHost(implPath: string, options: HostOptions): Host {
  const user = hostUser(options);
  const home = hostHome(user);
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    HOME: home,
    ...options.env,
  };
  if (options.modulePaths && options.modulePaths.length > 0) env["NODE_PATH"] = options.modulePaths.join(":");
  const hostMain = options.hostMain ?? HOST_MAIN;
  const contained = spawnContained([options.node ?? process.execPath, hostMain], {
    containment: options.containment ?? containmentFor(user),
    user,
    env,
    cwd: home,
    readable: [hostMain, implPath, ...(options.modulePaths ?? [])],
  });
  const { child } = contained;
  const token = randomBytes(16).toString("hex");
  const opening = {
    token,
    implementation: implPath,
    ...(options.sealLibrary ? { sealLibrary: true } : {}),
    ...(options.virtualClock ? { virtualClock: true } : {}),
  };
  const sendLine = batchedLines(child.stdin);
  const clock = options.virtualClock
    ? clockDriver((epoch, to, limit) => sendLine(`${JSON.stringify({ advance: { epoch, to, limit } })}\n`))
    : undefined;
  sendLine(`${JSON.stringify(opening)}\n`);
  let output = "";
  let cut = false;
  const keep = (text: string): void => {
    if (output.length >= OUTPUT_LIMIT) {
      cut = true;
      return;
    }
    output += text;
  };
  child.stderr.on("data", (chunk: Buffer) => keep(chunk.toString("utf8")));

  const waiting = new Map<number, (answer: ProbeAnswer) => void>();
  let ended: string | undefined;
  const endAll = (why: string): void => {
    ended ??= why;
    for (const resolve of waiting.values()) resolve({ ok: false, error: { name: "HostExited", message: ended } });
    waiting.clear();
  };
  // stdout: a line holding the token is an answer (anything before the token on it is output the
  // graded code left without a newline); every other line is output.
  let pending = Buffer.alloc(0);
  child.stdout.on("data", (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    if (pending.length > ANSWER_LIMIT) {
      endAll(`the host sent a line over ${ANSWER_LIMIT} bytes`);
      void contained.end();
      return;
    }
    for (let newline = pending.indexOf(0x0a); newline !== -1; newline = pending.indexOf(0x0a)) {
      const line = pending.subarray(0, newline + 1).toString("utf8");
      pending = pending.subarray(newline + 1);
      const at = line.indexOf(`${token} `);
      if (at === -1) {
        keep(line);
        continue;
      }
      if (at > 0) keep(`${line.slice(0, at)}\n`);
      try {
        const parsed = JSON.parse(line.slice(at + token.length + 1)) as
          { seq: number; answer: ProbeAnswer } | { seq: 0; idle: IdleReport };
        if ("idle" in parsed) {
          clock?.report(parsed.idle);
          continue;
        }
        const { seq, answer } = parsed;
        waiting.get(seq)?.(answer);
        waiting.delete(seq);
        // Its last request answered, the host's clock stands where the answer says until the next.
        if (waiting.size === 0 && answer.virtual !== undefined) clock?.settled(answer.virtual.toMs);
      } catch {
        endAll("the host's answer carried something that is not an answer");
      }
    }
  });
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      if (pending.length > 0) keep(pending.toString("utf8"));
      endAll(`the implementation's process ended (${code ?? signal}) before it answered`);
      rmSync(home, { recursive: true, force: true });
      resolve();
    });
    child.once("error", (error) => {
      endAll(`the implementation's process could not start: ${error.message}`);
      rmSync(home, { recursive: true, force: true });
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
      sendLine(`${JSON.stringify({ seq: mine, request })}\n`);
    });
  };
  return {
    probe,
    mark: () => output.length,
    outputSince: (mark) =>
      cut ? `${output.slice(mark)}\n… (output cut at ${OUTPUT_LIMIT} characters)` : output.slice(mark),
    spoiled: () => ended !== undefined || waiting.size > 0,
    ...(clock ? { clock } : {}),
    ...(child.pid === undefined ? {} : { pid: child.pid }),
    kill: async () => {
      await contained.end();
      await exited;
    },
  };
}

// CPU time as Linux accounts it, for benchmarks that time whole gradings: the machine's (from
// /proc/stat, so processes in PID namespaces of their own count, and so does everything else the
// machine runs), a command's whole tree's (a cgroup it and all it starts belong to, however they
// are reparented: a host's PID namespace is handed to init when its unshare is killed, so a
// parent's cutime misses it), and a sampler that splits a running tree's CPU by kind of process,
// reading each process's own utime and stime from /proc/PID/stat until it ends.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmdirSync } from "node:fs";
import { join } from "node:path";

/** Clock ticks per second, the unit of /proc's times. */
export const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** CPU-seconds every core has spent busy since boot: user, nice, system, irq, softirq and steal (not idle or iowait). */
export function machineCpuSeconds(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!;
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/u).map(Number);
  return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / TICKS_PER_SECOND;
}

/** The 1-minute load average, to say how busy the machine was while a figure was measured. */
export function loadAverage(): number {
  return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}

interface ProcStat {
  readonly ppid: number;
  /** utime + stime, in ticks: this process's own CPU. */
  readonly self: number;
  /** cutime + cstime, in ticks: its reaped children's. */
  readonly children: number;
  /** When it started (ticks since boot): with the pid, names one process even when pids are reused. */
  readonly start: string;
}

function procStat(pid: number | "self"): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // Field 2 (the name) is in parentheses and may hold spaces: count fields after its last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state): field N is fields[N - 3].
  return {
    ppid: Number(fields[1]),
    self: Number(fields[11]) + Number(fields[12]),
    children: Number(fields[13]) + Number(fields[14]),
    start: fields[19]!,
  };
}

/** A command started in a cgroup of its own, and the CPU-seconds it and all it started used, read once it has ended. */
export interface CountedChild {
  readonly child: ChildProcess;
  /** undefined where no CPU-accounting cgroup can be made here (not root, no cgroup file system). */
  cpuSeconds(): number | undefined;
}

/** The file a cgroup's CPU use is read from: cgroup v1's cpuacct hierarchy, else v2's unified one. */
function accountingRoot(): { dir: string; read: (cgroup: string) => number } | undefined {
  if (existsSync("/sys/fs/cgroup/cpuacct/cpuacct.usage"))
    return {
      dir: "/sys/fs/cgroup/cpuacct",
      read: (cgroup) => Number(readFileSync(join(cgroup, "cpuacct.usage"), "utf8")) / 1e9,
    };
  if (existsSync("/sys/fs/cgroup/cgroup.controllers"))
    return {
      dir: "/sys/fs/cgroup",
      read: (cgroup) => Number(/usage_usec (\d+)/u.exec(readFileSync(join(cgroup, "cpu.stat"), "utf8"))![1]) / 1e6,
    };
  return undefined;
}

/**
 * Starts `argv` in a new cgroup (a shell joins it, then becomes the command, so nothing it starts
 * escapes the count), or plainly where none can be made.
 */
export function spawnCounted(argv: readonly string[], cwd: string): CountedChild {
  const root = accountingRoot();
  let cgroup: string | undefined;
  try {
    cgroup = root && mkdtempSync(join(root.dir, "bench-"));
  } catch {
    cgroup = undefined;
  }
  const child =
    cgroup === undefined
      ? spawn(argv[0]!, argv.slice(1), { cwd, stdio: "ignore" })
      : spawn("sh", ["-c", 'echo $$ > "$0" && exec "$@"', join(cgroup, "cgroup.procs"), ...argv], {
          cwd,
          stdio: "ignore",
        });
  return {
    child,
    cpuSeconds: () => {
      if (cgroup === undefined) return undefined;
      const seconds = root!.read(cgroup);
      try {
        rmdirSync(cgroup);
      } catch {
        // a process left in it keeps it; the next run makes another
      }
      return seconds;
    },
  };
}

/** A process's argv from /proc, or undefined once it has ended. */
function argvOf(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1);
  } catch {
    return undefined;
  }
}

export interface TreeSampler {
  /**
   * CPU-seconds and processes by kind, each process's last reading: a process that ends between
   * two readings loses its last moments.
   */
  stop(): Map<string, { seconds: number; processes: number }>;
}

/**
 * Reads every process in the tree below `root` (found by parent pid, so one that leaves the tree
 * by being handed to init is no longer followed) every `everyMs`, naming each by `kindOf(pid,
 * argv)` at every reading: a process counts as what it last was (a fork runs its parent's program
 * until it execs its own). The readings cost CPU in this process, not in the tree.
 */
export function sampleTree(
  root: number,
  kindOf: (pid: number, argv: readonly string[]) => string,
  everyMs = 10,
): TreeSampler {
  const seen = new Map<string, { kind: string; self: number }>();
  const read = (): void => {
    const parents = new Map<number, number[]>();
    const stats = new Map<number, ProcStat>();
    for (const name of readdirSync("/proc")) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      const stat = procStat(pid);
      if (stat === undefined) continue;
      stats.set(pid, stat);
      const siblings = parents.get(stat.ppid);
      if (siblings) siblings.push(pid);
      else parents.set(stat.ppid, [pid]);
    }
    for (let queue = [root]; queue.length > 0;) {
      const pid = queue.pop()!;
      const stat = stats.get(pid);
      if (stat === undefined) continue;
      queue.push(...(parents.get(pid) ?? []));
      const key = `${pid}@${stat.start}`;
      const entry = seen.get(key) ?? { kind: "", self: 0 };
      // A process that has ended but is not reaped yet shows no argv: it stays what it was.
      const argv = argvOf(pid);
      if (argv !== undefined && argv.length > 0) entry.kind = kindOf(pid, argv);
      else if (entry.kind === "") continue;
      entry.self = Math.max(entry.self, stat.self);
      seen.set(key, entry);
    }
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      const byKind = new Map<string, { seconds: number; processes: number }>();
      for (const { kind, self } of seen.values()) {
        const sum = byKind.get(kind) ?? { seconds: 0, processes: 0 };
        sum.seconds += self / TICKS_PER_SECOND;
        sum.processes += 1;
        byKind.set(kind, sum);
      }
      return byKind;
    },
  };
}

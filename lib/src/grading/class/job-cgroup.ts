// A control group per grading job (root only): a limit on processes and on memory for the grading
// and everything it starts, and a list of every process in it, so that when the job ends nothing
// it started lives on. cgroup v2 where /sys/fs/cgroup is a unified hierarchy with the pids and
// memory controllers; cgroup v1's pids and memory hierarchies where those are mounted and writable.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = "/sys/fs/cgroup";

export interface JobLimits {
  /** Processes (threads count too in cgroup v2's pids) the whole job may hold at once. */
  readonly pids: number;
  /** Bytes of memory the whole job may use. */
  readonly memoryBytes: number;
}

export interface JobCgroup {
  /** The cgroup.procs files a process writes its pid into to join (one per v1 hierarchy, one in v2). */
  readonly procsFiles: readonly string[];
  /** Every process in the group now. */
  pids(): number[];
  /** Whether the memory limit was reached at any time. */
  memoryLimitHit(): boolean;
  /** SIGKILLs every process in the group until none is left (or 2 s have passed), then removes it. */
  endAll(): Promise<void>;
}

/** The current process's cgroup path in a hierarchy ("" for v2's unified line "0::"). */
function ownPath(controller: string | undefined): string | undefined {
  for (const line of readFileSync("/proc/self/cgroup", "utf8").split("\n")) {
    const [, controllers, path] = line.split(":");
    if (controllers === undefined || path === undefined) continue;
    if (controller === undefined ? line.startsWith("0::") : controllers.split(",").includes(controller)) return path;
  }
  return undefined;
}

function tryWrite(path: string, text: string): boolean {
  try {
    writeFileSync(path, text);
    return true;
  } catch {
    return false;
  }
}

function readPids(procs: string): number[] {
  try {
    return readFileSync(procs, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map(Number);
  } catch {
    return [];
  }
}

/** Where cgroups can be made here, or undefined (not root, or neither layout writable). */
export function cgroupLayout(): "v2" | "v1" | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const controllers = readFileSync(join(ROOT, "cgroup.controllers"), "utf8").split(/\s+/u);
    if (controllers.includes("pids") && controllers.includes("memory")) return "v2";
  } catch {
    // not a unified hierarchy at the root
  }
  const v1 = ["pids", "memory"].every((name) => {
    const path = ownPath(name);
    return path !== undefined && existsSync(join(ROOT, name, path, "cgroup.procs"));
  });
  return v1 ? "v1" : undefined;
}

/** A fresh cgroup named `name` with `limits`, or undefined where none can be made. */
export function makeJobCgroup(name: string, limits: JobLimits): JobCgroup | undefined {
  const layout = cgroupLayout();
  if (layout === undefined) return undefined;
  const dirs: string[] = [];
  try {
    if (layout === "v2") {
      const parent = join(ROOT, ownPath(undefined) ?? "/");
      tryWrite(join(parent, "cgroup.subtree_control"), "+pids +memory");
      const dir = join(parent, name);
      mkdirSync(dir);
      dirs.push(dir);
      writeFileSync(join(dir, "pids.max"), String(limits.pids));
      writeFileSync(join(dir, "memory.max"), String(limits.memoryBytes));
      tryWrite(join(dir, "memory.swap.max"), "0");
    } else {
      for (const controller of ["pids", "memory"]) {
        const dir = join(ROOT, controller, ownPath(controller)!, name);
        mkdirSync(dir);
        dirs.push(dir);
      }
      writeFileSync(join(dirs[0]!, "pids.max"), String(limits.pids));
      writeFileSync(join(dirs[1]!, "memory.limit_in_bytes"), String(limits.memoryBytes));
      tryWrite(join(dirs[1]!, "memory.memsw.limit_in_bytes"), String(limits.memoryBytes));
    }
  } catch {
    for (const dir of dirs.reverse()) tryRemove(dir);
    return undefined;
  }
  const procsFiles = dirs.map((dir) => join(dir, "cgroup.procs"));
  const pids = (): number[] => [...new Set(procsFiles.flatMap(readPids))];
  return {
    procsFiles,
    pids,
    memoryLimitHit: () => {
      const memory = layout === "v2" ? dirs[0]! : dirs[1]!;
      try {
        if (layout === "v2") return /^(max|oom_kill) [1-9]/mu.test(readFileSync(join(memory, "memory.events"), "utf8"));
        return Number(readFileSync(join(memory, "memory.failcnt"), "utf8")) > 0;
      } catch {
        return false;
      }
    },
    endAll: async () => {
      const deadline = Date.now() + 2000;
      for (let left = pids(); left.length > 0 && Date.now() < deadline; left = pids()) {
        for (const pid of left)
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // gone already
          }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const dir of dirs.reverse()) tryRemove(dir);
    },
  };
}

function tryRemove(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // still busy (a process the kernel has not reaped) or gone: left for the system
  }
}

// The demos' temporary folders (a teaching server's call log), named so a later start can tell
// whose they are: `mcp-demo-<pid>-XXXXXX`. A run removes its own folder when it ends, but a kernel
// killed mid-demo (SIGKILL, a restart that does not wait) runs no cleanup at all; so the first demo
// of every process sweeps the folders whose process is gone. A folder of a live process is never touched.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The prefixes of the folders the demos make: our client's runs, the naive client's, the official SDK's. */
export const DEMO_TEMP_PREFIXES = ["mcp-demo-", "mcp-naive-", "mcp-sdk-"] as const;
export type DemoTempPrefix = (typeof DEMO_TEMP_PREFIXES)[number];

/** A folder from before folders carried their owner's pid is swept once it is this old. */
const UNTAGGED_AGE_MS = 60 * 60 * 1000;

let sweptIn: string | undefined;

/** A new folder for one run, tagged with this process's pid; the first in each temp dir sweeps first. */
export function demoTempDir(prefix: DemoTempPrefix, root: string = tmpdir()): string {
  if (sweptIn !== root) {
    sweptIn = root;
    sweepDemoTemp(root);
  }
  return mkdtempSync(path.join(root, `${prefix}${process.pid}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // someone else's live process
  }
}

/**
 * Removes the demo folders in `root` left by processes that are gone (and untagged ones older than
 * an hour); returns their names. Safe beside running demos: a live owner keeps its folder.
 */
export function sweepDemoTemp(root: string = tmpdir(), now: number = Date.now()): string[] {
  const swept: string[] = [];
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return swept;
  }
  for (const name of names) {
    const prefix = DEMO_TEMP_PREFIXES.find((candidate) => name.startsWith(candidate));
    if (prefix === undefined) continue;
    const tagged = /^(\d+)-[A-Za-z0-9]{6}$/.exec(name.slice(prefix.length));
    const full = path.join(root, name);
    let stale: boolean;
    if (tagged !== null) stale = !alive(Number(tagged[1]));
    else {
      try {
        stale = /^[A-Za-z0-9]{6}$/.test(name.slice(prefix.length)) && now - statSync(full).mtimeMs > UNTAGGED_AGE_MS;
      } catch {
        stale = false;
      }
    }
    if (!stale) continue;
    rmSync(full, { recursive: true, force: true });
    swept.push(name);
  }
  return swept;
}

import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { processGroupMembers } from "../../lib/src/client/process-group.js";
import {
  commandLineOf,
  hasEnded,
  listProcesses,
  processesWithArgv,
  readProcessTable,
} from "../../lib/src/client/process-table.js";

/** A Node process that waits, in a group of its own, with `marker` in its argv. */
async function waiting(marker: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)", marker], {
    detached: true,
    stdio: "ignore",
  });
  await once(child, "spawn");
  return child;
}

describe.skipIf(process.platform !== "linux")("the one /proc/<pid>/stat parser", () => {
  it("finds this process with its parent and group", () => {
    const me = readProcessTable()?.find((entry) => entry.pid === process.pid);
    expect(me).toMatchObject({ ppid: process.ppid, state: expect.stringMatching(/^[RSD]$/) });
  });

  it("lists live processes as the table's entries that have not ended", () => {
    // Two reads of a busy machine's /proc list different processes: no count is compared across them.
    const live = listProcesses()!;
    expect(live.every((entry) => !hasEnded(entry))).toBe(true);
    expect(live.some((entry) => entry.pid === process.pid)).toBe(true);
    expect(hasEnded({ pid: 1, ppid: 0, pgid: 1, state: "Z" })).toBe(true);
    expect(hasEnded({ pid: 1, ppid: 0, pgid: 1, state: "S" })).toBe(false);
  });

  it("finds by argv the live processes the whole table would, reading only a match's stat", async () => {
    const marker = `argv-marker-${process.pid}-${Date.now()}`;
    const children = [await waiting(marker), await waiting(marker)];
    try {
      const wanted = (argv: string[]) => argv.includes(marker);
      const found = processesWithArgv(wanted)!.map((entry) => entry.pid);
      const fromTable = listProcesses()!
        .filter((entry) => wanted(commandLineOf(entry.pid) ?? []))
        .map((entry) => entry.pid);
      expect(found.sort()).toEqual(children.map((child) => child.pid).sort());
      expect(fromTable.sort()).toEqual(found);
      expect(processesWithArgv(() => false)).toEqual([]);
    } finally {
      for (const child of children) child.kill("SIGKILL");
    }
  });

  it("counts a group's live members, and none once its last process is gone", async () => {
    const child = await waiting("group-member");
    const pgid = child.pid!;
    expect(processGroupMembers(pgid)).toEqual([pgid]);
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(processGroupMembers(pgid)).toEqual([]);
  });
});

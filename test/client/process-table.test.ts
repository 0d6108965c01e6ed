import { describe, expect, it } from "vitest";
import { hasEnded, listProcesses, readProcessTable } from "../../lib/src/client/process-table.js";

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
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { groupIsEmpty } from "../../lib/src/client/process-group.js";
import { naiveReportLines, runNaive } from "../../lib/src/naive-client/index.js";
import * as root from "../../lib/src/index.js";
import * as demo from "../../lib/src/demo/index.js";
import * as notebook from "../../lib/src/notebook/index.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";

const PURCHASE = [
  { name: "word_count", arguments: { text: "one two three" } },
  { name: "place_purchase", arguments: { flavor: "vanilla", tubs: 100 } },
];

describe.concurrent("the naive client, run bounded by its harness beside the teaching server", () => {
  it("wrong-id: takes the reply labeled 4 as the answer to request 3", async () => {
    const report = await runNaive("wrong-id");
    expect(report.ending).toBe("finished");
    expect(report.answers).toEqual([{ tool: "word_count", text: "3" }]);
    expect(report.mismatchedReplies).toEqual([{ id: 3, replyId: 4 }]);
    expect(naiveReportLines(report)).toContain("  took reply id 4 as the answer to request 3");
    expect(groupIsEmpty(report.pgid)).toBe(true);
  });

  it("stale: takes tools/list's repeated reply as the call's answer", async () => {
    const report = await runNaive("stale");
    expect(report.mismatchedReplies).toEqual([{ id: 3, replyId: 2 }]);
    expect(report.answers).toEqual([{ tool: "word_count", text: "undefined" }]);
  });

  it("trickle: each byte restarts its timeout, so only the wall clock ends the call", async () => {
    const report = await runNaive("trickle", { wallMs: 1500, readTimeoutMs: 1000 });
    expect(report.ending).toBe("stopped by the harness at the wall clock");
    expect(report.ms).toBeGreaterThanOrEqual(1500);
    expect(report.failure).toBeUndefined(); // its own timeout never fired
    // Handshake and list, then at least one trickled byte; how many more depends on the machine's load.
    expect(report.reads).toBeGreaterThan(2);
    expect(report.endedByHarness).toHaveLength(1); // its server, still trickling
    expect(groupIsEmpty(report.pgid)).toBe(true);
  });

  it("endless: the line grows in its buffer until the harness stops it (or its heap cap does)", async () => {
    const report = await runNaive("endless", { wallMs: 1500, memoryMiB: 64 });
    expect(["stopped by the harness at the wall clock", "crashed: out of memory"]).toContain(report.ending);
    expect(report.heldChars).toBeGreaterThan(1024 * 1024);
    expect(report.answers).toEqual([]);
    expect(groupIsEmpty(report.pgid)).toBe(true);
  });

  it("grandchild: its close() leaves the grandchild alive; the harness ends it with SIGKILL", async () => {
    const report = await runNaive("grandchild");
    expect(report.answers).toEqual([{ tool: "word_count", text: "3" }]);
    expect(report.leftByClose).toHaveLength(1);
    expect(report.endedByHarness).toEqual(report.leftByClose);
    expect(report.harnessSignals).toEqual(["SIGKILL"]);
    expect(groupIsEmpty(report.pgid)).toBe(true);
  });

  it("hostile: calls the purchase it is asked for, and the server's log records it", async () => {
    const report = await runNaive("hostile", { asks: PURCHASE });
    expect(report.answers.map((answer) => answer.tool)).toEqual(["word_count", "place_purchase"]);
    expect(report.serverRan).toEqual(["word_count", "place_purchase"]);
  });
});

describe("the foil stays a foil", () => {
  it("is not exported from the package's root or the notebook namespace; the demo namespace has only the gallery's count of leftover groups", () => {
    expect(Object.keys(root).filter((name) => /naive/i.test(name))).toEqual([]);
    expect(Object.keys(notebook).filter((name) => /naive/i.test(name))).toEqual([]);
    expect(Object.keys(demo).filter((name) => /naive/i.test(name))).toEqual(["naiveGroupsAlive"]);
  });

  it("holds exactly one lint exception for `==`, with its reason", () => {
    const source = readFileSync(path.join(__dirname, "../../lib/src/naive-client/naive-client.ts"), "utf8");
    const exceptions = source.split("\n").filter((line) => line.includes("eslint-disable"));
    expect(exceptions).toHaveLength(1);
    expect(exceptions[0]).toMatch(/eslint-disable-next-line eqeqeq -- \S.+/);
  });

  it("refuses bounds out of range", async () => {
    await expect(runNaive("normal", { wallMs: 0 })).rejects.toThrow(UsageError);
    await expect(runNaive("normal", { memoryMiB: 1 })).rejects.toThrow(/memoryMiB out of range/);
  });
});

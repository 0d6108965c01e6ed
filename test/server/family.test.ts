// The server's family (server/src/family.ts): members in the server's process group, ended by
// SIGTERM's default action, and a witness outside the group that records what ended each. SIGTERM
// to the group shows as SIGTERM even with SIGKILL right behind it; SIGTERM to the server alone,
// then SIGKILL to the group, shows as SIGKILL.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { processGroupMembers, signalGroup } from "../../lib/src/client/process-group.js";
import { TEACHING_SERVER } from "../../lib/src/client/teaching-server.js";

const dir = mkdtempSync(join(tmpdir(), "family-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server with `count` members, answered once (so they are in its group); its pid and record. */
async function withFamily(name: string, count: number): Promise<{ pid: number; record: string }> {
  const record = join(dir, `${name}.jsonl`);
  const server = spawn(process.execPath, [TEACHING_SERVER, "--family", String(count), "--record", record], {
    stdio: ["pipe", "pipe", "ignore"],
    detached: true,
  });
  server.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`);
  await new Promise((resolve) => server.stdout.once("data", resolve));
  server.stdout.destroy();
  return { pid: server.pid!, record };
}

/** What ended each member, once the witness has said it for all `count` (within 3 s). */
async function ends(record: string, count: number): Promise<string[]> {
  for (let waited = 0; ; waited += 20) {
    const said = readFileSync(record, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; member?: number; ended?: string })
      .filter((entry) => entry.event === "member");
    if (said.length >= count || waited > 3000)
      return said.sort((a, b) => a.member! - b.member!).map((entry) => entry.ended!);
    await sleep(20);
  }
}

describe("the server's family", () => {
  it("holds its members in the server's group, and records SIGTERM for each when the group gets it before SIGKILL", async () => {
    const { pid, record } = await withFamily("group", 2);
    expect(processGroupMembers(pid)).toHaveLength(3);
    signalGroup(pid, "SIGTERM");
    signalGroup(pid, "SIGKILL"); // no pause: SIGTERM's default action has already decided
    expect(await ends(record, 2)).toEqual(["SIGTERM", "SIGTERM"]);
  });

  it("records SIGKILL for each when SIGTERM went to the server alone", async () => {
    const { pid, record } = await withFamily("leader-only", 2);
    process.kill(pid, "SIGTERM");
    await sleep(200);
    signalGroup(pid, "SIGKILL");
    expect(await ends(record, 2)).toEqual(["SIGKILL", "SIGKILL"]);
  });
});

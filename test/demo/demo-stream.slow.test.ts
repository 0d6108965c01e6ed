// Complete tier only: `demo all` in a real pseudo-terminal (script), read as it prints. The first
// row must show within 2 s of the header; Ctrl-C typed at 3 s (the terminal's own ^C, so the
// line discipline signals the foreground process) leaves the finished rows on screen and ends
// every server. Servers are found by this test's own marker: the demo runs with a TMPDIR of its
// own, and every server it starts carries a call log under it on its command line.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { stripColor } from "../../lib/src/demo/terminal.js";

const CLI = path.join(__dirname, "../../lib/dist/cli/main.js");
const SCRIPT = "/usr/bin/script";

/** Live processes whose command line mentions `marker` (zombies are not counted). */
function processesMentioning(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const state = readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]?.[0];
      if (state === "Z" || state === "X") continue;
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes(marker)) found.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

describe.skipIf(!existsSync(SCRIPT))("demo all streams its rows", () => {
  it("first row within 2 s; Ctrl-C at 3 s keeps the finished rows and ends every server", async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "demo-stream-"));
    try {
      const command = `stty cols 100 rows 60; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} demo all`;
      const child = spawn(SCRIPT, ["-qec", command, "/dev/null"], {
        env: { ...process.env, NO_COLOR: "1", TMPDIR: scratch },
        stdio: ["pipe", "pipe", "pipe"],
      });
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      let out = "";
      const seen: Array<{ at: number; line: string }> = [];
      const started = performance.now();
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8");
        for (const line of stripColor(out.replaceAll("\r", "")).split("\n")) {
          if (!seen.some((entry) => entry.line === line)) seen.push({ at: performance.now() - started, line });
        }
      });
      while (!seen.some((entry) => /^mode +outcome/.test(entry.line)) && performance.now() - started < 30_000)
        await sleep(20);
      const header = seen.find((entry) => /^mode +outcome/.test(entry.line))!;
      const isRow = (line: string) => /^[a-z-]+ +(answered|refused|deadline)/.test(line);
      while (!seen.some((entry) => isRow(entry.line)) && performance.now() - started < 60_000) await sleep(20);
      const first = seen.find((entry) => isRow(entry.line))!;
      console.log(
        `demo all: header at ${header.at.toFixed(0)} ms, first row ${(first.at - header.at).toFixed(0)} ms after it`,
      );
      expect(first.at - header.at).toBeLessThan(2000);
      // Ctrl-C three seconds after the header, typed into the terminal.
      await sleep(Math.max(0, header.at + 3000 - (performance.now() - started)));
      const rowsBefore = seen.filter((entry) => isRow(entry.line)).map((entry) => entry.line);
      child.stdin.write("\u0003");
      const code = await exited;
      const shown = stripColor(out.replaceAll("\r", ""));
      for (const row of rowsBefore) expect(shown).toContain(row); // the finished rows stay
      expect(rowsBefore.length).toBeGreaterThanOrEqual(1);
      expect(shown).not.toMatch(/all \d+ modes ended as expected/); // it stopped, it did not finish
      expect(code).not.toBe(0);
      // Every server it started is gone (each carries a call log under this test's TMPDIR).
      for (let waited = 0; waited < 5000 && processesMentioning(scratch).length > 0; waited += 50) await sleep(50);
      expect(processesMentioning(scratch)).toEqual([]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 90_000);
});

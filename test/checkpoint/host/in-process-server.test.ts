// The teaching server the grader runs inside its own process for a relay (in-process-server.ts)
// against a fresh real one, `node server/dist/main.js`, mode by mode: one script of lines, one end
// of input, one SIGTERM for the modes that stay; what comes out of the relay the client started
// must be what comes out of the real server (stdout byte for byte, stderr, the exit status), and
// the log and the record the server keeps must hold the same. Then what a session leaves behind
// in the grader once it is over: nothing, and what the server writes to a relay that does not read.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { InProcessServer } from "../../../lib/src/grading/checkpoint/host/in-process-server.js";
import { RELAY_MAIN, relayedServers } from "../../../lib/src/grading/checkpoint/host/relayed-servers.js";
import { TEACHING_SERVER } from "../../../lib/src/client/teaching-server.js";
import type { ServerSettings } from "../../../lib/src/grading/checkpoint/rules/types.js";
import { shutdownOfMode, SPREAD_MODES } from "../../../lib/src/server-build/teaching-modes.js";
import { MODE_NAMES } from "../../../server/src/modes.js";

const folder = mkdtempSync(join(tmpdir(), "in-process-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const line = (message: object): string => `${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`;
const call = (id: number, text: string): string =>
  line({ id, method: "tools/call", params: { name: "word_count", arguments: { text } } });
/** One session: the handshake, a listing, two calls (reverse mode answers them in turn), and a line that is no JSON. */
const SCRIPT = [
  line({
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  }),
  line({ method: "notifications/initialized" }),
  line({ id: 2, method: "tools/list" }),
  call(3, "vanilla stock"),
  call(4, "needs review today"),
  "not json\n",
];
/** The input ends once the last call's reply has come, or nothing has come for this long (hang's never comes). */
const QUIET_MS = 500;

/**
 * Modes compared. Left out: grandchild (behind the relay it is the relay's to show: the server is
 * a normal one), and the modes that spread a reply over time (trickle, drip): how much of it has
 * come when the input ends is the clock's. What their sessions leave behind is held below.
 */
const COMPARED = MODE_NAMES.filter((mode) => mode !== "grandchild" && !SPREAD_MODES.includes(mode));
/** endless' line ends after these bytes, so the whole of it can be compared. */
const ENDLESS_BYTES = 200_000;

interface Seen {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number | string | null;
  readonly log: string;
  readonly record: readonly object[];
}

/** Drives one process (the real server, or the relay) through the script; what it showed. */
async function drive(
  mode: string,
  child: ChildProcessWithoutNullStreams,
  files: { logFile: string; recordFile: string },
  settled?: () => Promise<void>,
): Promise<Seen> {
  const recorded = (event: string): boolean => readFileSync(files.recordFile, "utf8").includes(`"event":"${event}"`);
  let stdout = "";
  let stderr = "";
  let lastOutput = Date.now();
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    stdout += text;
    lastOutput = Date.now();
  });
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  child.stdin.on("error", () => undefined);
  const exited = once(child, "exit") as Promise<[number | null, string | null]>;
  for (const text of SCRIPT) child.stdin.write(text);
  while (!/"id":4[,}]/u.test(stdout) && Date.now() - lastOutput < QUIET_MS) await sleep(20);
  await sleep(100); // what comes after the last reply (reverse's first)
  child.stdin.end();
  // A server that stays is sent SIGTERM once it has said so (its stderr has reached this side: through a
  // relay, a signal sent sooner can end the relay before it forwards the line); one that ignores it,
  // SIGKILL once it has recorded it.
  const { eof, sigterm } = shutdownOfMode(mode);
  if (eof === "stays") {
    await until(() => recorded("eof") && stderr.includes("staying until a signal"));
    process.kill(-child.pid!, "SIGTERM");
    if (sigterm === "ignored") {
      await until(() => recorded("signal"));
      process.kill(-child.pid!, "SIGKILL");
    }
  }
  const [code, signal] = await exited;
  await settled?.();
  return {
    stdout,
    stderr,
    status: signal ?? code,
    log: existsSync(files.logFile) ? readFileSync(files.logFile, "utf8") : "",
    // The server's own words; the starts (its process, or the grader's reading of the relay) and the grader's notes differ by design.
    record: readFileSync(files.recordFile, "utf8")
      .split("\n")
      .filter((text) => text !== "")
      .map((text) => JSON.parse(text) as { event: string; source?: string })
      .filter((entry) => entry.event !== "start" && entry.source !== "grader"),
  };
}

async function until(test: () => boolean): Promise<void> {
  for (let waited = 0; waited < 10_000 && !test(); waited += 20) await sleep(20);
}

function settingsOf(mode: string): ServerSettings {
  return mode.startsWith("endless") ? { endlessBytes: ENDLESS_BYTES } : {};
}

async function real(mode: string): Promise<Seen> {
  const home = mkdtempSync(join(folder, `real-${mode}-`));
  const files = { logFile: join(home, "calls.jsonl"), recordFile: join(home, "record.jsonl") };
  const flags = ["--mode", mode, "--log", files.logFile, "--record", files.recordFile];
  if (mode.startsWith("endless")) flags.push("--endless-bytes", String(ENDLESS_BYTES));
  const child = spawn(process.execPath, [TEACHING_SERVER, ...flags], {
    stdio: "pipe",
    detached: true,
    env: { PATH: process.env["PATH"] ?? "" },
  });
  return drive(mode, child, files);
}

async function relayed(mode: string): Promise<Seen> {
  const servers = relayedServers({ relayMain: RELAY_MAIN });
  try {
    const run = servers.server(mode, settingsOf(mode));
    const child = spawn(run.command[0]!, run.command.slice(1), { stdio: "pipe", detached: true });
    return await drive(mode, child, run, () => run.settled());
  } finally {
    await servers.end();
  }
}

describe.concurrent("a relayed server inside the grader, against a fresh real one", () => {
  it.each(COMPARED.map((mode) => [mode]))(
    "%s: the same bytes, status, log and record",
    { timeout: 30_000 },
    async (mode) => {
      const [fromReal, fromRelay] = await Promise.all([real(mode), relayed(mode)]);
      expect(fromRelay).toEqual(fromReal);
    },
  );
});

/** What keeps a loop alive or waits in it, by kind, as Node lists them. */
function resources(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

describe("what the grader holds once a rule's servers have ended", () => {
  it(
    "nothing: no timer, immediate or socket of any session, whatever it was doing when killed",
    { timeout: 30_000 },
    async () => {
      await sleep(QUIET_MS); // what the comparisons above left waiting runs out first
      const before = resources();
      const servers = relayedServers({ relayMain: RELAY_MAIN });
      // A reply held (reverse), a drip of notifications, a trickle, a flood: each mid-way when its relay is killed.
      const relays = ["reverse", "drip", "trickle", "endless", "term-proof"].map((mode) => {
        const run = servers.server(mode);
        const child = spawn(run.command[0]!, run.command.slice(1), { stdio: "pipe", detached: true });
        child.stdout.resume();
        child.stdin.on("error", () => undefined);
        for (const text of SCRIPT.slice(0, 4)) child.stdin.write(text);
        return { child, exited: once(child, "exit") };
      });
      await sleep(400);
      for (const { child } of relays) process.kill(-child.pid!, "SIGKILL");
      await Promise.all(relays.map(({ exited }) => exited));
      expect(await servers.end()).toEqual([]);
      await sleep(50); // sockets closed by end() leave the list a turn later
      expect(resources()).toEqual(before);
    },
  );
});

describe("a relay that does not read", () => {
  it("holds the server's next write: a flood waits, and goes on only as the relay drains", async () => {
    const server = new InProcessServer(["--mode", "endless", "--endless-bytes", String(64 * 1024 * 1024)]);
    let taken = 0;
    server.attach({
      stdout: (chunk) => {
        taken += chunk.length;
        return false; // the socket is full after every chunk
      },
      stderr: () => undefined,
    });
    for (const text of SCRIPT.slice(0, 4)) server.stdin.write(text);
    await sleep(300);
    const held = taken;
    // Without a drain, at most the first few replies' chunks: nothing near the 64 MiB the flood holds.
    expect(held).toBeLessThan(1024 * 1024);
    for (let drains = 0; drains < 20; drains += 1) {
      server.drained();
      await sleep(5);
    }
    expect(taken).toBeGreaterThan(held);
    server.kill("SIGKILL");
    expect(server.running).toBe(false);
  });
});

// Complete tier only: starts the teaching server in each way of leaving and ends it as close() would.
// How the teaching server leaves (server/src/shutdown.ts), for every mode: one whose table row
// names a shutdown stays after its input ends, then meets SIGTERM as the row says (exits 0, dies
// of it uncaught, or ignores it until SIGKILL); every other mode leaves at the end of its input.
// Its record says how it left just before it does, and a killed server says nothing.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CORRECT_SHUTDOWN, MODES, shutdownOf, type ModeName } from "../../server/src/modes.js";
import { RawServer, SERVER_MAIN, buildServer, killAllServers, sleep, type Exit } from "./raw-server.js";

let scratch = "";
beforeAll(() => {
  buildServer();
  scratch = mkdtempSync(path.join(tmpdir(), "shutdown-"));
});
afterEach(() => killAllServers());
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** How long a server that stays is watched after its input ended, before it is signalled. */
const STAYS_MS = 400;

/** The record's events after the start, as short words: eof, SIGTERM, left 0, left SIGTERM. */
function events(recordFile: string): string[] {
  return readFileSync(recordFile, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as { event: string; signal?: string; status?: unknown })
    .filter((entry) => entry.event !== "start" && entry.event !== "message")
    .map((entry) =>
      entry.event === "left" ? `left ${String(entry.status)}` : entry.event === "signal" ? entry.signal! : entry.event,
    );
}

/** Ends `server`'s input, then, if it is still there, SIGTERM, then SIGKILL (after `pauseMs`): how it ended. */
async function endAsCloseWould(server: RawServer, pauseMs: number): Promise<{ exit: Exit; stayed: boolean }> {
  server.endInput();
  const early = await Promise.race([server.exit, sleep(STAYS_MS).then(() => undefined)]);
  if (early !== undefined) return { exit: early, stayed: false };
  server.child.kill("SIGTERM");
  const termed = await Promise.race([server.exit, sleep(pauseMs).then(() => undefined)]);
  if (termed !== undefined) return { exit: termed, stayed: true };
  server.child.kill("SIGKILL");
  return { exit: await server.exit, stayed: true };
}

describe("how the teaching server leaves", () => {
  it("names a shutdown only for modes that stay after their input ends", () => {
    const staying = MODES.filter((mode) => shutdownOf(mode.name) !== CORRECT_SHUTDOWN).map((mode) => mode.name);
    expect(staying).toEqual(["term-to-exit", "eof-deaf", "term-proof"]);
    for (const name of staying) expect(shutdownOf(name).eof).toBe("stays");
  });

  // Side by side: each waits out pauses that use no CPU.
  it("normal, term-to-exit, eof-deaf and term-proof each leave as their row says, and their record says how", async () => {
    const modes: ModeName[] = ["normal", "term-to-exit", "eof-deaf", "term-proof"];
    const seen = await Promise.all(modes.map((mode) => leaving(mode, STAYS_MS)));
    expect(seen).toEqual(modes.map((mode) => expectedLeaving(mode)));
  });

  // A killed kernel's servers: their input ends because their starter died, and nobody will signal them.
  it("a server that stays still leaves once the process that started it is gone", async () => {
    const record = path.join(scratch, "orphaned.jsonl");
    const starter = spawn(
      process.execPath,
      [
        "-e",
        `const c = require("node:child_process").spawn(process.execPath, [${JSON.stringify(SERVER_MAIN)}, "--mode", "term-proof", "--record", ${JSON.stringify(record)}], { stdio: ["pipe", "ignore", "ignore"] }); console.log(c.pid);`,
      ],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    const [line] = (await new Promise<Buffer>((resolve) => starter.stdout.once("data", resolve)))
      .toString()
      .split("\n");
    const serverPid = Number(line);
    while (!existsSync(record) || !readFileSync(record, "utf8").includes('"start"')) await sleep(20);
    starter.kill("SIGKILL");
    const alive = (): boolean =>
      existsSync(`/proc/${serverPid}`) && !readFileSync(`/proc/${serverPid}/stat`, "utf8").includes(") Z ");
    for (let waited = 0; alive() && waited < 10_000; waited += 50) await sleep(50);
    expect(alive()).toBe(false);
    expect(events(record)).toEqual(["eof", "left 0"]);
  });

  // A close() that signals as it ends the input, on a busy machine: the server runs again with both
  // waiting, and libuv hands it the end of input first and the signal last (or in a later turn, when
  // another thread took it). Leaving at once would lose the SIGTERM from the record (close-eof-first
  // reads it in process) and exit 0 besides.
  it("a SIGTERM waiting beside the end of input is recorded and acted on, not lost in a clean exit", async () => {
    const record = path.join(scratch, "held.jsonl");
    const server = new RawServer(["--mode", "normal", "--record", record]);
    while (!existsSync(record) || !readFileSync(record, "utf8").includes('"start"')) await sleep(20);
    server.child.kill("SIGSTOP");
    server.endInput();
    // end() closes the pipe on a later turn of this process's event loop.
    await sleep(100);
    server.child.kill("SIGTERM");
    server.child.kill("SIGCONT");
    const exit = await server.exit;
    expect({ exit: { code: exit.code, signal: exit.signal }, record: events(record) }).toEqual({
      exit: { code: null, signal: "SIGTERM" },
      record: ["eof", "SIGTERM", "left SIGTERM"],
    });
  });

  // What lets close-what-stays tell a SIGTERM that a SIGKILL followed at once from none at all.
  it("eof-deaf dies of SIGTERM though SIGKILL follows at once: SIGTERM is uncaught, the kernel ends it as it is sent", async () => {
    expect(await leaving("eof-deaf", 0)).toEqual(expectedLeaving("eof-deaf"));
  });
});

/** How `mode`'s server ended when ended as close() would, and what its record says. */
async function leaving(
  mode: ModeName,
  pauseMs: number,
): Promise<{ mode: string; stayed: boolean; exit: Exit; record: string[] }> {
  const record = path.join(scratch, `${mode}-${pauseMs}.jsonl`);
  const server = new RawServer(["--mode", mode, "--record", record]);
  // Its record's start is written once its SIGTERM handler is set (server/src/main.ts).
  while (!existsSync(record) || !readFileSync(record, "utf8").includes('"start"')) await sleep(20);
  const { exit, stayed } = await endAsCloseWould(server, pauseMs);
  return { mode, stayed, exit: { code: exit.code, signal: exit.signal }, record: events(record) };
}

/** What the mode table says `mode`'s server does. */
function expectedLeaving(mode: ModeName): { mode: string; stayed: boolean; exit: Exit; record: string[] } {
  const { eof, sigterm } = shutdownOf(mode);
  const outcome = {
    leaves: { exit: { code: 0, signal: null }, record: ["eof", "left 0"] },
    exits: { exit: { code: 0, signal: null }, record: ["eof", "SIGTERM", "left 0"] },
    dies: { exit: { code: null, signal: "SIGTERM" as const }, record: ["eof", "SIGTERM", "left SIGTERM"] },
    default: { exit: { code: null, signal: "SIGTERM" as const }, record: ["eof"] },
    ignored: { exit: { code: null, signal: "SIGKILL" as const }, record: ["eof", "SIGTERM"] },
  }[eof === "leaves" ? "leaves" : sigterm];
  return { mode, stayed: eof === "stays", ...outcome };
}

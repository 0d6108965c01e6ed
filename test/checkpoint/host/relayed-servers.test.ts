// The relay and the grader's end of it, as the checkpoint uses them: the library's StdioClient
// starts the relay command a rule hands out, and the rules' evidence readers read what the real
// server recorded. What the client does to the relay is what the record shows: end of input, a
// SIGTERM, a SIGKILL (nothing); the start is read from /proc. (The grandchild in the relay's group is the close-group
// rule's, graded through the relay in test/checkpoint/cli.slow.test.ts.)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { StdioClient } from "../../../lib/src/client/stdio-client.js";
import {
  RELAY_MAIN,
  relayedServers,
  SOCKET_PATH_LIMIT,
  SUBDIR_ROOM,
} from "../../../lib/src/grading/checkpoint/host/relayed-servers.js";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";
import { loggedCalls, readRecord, relaySignal } from "../../../lib/src/grading/checkpoint/rules/server-records.js";
import type { ServerSource } from "../../../lib/src/grading/checkpoint/rules/servers.js";
import { FRAME, relayFrame, RelayFrameReader } from "../../../server/src/relay-frames.js";

/** The built module, for a process of its own with its own TMPDIR. */
const DIST_RELAYED_SERVERS = join(REPO_ROOT, "lib", "dist", "grading", "checkpoint", "host", "relayed-servers.js");

let source: ServerSource | undefined;
afterEach(async () => {
  await source?.end();
  source = undefined;
});
const fresh = (): ServerSource => (source = relayedServers({ relayMain: RELAY_MAIN }));

const events = (file: string): string[] =>
  readRecord(file)
    .filter((entry) => entry.event !== "message")
    .map((entry) =>
      entry.event === "signal"
        ? `signal ${entry.signal}`
        : entry.event === "left"
          ? `left ${String(entry.status)}`
          : entry.event,
    );

/** The relay started by hand, one request written, its reply awaited: a client that then does as the test says. */
async function startedRelay(command: readonly string[]) {
  const child = spawn(command[0]!, command.slice(1), { stdio: ["pipe", "pipe", "ignore"], detached: true });
  const replied = once(child.stdout, "data");
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } })}\n`,
  );
  await replied;
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exited };
}

describe("a session through the relay", () => {
  it("carries a whole session; close() ends the input, the server records eof and no signal, status 0", async () => {
    const run = fresh().server("normal");
    const client = new StdioClient(run.command, { allowed: ["word_count"] });
    await client.initialize();
    await client.listTools();
    expect(await client.callTool("word_count", { text: "vanilla stock needs review" })).toBe("4");
    const pid = client.pid;
    expect(await client.close()).toBe(0);
    expect(loggedCalls(run.logFile)).toEqual(["word_count"]);
    expect(events(run.recordFile)).toEqual(["start", "eof", "left 0"]);
    // The start is the grader's reading of the relay's process: its pid, argv after the script, environment names.
    expect(readRecord(run.recordFile)[0]).toMatchObject({
      source: "grader",
      pid,
      argv: [run.command[2]],
      env: ["PATH"],
    });
    expect(run.command.join(" ")).not.toMatch(/--record|--log/u);
  });

  it("a SIGTERM to the relay reaches the server's record; a SIGKILL leaves neither end of input nor a signal", async () => {
    const servers = fresh();
    const termed = servers.server("normal");
    const term = await startedRelay(termed.command);
    process.kill(-term.child.pid!, "SIGTERM");
    expect((await term.exited)[1]).toBe("SIGTERM");
    const killed = servers.server("normal");
    const kill = await startedRelay(killed.command);
    process.kill(-kill.child.pid!, "SIGKILL");
    await kill.exited;
    for (let waited = 0; waited < 3000 && !events(termed.recordFile).includes("signal SIGTERM"); waited += 50)
      await sleep(50);
    await sleep(300);
    expect(events(termed.recordFile)).toEqual(["start", "relay-signal", "signal SIGTERM", "left SIGTERM"]);
    expect(events(killed.recordFile)).toEqual(["start"]);
  });
});

/** A process's main thread's wait for a CPU so far, in ms, as the kernel counts it. */
function mainThreadQueuedMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[1]) / 1e6;
}

async function until(test: () => boolean, ms = 5000): Promise<void> {
  for (let waited = 0; waited < ms && !test(); waited += 5) await sleep(5);
}

describe("a relay for a server that stays after its input ends", () => {
  // Side by side: each waits out pauses that use no CPU.
  it("meets SIGTERM as the mode says: term-to-exit leaves with 0, eof-deaf dies of it though SIGKILL follows at once, term-proof waits for SIGKILL", async () => {
    const servers = fresh();
    const ended = async (mode: string, pauseMs: number) => {
      const relay = await startedRelay(servers.server(mode).command);
      relay.child.stdin.end();
      await sleep(300);
      const stayed = relay.child.exitCode === null && relay.child.signalCode === null;
      process.kill(-relay.child.pid!, "SIGTERM");
      // No pause at all: SIGKILL in the same turn, as a close() with none sends it.
      const termed =
        pauseMs === 0 ? undefined : await Promise.race([relay.exited, sleep(pauseMs).then(() => undefined)]);
      if (termed === undefined) process.kill(-relay.child.pid!, "SIGKILL");
      const [code, signal] = await relay.exited;
      return { mode, stayed, status: code ?? signal };
    };
    const seen = await Promise.all([ended("term-to-exit", 5000), ended("eof-deaf", 0), ended("term-proof", 500)]);
    expect(seen).toEqual([
      { mode: "term-to-exit", stayed: true, status: 0 },
      { mode: "eof-deaf", stayed: true, status: "SIGTERM" },
      { mode: "term-proof", stayed: true, status: "SIGKILL" },
    ]);
  });
});

describe("a client's SIGTERM that reaches the relay after the server has exited (a grace run out on a busy machine)", () => {
  // Seen in a loaded full run: the server exited at the end of its input, and the client's 1 s grace
  // ran out while that exit was still on its way through the grader and the relay. The relay then
  // dies of the SIGTERM, close() rightly reports it, and the record must say so for the rule.
  it("the relay dies of it and the record notes it: close() sees SIGTERM exactly when the record has the relay's signal", async () => {
    for (let round = 0; round < 3; round += 1) {
      const run = fresh().server("normal");
      const { child, exited } = await startedRelay(run.command);
      child.stdin.end();
      await until(() => events(run.recordFile).includes("eof"), 10_000);
      // Hold the relay where it may or may not have read the exit yet; the server leaves meanwhile.
      process.kill(child.pid!, "SIGSTOP");
      await until(() => events(run.recordFile).includes("left 0"), 10_000);
      process.kill(child.pid!, "SIGTERM");
      process.kill(child.pid!, "SIGCONT");
      const [code, signal] = await exited;
      // No wait of our own: once the run has settled, the relay's last word is in the record.
      await run.settled();
      expect(events(run.recordFile).filter((event) => event !== "relay-signal")).toEqual(["start", "eof", "left 0"]);
      expect(signal ?? code).toBe(relaySignal(run.recordFile) === undefined ? 0 : "SIGTERM");
      await source?.end();
      source = undefined;
    }
  });
});

describe("how long after the end of input a SIGTERM came, by the relay's clock", () => {
  it("is at least the wait the client made once the end of input had reached the grader", async () => {
    // A server that leaves only 5 s after its input ends, so it cannot exit first; it records the
    // end of its input once the relay's end-of-input frame, stamped before it was sent, has reached
    // the grader (this process).
    const run = fresh().server("normal", { leaveAfterEofMs: 5000 });
    const { child, exited } = await startedRelay(run.command);
    const queuedBefore = mainThreadQueuedMs(child.pid!);
    child.stdin.end();
    await until(() => events(run.recordFile).includes("eof"), 10_000);
    expect(events(run.recordFile)).toContain("eof");
    await sleep(500);
    const queuedBetween = mainThreadQueuedMs(child.pid!) - queuedBefore;
    process.kill(child.pid!, "SIGTERM");
    expect((await exited)[1]).toBe("SIGTERM");
    await until(() => relaySignal(run.recordFile) !== undefined);
    // 500 ms less what two processes' clocks and a timer may round away, and less the relay's own
    // waits for a CPU after its end-of-input stamp, which its clock leaves out by design.
    expect(relaySignal(run.recordFile)?.afterEofMs).toBeGreaterThanOrEqual(495 - queuedBetween);
  });

  it("is missing when the SIGTERM came before any end of input", async () => {
    const run = fresh().server("normal");
    const { child, exited } = await startedRelay(run.command);
    process.kill(child.pid!, "SIGTERM");
    await exited;
    await run.settled();
    expect(relaySignal(run.recordFile)).toBeDefined();
    expect(relaySignal(run.recordFile)?.afterEofMs).toBeUndefined();
  });
});

describe("what end() names as left running", () => {
  // The grader starts each server ahead of its relay, and that server records its own start. A
  // rule whose client never starts the relay (a constructor that refuses its options) must not
  // have the grader's own waiting server named as the client's leftover (a FAIL seen under load).
  it("names no leftover when the client never started the relay, once the waiting server has recorded its start", async () => {
    const servers = fresh();
    const run = servers.server("normal");
    for (let waited = 0; waited < 10_000 && readRecord(run.recordFile).length === 0; waited += 50) await sleep(50);
    expect(readRecord(run.recordFile)).toMatchObject([{ event: "start" }]);
    source = undefined;
    expect(await servers.end()).toEqual([]);
  });

  it("names a relay the client left running", async () => {
    const servers = fresh();
    const run = servers.server("normal");
    const left = await startedRelay(run.command);
    source = undefined;
    expect(await servers.end()).toEqual([`group ${left.child.pid} (1 process)`]);
    await left.exited;
  });
});

describe("a server paused mid-flood whose relay is gone", () => {
  // The endless server writes more than the socket to a relay nobody reads can hold, so the grader
  // holds its next write; once the relay is killed, no drain ever comes. The server is then killed
  // with it, and end() finishes at once (failure-modes once waited out 2 s here each grading).
  it("lets end() finish at once", { timeout: 30_000 }, async () => {
    const servers = (source = relayedServers({ relayMain: RELAY_MAIN }));
    const run = servers.server("endless", { endlessBytes: 16 * 1024 * 1024 });
    const { child, exited } = await startedRelay(run.command);
    child.stdout.pause();
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "word_count", arguments: { text: "a b" } } })}\n`,
    );
    for (let waited = 0; waited < 10_000 && loggedCalls(run.logFile).length === 0; waited += 50) await sleep(50);
    expect(loggedCalls(run.logFile)).toEqual(["word_count"]);
    await sleep(300); // the flood fills what lies between, and the grader pauses the server's stdout
    child.kill("SIGKILL");
    await exited;
    source = undefined;
    expect(await servers.end()).toEqual([]);
  });
});

describe("a temporary folder too deep for a socket's path", () => {
  // Node's listen() cuts a Unix socket's path over 107 bytes and listens at the cut one: a listener
  // no relay finds, which once kept a class job's checkpoint alive after its report.
  it("is a GraderFault before any server, a socket path over the limit is refused before a listener exists, and the process ends", async () => {
    const deep = mkdtempSync(join(tmpdir(), `${"d".repeat(SOCKET_PATH_LIMIT - 40)}-`));
    const script = `
      const { checkSocketRoom, relayedServers, RELAY_MAIN } = require(${JSON.stringify(DIST_RELAYED_SERVERS)});
      try { checkSocketRoom(); console.log("room"); } catch (error) { console.log(error.name + ": " + error.what); }
      const servers = relayedServers({ relayMain: RELAY_MAIN });
      try { servers.server("normal", { subdir: "a folder with spaces, $HOME and 'quotes'" }); console.log("listening"); }
      catch (error) { console.log(error.name + ": " + error.what); }
      servers.end().then(() => console.log("ended"));`;
    const child = spawn(process.execPath, ["-e", script], { env: { PATH: process.env["PATH"] ?? "", TMPDIR: deep } });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const [code] = (await once(child, "exit")) as [number | null];
    rmSync(deep, { recursive: true, force: true });
    expect(stdout.split("\n")).toEqual([
      `GraderFault: the temporary folder is too deep for the relayed servers' sockets: their paths would take up to ${
        Buffer.byteLength(deep) + 16 + 12 + SUBDIR_ROOM + 9
      } bytes, over the ${SOCKET_PATH_LIMIT} a Unix socket's path holds (set TMPDIR to a shorter folder)`,
      `GraderFault: a relayed server's socket path is over the ${SOCKET_PATH_LIMIT} bytes a Unix socket's holds`,
      "ended",
      "",
    ]);
    expect(code).toBe(0);
  });
});

describe("relay frames", () => {
  it("come out whole and in order however the bytes are cut", () => {
    const kinds = Object.values(FRAME);
    fc.assert(
      fc.property(
        fc.array(fc.record({ kind: fc.constantFrom(...kinds), payload: fc.uint8Array({ maxLength: 300 }) })),
        fc.array(fc.nat(), { maxLength: 20 }),
        (frames, cuts) => {
          const bytes = Buffer.concat(frames.map((frame) => relayFrame(frame.kind, Buffer.from(frame.payload))));
          const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const reader = new RelayFrameReader();
          const read = [0, ...at, bytes.length]
            .slice(1)
            .flatMap((end, index, ends) => reader.feed(bytes.subarray(index === 0 ? 0 : ends[index - 1], end)));
          expect(read.map((frame) => [frame.kind, [...frame.payload]])).toEqual(
            frames.map((frame) => [frame.kind, [...frame.payload]]),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it("a length over the limit is refused, not waited for", () => {
    const header = Buffer.from([FRAME.data, 0xff, 0xff, 0xff, 0xff]);
    expect(() => new RelayFrameReader().feed(header)).toThrow(RangeError);
  });
});

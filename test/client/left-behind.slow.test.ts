// Complete tier only: ends holder processes in every way there is, each holding teaching servers.
/**
 * Nothing left behind, however the process holding clients ends: real holder processes
 * (lib/dist/chaos/holder.js) with teaching servers in the modes that outlive a careless end
 * (grandchild, hang, trickle, endless), killed or failing, and /proc polled for what is left.
 * Times are printed, not asserted: the bound is only there so a leak fails instead of hanging.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listProcesses } from "../../lib/src/client/process-table.js";
import { liveIn, waitUntilGone } from "../../lib/src/chaos/leftovers.js";

const HOLDER = path.join(__dirname, "../../lib/dist/chaos/holder.js");
const CLI = path.join(__dirname, "../../lib/dist/cli/main.js");
const BOUND_MS = 15_000;
// cli:grandchild: the server run by `mcp-workbook serve`, so the grandchild's watched holder is that command.
const MODES = ["grandchild", "hang", "trickle", "endless", "normal", "cli:grandchild"];

const cleanup: number[] = [];
afterEach(() => {
  for (const pgid of cleanup.splice(0)) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // gone, as it should be
    }
  }
});

interface Held {
  readonly holder: ChildProcess;
  readonly groups: number[];
  readonly exit: Promise<[number | null, NodeJS.Signals | null]>;
  stderr: string;
}

async function hold(args: readonly string[]): Promise<Held> {
  const holder = spawn(process.execPath, [HOLDER, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const exit = once(holder, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  const held: Held = { holder, groups: [], exit, stderr: "" };
  holder.stderr!.on("data", (chunk: Buffer) => (held.stderr += chunk.toString()));
  let out = "";
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve();
    });
    void exit.then(() => reject(new Error(`the holder ended before it was ready: ${held.stderr}`)));
  });
  const groups = (JSON.parse(out) as { groups: number[] }).groups;
  held.groups.push(...groups);
  cleanup.push(...groups);
  return held;
}

describe("the process holding clients ends, and nothing of its servers is left", () => {
  it.each<[string, string[], NodeJS.Signals | undefined]>([
    ["is SIGKILLed", ["--end", "wait"], "SIGKILL"],
    ["gets SIGINT (the library installs no handler)", ["--end", "wait"], "SIGINT"],
    ["gets SIGTERM", ["--end", "wait"], "SIGTERM"],
    ["calls process.exit", ["--end", "exit"], undefined],
    ["throws an uncaught error", ["--end", "throw"], undefined],
    ["leaves a promise rejection unhandled", ["--end", "reject"], undefined],
  ])(
    "holder %s with clients open in grandchild, hang, trickle, endless and normal modes, and grandchild through mcp-workbook serve",
    async (label, args, signal) => {
      const held = await hold([...args, ...MODES]);
      expect(held.groups).toHaveLength(MODES.length);
      if (signal) held.holder.kill(signal);
      await held.exit;
      const settled = await waitUntilGone(held.groups, BOUND_MS);
      console.log(`holder ${label}: ${settled.left.length} processes left after ${Math.round(settled.ms)} ms`);
      expect(settled.left).toEqual([]);
    },
    30_000,
  );

  it("a close() that ends only the server leaves the grandchild while the holder lives (the lesson), not after", async () => {
    const held = await hold(["--end", "wrong-close", "grandchild"]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const lesson = liveIn(held.groups);
    expect(lesson).toHaveLength(1); // the server is gone, its grandchild is not
    held.holder.kill("SIGKILL");
    const settled = await waitUntilGone(held.groups, BOUND_MS);
    console.log(`grandchild after its holder was SIGKILLed: gone after ${Math.round(settled.ms)} ms`);
    expect(settled.left).toEqual([]);
  }, 30_000);

  it("a foreign server that ignores end of input is ended by the holder's exit handler", async () => {
    const held = await hold(["--end", "throw", "--foreign"]);
    await held.exit;
    expect((await waitUntilGone(held.groups, BOUND_MS)).left).toEqual([]);
  }, 30_000);

  it("what cannot be promised: a foreign server outlives a SIGKILLed holder (nothing of the holder runs)", async () => {
    const held = await hold(["--end", "wait", "--foreign"]);
    held.holder.kill("SIGKILL");
    await held.exit;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(liveIn(held.groups)).toHaveLength(1); // sleep 60; afterEach ends it
  }, 30_000);
});

describe("signal handlers", () => {
  it("importing the library, or making a client, installs no SIGINT or SIGTERM handler", () => {
    const script = `
      const lib = require(${JSON.stringify(path.join(__dirname, "../../lib/dist/index.js"))});
      const before = [process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")];
      const client = new lib.StdioClient(lib.teachingServerCommand());
      const after = [process.listenerCount("SIGINT"), process.listenerCount("SIGTERM"), process.listenerCount("exit")];
      client.close().then(() => console.log(JSON.stringify({ before, after })));`;
    const counts = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as {
      before: number[];
      after: number[];
    };
    expect(counts).toEqual({ before: [0, 0], after: [0, 0, 1] });
  });

  it.each<NodeJS.Signals>(["SIGINT", "SIGTERM"])(
    "%s to `mcp-workbook call ... -- sleep 60` (a terminal's Ctrl-C) closes the client, leaves no sleep, and dies of the signal",
    async (signal) => {
      // detached: the command line leads its own group, as a shell's foreground job does.
      const cli = spawn(
        process.execPath,
        [CLI, "call", "--timeout-ms", "30000", "word_count", "{}", "--", "sleep", "60"],
        { stdio: ["ignore", "pipe", "pipe"], detached: true },
      );
      cleanup.push(cli.pid!);
      const exit = once(cli, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
      let sleeper: number | undefined;
      for (let tries = 0; sleeper === undefined && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        sleeper = listProcesses()?.find((entry) => entry.ppid === cli.pid)?.pid;
      }
      expect(sleeper).toBeDefined();
      cleanup.push(sleeper!);
      process.kill(-cli.pid!, signal); // the whole foreground group, as the terminal does; sleep is not in it
      const [code, died] = await exit;
      expect({ code, died }).toEqual({ code: null, died: signal });
      const settled = await waitUntilGone([sleeper!], BOUND_MS);
      console.log(`${signal} to mcp-workbook call: sleep 60 gone after ${Math.round(settled.ms)} ms`);
      expect(settled.left).toEqual([]);
    },
    30_000,
  );
});

/**
 * A program that holds clients and then ends badly, for the leftover tests and `npm run chaos`.
 *
 *   node lib/dist/chaos/holder.js [--end HOW] [--after MS] [--foreign] [--marker TEXT] MODE...
 *
 * Opens one client per teaching-server MODE ("cli:MODE" runs it as `mcp-workbook serve --mode
 * MODE`, one process more in between), and with --foreign one whose server is `sleep 60`,
 * a program we did not write that ignores end of input; runs each as far as it goes (handshake,
 * list, one call left in flight), prints one JSON line `{"holder":pid,"groups":[...]}` on
 * stdout, and then, after MS ms, ends as HOW says. With --marker, every server gets
 * WORKBOOK_CHAOS_RUN=TEXT in its environment (its children inherit it), so what is left can be
 * found in /proc even when the holder was killed before it said anything.
 *   wait          stays until killed from outside (SIGKILL, SIGINT, SIGTERM)
 *   exit          process.exit(0) with every client open
 *   throw         an uncaught error with every client open
 *   reject        an unhandled promise rejection with every client open
 *   wrong-close   signals each server alone (not its group), as a wrong close() would, then
 *                 stays: the grandchild, the lesson, is left while the holder lives
 */
import path from "node:path";
import { StdioClient } from "../client/stdio-client.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { UsageError } from "../errors/usage-error.js";
import { readFlags, wholeNumber } from "../flags/flags.js";

type Ending = "wait" | "exit" | "throw" | "reject" | "wrong-close";
const ENDINGS: readonly Ending[] = ["wait", "exit", "throw", "reject", "wrong-close"];

/** `holder.js [--end E] [--after MS] [--foreign] [--marker M] MODE...`, as chaos and the tests start it. */
function parse(argv: readonly string[]): {
  end: Ending;
  after: number;
  foreign: boolean;
  marker: string | undefined;
  modes: string[];
} {
  const { values, positionals } = readFlags(
    argv,
    { end: { type: "string" }, after: { type: "string" }, foreign: { type: "boolean" }, marker: { type: "string" } },
    { positionals: true },
  );
  const end = values.end ?? "wait";
  if (!(ENDINGS as readonly string[]).includes(end))
    throw new UsageError("arguments", {
      what: "--end: unknown ending",
      expected: `one of ${ENDINGS.join(", ")}`,
      received: JSON.stringify(end),
    });
  return {
    end: end as Ending,
    after: values.after === undefined ? 0 : wholeNumber("--after", values.after, 0),
    foreign: values.foreign === true,
    marker: values.marker,
    modes: positionals,
  };
}

function serverCommand(mode: string): string[] {
  if (!mode.startsWith("cli:")) return teachingServerCommand(mode);
  return [process.execPath, path.join(__dirname, "../cli/main.js"), "serve", "--mode", mode.slice("cli:".length)];
}

/** As far as the mode lets it go; errors are the lessons of the modes, not failures here. */
async function exercise(client: StdioClient): Promise<void> {
  try {
    await client.initialize();
    await client.listTools();
    // Left in flight on purpose: hang and trickle never answer it.
    client.callTool("word_count", { text: "vanilla stock needs review" }).catch(() => undefined);
  } catch {
    // old-version, wrong-id, ...: the client refused; the process is still there to clean up
  }
}

async function main(): Promise<void> {
  const { end, after, foreign, marker, modes } = parse(process.argv.slice(2));
  const env = { PATH: process.env["PATH"] ?? "", ...(marker === undefined ? {} : { WORKBOOK_CHAOS_RUN: marker }) };
  const clients = modes.map(
    (mode) => new StdioClient(serverCommand(mode), { allowed: ["word_count"], timeoutMs: 2000, env }),
  );
  if (foreign) clients.push(new StdioClient(["sleep", "60"], { timeoutMs: 60_000, env }));
  // The handshakes run together; a foreign sleep never answers, so it is not awaited.
  await Promise.all(clients.filter((_, index) => !(foreign && index === clients.length - 1)).map(exercise));
  if (foreign) clients[clients.length - 1]!.initialize().catch(() => undefined);
  process.stdout.write(`${JSON.stringify({ holder: process.pid, groups: clients.map((client) => client.pid) })}\n`);
  await new Promise((resolve) => setTimeout(resolve, after));
  switch (end) {
    case "exit":
      process.exit(0);
    // falls through (never reached)
    case "throw":
      setTimeout(() => {
        throw new Error("the holder failed with clients open");
      });
      return;
    case "reject":
      void Promise.reject(new Error("the holder's promise failed with clients open"));
      return;
    case "wrong-close":
      for (const client of clients) if (client.pid !== undefined) process.kill(client.pid, "SIGKILL");
      setInterval(() => undefined, 60_000);
      return;
    case "wait":
      setInterval(() => undefined, 60_000);
  }
}

void main();

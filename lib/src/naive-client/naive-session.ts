/**
 * The naive client's one session, run only as a child process by runNaive() (naive-harness.ts),
 * which caps its memory, bounds its time and ends its process group. It starts the teaching
 * server, shakes hands, lists, calls each tool it is asked to, closes the naive way, and says
 * on stdout, one JSON line per event, what happened; last, which processes of its group it
 * sees still alive after its close(). Then it carries on, as an application would after closing
 * a client, until the harness ends its group.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { processGroupMembers } from "../client/process-group.js";
import { NaiveClient, type NaiveEvent } from "./naive-client.js";

export interface NaiveSessionConfig {
  readonly command: readonly string[];
  readonly readTimeoutMs: number;
  readonly asks: ReadonlyArray<{ readonly name: string; readonly arguments: Record<string, unknown> }>;
}

/** One line of the session's stdout. */
export type SessionEvent =
  | NaiveEvent
  | { readonly event: "listed"; readonly tools: number }
  | { readonly event: "answer"; readonly tool: string; readonly text: string }
  | { readonly event: "failed"; readonly message: string }
  | { readonly event: "closed"; readonly stillAlive: readonly number[] };

function say(event: SessionEvent): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

/** Byte reports, thinned: every chunk while the buffer is small, then one per MiB it grows. */
function thinned(): (event: NaiveEvent) => void {
  let reportedUpTo = 0;
  return (event) => {
    if (event.event === "bytes") {
      if (event.buffered > 4096 && event.buffered < reportedUpTo + 2 ** 20) return;
      reportedUpTo = event.buffered;
    }
    say(event);
  };
}

async function main(config: NaiveSessionConfig): Promise<void> {
  const client = new NaiveClient(config.command, config.readTimeoutMs, thinned());
  try {
    await client.initialize();
    say({ event: "listed", tools: (await client.listTools()).length });
    for (const ask of config.asks)
      say({ event: "answer", tool: ask.name, text: (await client.callTool(ask.name, ask.arguments)).slice(0, 200) });
  } catch (error) {
    say({ event: "failed", message: String((error as Error).message ?? error).slice(0, 300) });
  }
  client.close();
  await sleep(150); // the server has had its SIGTERM; see what of the group is still alive
  say({ event: "closed", stillAlive: (processGroupMembers(process.pid) ?? []).filter((pid) => pid !== process.pid) });
  setInterval(() => undefined, 60_000); // the application lives on; the harness ends it
}

void main(JSON.parse(process.argv[2] ?? "{}") as NaiveSessionConfig);

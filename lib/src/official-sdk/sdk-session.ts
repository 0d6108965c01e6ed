/**
 * The official MCP TypeScript SDK's client, one session, run only as a child process by runSdk()
 * (sdk-harness.ts), which caps its memory, bounds its time and ends its process group. v1 is
 * `@modelcontextprotocol/sdk`'s Client, v2 is `@modelcontextprotocol/client`'s (both development
 * dependencies of the repository, loaded only by this child process, never by the library). It connects (the handshake), lists, calls
 * each tool it is asked to, each request with the same deadline our client has, closes the SDK's
 * way, and says on stdout, one JSON line per step, what happened; last, which processes of its
 * group it still sees alive after its close(). Then it waits for the harness to end its group.
 */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioTransportV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioTransportV2 } from "@modelcontextprotocol/client/stdio";
import { processGroupMembers } from "../client/process-group.js";

/** One session per run, one after another in this one process (the SDK loads once). */
export interface SdkSessionConfig {
  readonly sdk: "v1" | "v2";
  readonly timeoutMs: number;
  readonly runs: ReadonlyArray<{
    readonly mode: string;
    readonly command: readonly string[];
    readonly asks: ReadonlyArray<{ readonly name: string; readonly arguments: Record<string, unknown> }>;
  }>;
}

/** One line of the session's stdout. */
export type SdkEvent =
  | { readonly event: "version"; readonly version: string }
  | { readonly event: "mode"; readonly mode: string }
  | { readonly event: "step"; readonly step: string; readonly ok: true; readonly ms: number; readonly text?: string }
  | { readonly event: "step"; readonly step: string; readonly ok: false; readonly ms: number; readonly error: string }
  | { readonly event: "closed"; readonly stillAlive: readonly number[] };

function say(event: SdkEvent): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

/** The SDK's client, whichever version: the four calls this session makes. */
interface AnyClient {
  connect(transport: unknown, options?: { timeout: number }): Promise<void>;
  listTools(params?: unknown, options?: { timeout: number }): Promise<{ tools: unknown[] }>;
  close(): Promise<void>;
  call(name: string, args: Record<string, unknown>, timeout: number): Promise<{ content?: unknown; isError?: unknown }>;
}

function load(
  sdk: "v1" | "v2",
  command: readonly string[],
): { client: AnyClient; transport: unknown; version: string } {
  const [file, ...args] = command as [string, ...string[]];
  const transportOptions = { command: file, args, env: { PATH: process.env["PATH"] ?? "" }, stderr: "ignore" as const };
  if (sdk === "v1") {
    const client = new ClientV1({ name: "workbook-sdk-v1", version: "1.0.0" });
    return {
      client: Object.assign(client, {
        call: (name: string, args: Record<string, unknown>, timeout: number) =>
          client.callTool({ name, arguments: args }, undefined, { timeout }),
      }) as unknown as AnyClient,
      transport: new StdioTransportV1(transportOptions),
      version: `@modelcontextprotocol/sdk ${sdkVersion("@modelcontextprotocol/sdk")}`,
    };
  }
  const client = new ClientV2({ name: "workbook-sdk-v2", version: "1.0.0" });
  return {
    client: Object.assign(client, {
      call: (name: string, args: Record<string, unknown>, timeout: number) =>
        client.callTool({ name, arguments: args }, { timeout }),
    }) as unknown as AnyClient,
    transport: new StdioTransportV2(transportOptions),
    version: `@modelcontextprotocol/client ${sdkVersion("@modelcontextprotocol/client")}`,
  };
}

/** The installed version, read from the package's folder (v2 exports no package.json). */
function sdkVersion(name: string): string {
  try {
    const main = require.resolve(name === "@modelcontextprotocol/sdk" ? `${name}/client/index.js` : name);
    const root = main.slice(0, main.lastIndexOf(`${name}/`) + name.length + 1);
    return (JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { version: string }).version;
  } catch {
    return "(version unknown)";
  }
}

/** The error as "Class: message", one line, bounded (a server's text may be long). */
function describe(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name === "Error" ? error.constructor.name : error.name}: ${error.message}`
      : String(error);
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 600 ? `${flat.slice(0, 600)} [+${flat.length - 600} characters]` : flat;
}

async function step<T>(name: string, run: () => Promise<T>, text?: (value: T) => string): Promise<T | undefined> {
  const started = performance.now();
  try {
    const value = await run();
    const ms = Math.round(performance.now() - started);
    say({ event: "step", step: name, ok: true, ms, ...(text === undefined ? {} : { text: text(value) }) });
    return value;
  } catch (error) {
    say({ event: "step", step: name, ok: false, ms: Math.round(performance.now() - started), error: describe(error) });
    return undefined;
  }
}

/** The text of a tool result, as a model would receive it ("3"), or its error flag. */
function resultText(result: { content?: unknown; isError?: unknown }): string {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: unknown; text?: unknown }>) : [];
  const text = content.map((part) => (part.type === "text" ? String(part.text) : `[${String(part.type)}]`)).join("");
  return `${result.isError === true ? "isError: " : ""}${text.slice(0, 200)}`;
}

async function main(config: SdkSessionConfig): Promise<void> {
  for (const [index, run] of config.runs.entries()) {
    say({ event: "mode", mode: run.mode });
    await session(config.sdk, run, config.timeoutMs, index === 0);
  }
  // Carry on as an application would after closing; the harness ends the group.
  await sleep(60_000);
}

async function session(
  sdk: "v1" | "v2",
  config: SdkSessionConfig["runs"][number],
  timeoutMs: number,
  first: boolean,
): Promise<void> {
  const { client, transport, version } = load(sdk, config.command);
  if (first) say({ event: "version", version });
  const connected = await step("connect", async () => {
    await client.connect(transport, { timeout: timeoutMs });
    return true;
  });
  if (connected === true) {
    const listed = await step(
      "tools/list",
      () => client.listTools(undefined, { timeout: timeoutMs }),
      (value) => `${value.tools.length} tools`,
    );
    if (listed !== undefined) {
      for (const ask of config.asks) {
        const result = await step(
          `tools/call ${ask.name}`,
          () => client.call(ask.name, ask.arguments, timeoutMs),
          resultText,
        );
        if (result === undefined) break; // a session that failed a call asks for nothing more
      }
    }
  }
  await step("close", () => client.close());
  // What its close() left: every process of this group but this one.
  await sleep(100);
  const stillAlive = (processGroupMembers(process.pid) ?? []).filter((pid) => pid !== process.pid);
  say({ event: "closed", stillAlive });
  // Ended here, so the next run starts with an empty group (the report above is the lesson).
  for (const pid of stillAlive) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  for (let waited = 0; waited < 1000 && (processGroupMembers(process.pid) ?? []).length > 1; waited += 20)
    await sleep(20);
}

if (require.main === module) {
  // An unhandled error inside the SDK (a parse error on its stream, say) is reported, not fatal.
  process.on("uncaughtException", (error) =>
    say({ event: "step", step: "uncaught", ok: false, ms: 0, error: describe(error) }),
  );
  process.on("unhandledRejection", (error) =>
    say({ event: "step", step: "unhandled", ok: false, ms: 0, error: describe(error) }),
  );
  void main(JSON.parse(process.argv[2] ?? "{}") as SdkSessionConfig);
}

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { timedWordCounts } from "./sdk-calls.js";

/**
 * The official v2 SDK's Client (@modelcontextprotocol/client 2.4.0, a development dependency of the
 * repository, not of the library) calling word_count, for the side-by-side bench: milliseconds per
 * Client.callTool. `pinned` speaks 2026-07-28 only (versionNegotiation { pin }), else its default
 * (legacy: the 2025 handshake).
 */
export async function sdkV2CallSamples(
  command: readonly string[],
  calls: number,
  warmup: number,
  pinned = false,
): Promise<number[]> {
  const [file, ...args] = command as [string, ...string[]];
  const client = new Client(
    { name: "bench-sdk-v2", version: "1.0.0" },
    pinned ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  const transport = new StdioClientTransport({
    command: file,
    args,
    env: { PATH: process.env["PATH"] ?? "" },
    stderr: "ignore",
  });
  await client.connect(transport);
  try {
    await client.listTools();
    return await timedWordCounts(
      () => client.callTool({ name: "word_count", arguments: { text: "vanilla stock needs review" } }),
      calls,
      warmup,
      "SDK v2",
    );
  } finally {
    await client.close();
  }
}

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

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
    const samples: number[] = [];
    for (let i = 0; i < warmup + calls; i += 1) {
      const started = performance.now();
      const result = await client.callTool({ name: "word_count", arguments: { text: "vanilla stock needs review" } });
      if (i >= warmup) samples.push(performance.now() - started);
      if (i === 0 && JSON.stringify(result.content) !== '[{"type":"text","text":"4"}]')
        throw new Error(`SDK v2 word_count answered ${JSON.stringify(result.content)}`);
    }
    return samples;
  } finally {
    await client.close();
  }
}

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/**
 * The official TypeScript SDK's Client (with its StdioClientTransport) calling word_count on the
 * same server as our client, for the side-by-side bench: milliseconds per Client.callTool.
 * The SDK is a development dependency of the repository, not of the library.
 */
export async function sdkCallSamples(command: readonly string[], calls: number, warmup: number): Promise<number[]> {
  const [file, ...args] = command as [string, ...string[]];
  const client = new Client({ name: "bench-sdk", version: "1.0.0" });
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
      "SDK",
    );
  } finally {
    await client.close();
  }
}

/**
 * Times `callWordCount` warmup + calls times (ms each, warm-up left out), checking the first answer
 * is "4": the one measuring loop of both SDK contenders.
 */
export async function timedWordCounts(
  callWordCount: () => Promise<Record<string, unknown>>,
  calls: number,
  warmup: number,
  who: string,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + calls; i += 1) {
    const started = performance.now();
    const result = await callWordCount();
    if (i >= warmup) samples.push(performance.now() - started);
    if (i === 0 && JSON.stringify(result["content"]) !== '[{"type":"text","text":"4"}]')
      throw new Error(`${who} word_count answered ${JSON.stringify(result["content"])}`);
  }
  return samples;
}

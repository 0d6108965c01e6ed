// What the pipe costs: start the teaching server, complete the handshake, then call word_count many
// times through our StdioClient, timing each step, so a tool's protocol cost can stand beside its
// prompt cost (chapter 14, Part A: 44 ms to start and handshake, 0.114 ms median and 0.166 ms p95 a call).
import { z } from "zod";
import { StdioClient } from "../../client/stdio-client.js";
import { teachingServerCommand } from "../../client/teaching-server.js";
import { harnessVersion } from "./harness-version.js";
import { nowMs } from "../providers/provider.js";

export const PROTOCOL_COST_SCHEMA = "mcp-workbook/protocol-cost@1" as const;

export const ProtocolCostReceiptSchema = z
  .object({
    schema: z.literal(PROTOCOL_COST_SCHEMA),
    run: z
      .object({
        date: z.string(),
        harnessVersion: z.string(),
        node: z.string(),
        platform: z.string(),
        server: z.string(),
        tool: z.string(),
        arguments: z.record(z.unknown()),
      })
      .strict(),
    /** Spawning the server until its initialize answer arrived and initialized was sent. */
    startAndHandshakeMs: z.number().nonnegative(),
    listToolsMs: z.number().nonnegative(),
    callMs: z.array(z.number().nonnegative()),
    medianCallMs: z.number().nonnegative(),
    p95CallMs: z.number().nonnegative(),
    closeMs: z.number().nonnegative(),
  })
  .strict();
export type ProtocolCostReceipt = z.infer<typeof ProtocolCostReceiptSchema>;

/** The q-quantile by nearest rank on the sorted values (q=0.5 median, 0.95 p95). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1]!;
}

export type ProtocolCostOptions = { calls?: number; command?: string[]; date?: string };

export async function measureProtocolCost(options: ProtocolCostOptions = {}): Promise<ProtocolCostReceipt> {
  const calls = options.calls ?? 200;
  const command = options.command ?? teachingServerCommand();
  const args = { text: "vanilla stock needs review" };
  const started = nowMs();
  const client = new StdioClient(command, { allowed: ["word_count"], timeoutMs: 10_000 });
  try {
    await client.initialize();
    const startAndHandshakeMs = nowMs() - started;
    const listStarted = nowMs();
    await client.listTools();
    const listToolsMs = nowMs() - listStarted;
    const callMs: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t = nowMs();
      await client.callTool("word_count", args);
      callMs.push(nowMs() - t);
    }
    const closeStarted = nowMs();
    await client.close();
    const closeMs = nowMs() - closeStarted;
    return ProtocolCostReceiptSchema.parse({
      schema: PROTOCOL_COST_SCHEMA,
      run: {
        date: options.date ?? new Date().toISOString(),
        harnessVersion: harnessVersion(),
        node: process.version,
        platform: `${process.platform}-${process.arch}`,
        server: "teaching server (server/dist/main.js), mode normal",
        tool: "word_count",
        arguments: args,
      },
      startAndHandshakeMs,
      listToolsMs,
      callMs,
      medianCallMs: quantile(callMs, 0.5),
      p95CallMs: quantile(callMs, 0.95),
      closeMs,
    });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

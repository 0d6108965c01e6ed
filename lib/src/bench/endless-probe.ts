/**
 * Run as its own process by the client benchmark: one client asks the teaching server in
 * endless mode for a reply that is one line of up to 1 GiB, and reports how the client ended
 * and this process's peak resident memory.
 */
import { StdioClient } from "../client/stdio-client.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { WorkbookError } from "../errors/workbook-error.js";

async function probe(): Promise<void> {
  const bytes = String(1024 ** 3);
  const client = new StdioClient([...teachingServerCommand("endless"), "--endless-bytes", bytes], {
    allowed: ["word_count"],
    timeoutMs: 60_000,
  });
  const started = performance.now();
  let outcome = "result";
  try {
    await client.initialize();
    await client.listTools();
    await client.callTool("word_count", { text: "x" });
  } catch (error) {
    outcome = error instanceof WorkbookError ? error.reason : String(error);
  }
  const refusedMs = performance.now() - started;
  await client.close();
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ outcome, refusedMs, peakRssMiB, offeredBytes: Number(bytes) })}\n`);
}

void probe();

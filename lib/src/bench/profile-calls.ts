/**
 * Run as its own process by the client benchmark, under `node --cpu-prof`: many word_count
 * calls through StdioClient (no trace) against the teaching server, so the profile shows where
 * a call's time goes on the client's side of the pipe.
 */
import { StdioClient } from "../client/stdio-client.js";
import { teachingServerCommand } from "../client/teaching-server.js";

async function profile(calls: number): Promise<void> {
  const client = new StdioClient(teachingServerCommand(), { allowed: ["word_count"] });
  try {
    await client.initialize();
    await client.listTools();
    for (let i = 0; i < calls; i += 1) await client.callTool("word_count", { text: "vanilla stock needs review" });
  } finally {
    await client.close();
  }
}

void profile(Number(process.argv[2] ?? "20000"));

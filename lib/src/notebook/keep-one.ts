import type { ExitStatus, StdioClient } from "../client/stdio-client.js";

/** Clients kept by a notebook, one per slot; the module lives as long as the kernel. */
const kept = new Map<string, StdioClient>();

/**
 * Keeps `client` as the only one in `slot`, closing the one kept there before (and waiting for
 * its server to end). A notebook cell that starts a server with it can be run again and again
 * without leaving an earlier server running. Returns `client`.
 */
export async function keepOne(slot: string, client: StdioClient): Promise<StdioClient> {
  const earlier = kept.get(slot);
  kept.set(slot, client);
  if (earlier !== undefined && earlier !== client) await earlier.close();
  return client;
}

/** Closes every kept client (end of a notebook, or a test's clean-up); returns their exit statuses by slot. */
export async function closeKept(): Promise<Record<string, ExitStatus>> {
  const statuses: Record<string, ExitStatus> = {};
  for (const [slot, client] of [...kept]) {
    kept.delete(slot);
    statuses[slot] = await client.close();
  }
  return statuses;
}

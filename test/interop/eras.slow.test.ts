// Complete tier only: runs the official SDK's client against the teaching server in every era, a process per cell of the matrix.
/**
 * The era interop matrix (era-matrix.ts), run as it is: the official v2 SDK client
 * (@modelcontextprotocol/client 2.4.0, pinned) against the teaching server in each --protocol,
 * and our client against a v2 serveStdio server (@modelcontextprotocol/server 2.4.0).
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { TEACHING_SERVER } from "../../lib/src/client/teaching-server.js";
import { WorkbookError } from "../../lib/src/errors/workbook-error.js";
import type { ClientProtocol } from "../../lib/src/protocol/eras.js";
import { ERA_MATRIX, type EraCell } from "./era-matrix.js";
import { START_TIMEOUT_MS } from "./real-peers.js";

const V2_SERVER = path.join(__dirname, "fixtures/v2-server.mjs");
const scratch = mkdtempSync(path.join(tmpdir(), "era-matrix-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Measured {
  readonly era?: string | undefined;
  readonly text?: string | undefined;
  readonly failure?: string;
  readonly processes?: number;
}

let cellCount = 0;

async function v2Client(cell: EraCell): Promise<Measured> {
  const protocol = cell.server.replace("teaching ", "");
  cellCount += 1;
  const record = path.join(scratch, `record-${cellCount}.jsonl`);
  const mode = cell.client === "v2 legacy" ? "legacy" : cell.client === "v2 auto" ? "auto" : { pin: "2026-07-28" };
  const client = new Client({ name: "era-matrix", version: "1" }, { versionNegotiation: { mode } });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [TEACHING_SERVER, "--protocol", protocol, "--record", record],
    stderr: "ignore",
  });
  const processes = (): number =>
    existsSync(record)
      ? readFileSync(record, "utf8")
          .split("\n")
          .filter((line) => line.includes('"start"')).length
      : 0;
  try {
    await client.connect(transport);
    const result = await client.callTool({ name: "word_count", arguments: { text: "vanilla stock needs review" } });
    const text = (result.content as Array<{ text?: string }>)[0]?.text;
    return { era: client.getNegotiatedProtocolVersion(), text, processes: processes() };
  } catch (error) {
    const shown = error as { code?: unknown; message?: string };
    return { failure: `${String(shown.code)} ${shown.message ?? ""}`, processes: processes() };
  } finally {
    await client.close();
  }
}

async function ourClient(cell: EraCell): Promise<Measured> {
  const protocol = cell.client.replace("ours ", "") as ClientProtocol;
  const args = cell.server.endsWith("reject") ? [V2_SERVER, "reject"] : [V2_SERVER];
  const client = new StdioClient([process.execPath, ...args], {
    allowed: ["word_count"],
    protocol,
    timeoutMs: START_TIMEOUT_MS, // a v2 server takes seconds to start on a busy two-core machine
  });
  try {
    const server = await client.initialize();
    await client.listTools();
    return {
      era: server.protocolVersion,
      text: await client.callTool("word_count", { text: "vanilla stock needs review" }),
    };
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    return { failure: `${error.name} ${error.reason} ${error.message}` };
  } finally {
    await client.close();
  }
}

describe("the era interop matrix, one table (era-matrix.ts)", () => {
  it.concurrent.each(ERA_MATRIX.map((cell) => [`${cell.client} against ${cell.server}`, cell] as const))(
    "%s",
    async (_name, cell) => {
      const measured = cell.client.startsWith("v2") ? await v2Client(cell) : await ourClient(cell);
      if ("era" in cell.expect) {
        expect(measured).toMatchObject({ era: cell.expect.era, text: "4" });
      } else {
        expect(measured.failure).toContain(cell.expect.fails);
        expect(measured.failure).toContain(cell.expect.says);
      }
      if (cell.processes !== undefined) expect(measured.processes).toBe(cell.processes);
      console.log(`era matrix: ${cell.client} | ${cell.server} | ${JSON.stringify(measured)}`);
    },
    60_000,
  );
});

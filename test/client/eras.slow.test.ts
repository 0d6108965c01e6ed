// Complete tier only: runs the client against the teaching server in each protocol era and the dual-era probe.
/**
 * The client's `protocol` option: the chapter's 2025-06-18 (default), 2026-07-28 pinned, and the
 * spec's dual-era probe ("auto", basic/transports/stdio.mdx, Backward Compatibility). The rule is
 * judged as a property (judgeProbe); a few real processes show the client following it.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { TEACHING_SERVER } from "../../lib/src/client/teaching-server.js";
import { DeadlineError } from "../../lib/src/errors/deadline-error.js";
import { ProtocolError } from "../../lib/src/errors/protocol-error.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { MODERN_ERROR_CODES, judgeProbe, type ClientProtocol } from "../../lib/src/protocol/eras.js";

const MODERN = "2026-07-28";
const LEGACY_SERVER = path.resolve(__dirname, "../fixtures/servers/legacy-era-server.mjs");
const scratch = mkdtempSync(path.join(tmpdir(), "client-eras-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const goodDiscover = {
  resultType: "complete",
  supportedVersions: [MODERN],
  capabilities: { tools: {} },
  ttlMs: 0,
  cacheScope: "public",
};

describe("judgeProbe: the spec's three outcomes", () => {
  it("falls back on every error that is not a recognized modern one, whatever its code", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -40000, max: 40000 }).filter((code) => !MODERN_ERROR_CODES.has(code)),
        fc.anything(),
        (code, data) => {
          expect(judgeProbe({ kind: "error", code, data })).toEqual({ next: "initialize" });
        },
      ),
    );
    expect(judgeProbe({ kind: "no-answer" })).toEqual({ next: "initialize" });
  });

  it("never falls back after a modern error, and names the versions -32022 lists", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MODERN_ERROR_CODES.keys()),
        fc.array(fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/u), { maxLength: 3 }),
        (code, supported) => {
          const verdict = judgeProbe({ kind: "error", code, data: { supported, requested: MODERN } });
          expect(verdict.next).toBe("refuse");
          if (verdict.next !== "refuse") return;
          expect(verdict.error).toBeInstanceOf(ProtocolError);
          expect(verdict.error.reason).toBe("version");
          if (code === -32022) for (const version of supported) expect(verdict.error.message).toContain(version);
        },
      ),
    );
  });

  it("takes a result as a modern server only when it lists 2026-07-28 and offers tools", () => {
    expect(judgeProbe({ kind: "result", result: goodDiscover })).toMatchObject({
      next: "modern",
      server: { protocolVersion: MODERN, capabilities: { tools: {} } },
    });
    expect(
      judgeProbe({ kind: "result", result: { ...goodDiscover, supportedVersions: ["2027-01-01"] } }),
    ).toMatchObject({ next: "refuse", error: { reason: "version" } });
    expect(judgeProbe({ kind: "result", result: { ...goodDiscover, capabilities: {} } })).toMatchObject({
      next: "refuse",
      error: { reason: "capabilities" },
    });
  });
});

async function session(
  command: string[],
  protocol: ClientProtocol,
  timeoutMs = 5000,
): Promise<{ text?: string; era?: string; error?: unknown }> {
  const client = new StdioClient(command, { allowed: ["word_count"], protocol, timeoutMs });
  try {
    const server = await client.initialize();
    await client.listTools();
    return {
      text: await client.callTool("word_count", { text: "vanilla stock needs review" }),
      era: server.protocolVersion,
    };
  } catch (error) {
    return { error };
  } finally {
    await client.close();
  }
}

describe.concurrent("our client against the teaching server in each --protocol", () => {
  // [server --protocol, client protocol, the era spoken, or the refusal's reason]
  const cells: Array<[string, ClientProtocol, string]> = [
    ["2025-06-18", "2025-06-18", "2025-06-18"],
    ["2025-06-18", MODERN, "version"],
    ["2025-06-18", "auto", "2025-06-18"],
    [MODERN, "2025-06-18", "version"],
    [MODERN, MODERN, MODERN],
    [MODERN, "auto", MODERN],
    ["both", "2025-06-18", "2025-06-18"],
    ["both", MODERN, MODERN],
    ["both", "auto", MODERN],
  ];
  it.each(cells)("server %s, client %s: %s", async (serverProtocol, protocol, expected) => {
    const record = path.join(scratch, `record-${serverProtocol}-${protocol}.jsonl`);
    const outcome = await session(
      [process.execPath, TEACHING_SERVER, "--protocol", serverProtocol, "--record", record],
      protocol,
    );
    if (expected === "version") {
      expect(outcome.error).toBeInstanceOf(ProtocolError);
      expect((outcome.error as ProtocolError).reason).toBe("version");
      // The refusal names what the server does speak, or what it does not.
      expect((outcome.error as ProtocolError).message).toContain(MODERN);
      return;
    }
    expect(outcome).toEqual({ text: "4", era: expected });
    const eras = readFileSync(record, "utf8")
      .split("\n")
      .filter((line) => line.includes('"message"'))
      .map(
        (line) =>
          (JSON.parse(line) as { method: string; era: string }).method +
          " " +
          (JSON.parse(line) as { era: string }).era,
      );
    // In the modern era every request carries its _meta (the dual-era server reads the era off it).
    if (expected === MODERN && serverProtocol === "both")
      expect(eras).toEqual([`server/discover ${MODERN}`, `tools/list ${MODERN}`, `tools/call ${MODERN}`]);
  });
});

describe.concurrent("the probe against legacy servers that answer it their own way", () => {
  it.each(["-32601", "-32602", "-32600"])("falls back to the handshake after %s", async (code) => {
    expect(await session([process.execPath, LEGACY_SERVER, "--unknown", code], "auto")).toEqual({
      text: "4",
      era: "2025-06-18",
    });
  });

  it("falls back after half the deadline when the server never answers the probe; pinned, it waits out the deadline", async () => {
    const [auto, pinned] = await Promise.all([
      session([process.execPath, LEGACY_SERVER], "auto", 2000),
      session([process.execPath, LEGACY_SERVER], MODERN, 2000),
    ]);
    expect(auto).toEqual({ text: "4", era: "2025-06-18" });
    expect(pinned.error).toBeInstanceOf(DeadlineError);
  });

  it("refuses a legacy server when pinned to 2026-07-28, naming the era it lacks", async () => {
    const outcome = await session([process.execPath, LEGACY_SERVER, "--unknown", "-32601"], MODERN);
    expect(outcome.error).toMatchObject({ reason: "version" });
    expect((outcome.error as Error).message).toMatch(/does not speak 2026-07-28.*-32601/u);
  });
});

describe.concurrent("a slow start: the first operation's deadline names its remedy", () => {
  it("a server reading nothing for 6 s fails the 5 s default, saying --timeout-ms and timeoutMs; 10 s is enough", async () => {
    const slow = [process.execPath, LEGACY_SERVER, "--first-read-delay-ms", "6000"];
    const [byDefault, patient] = await Promise.all([session(slow, "2025-06-18"), session(slow, "2025-06-18", 10_000)]);
    expect(byDefault.error).toBeInstanceOf(DeadlineError);
    const message = (byDefault.error as Error).message;
    expect(message).toMatch(/^initialize did not finish within its deadline/u);
    expect(message).toContain("--timeout-ms");
    expect(message).toContain("timeoutMs");
    expect(message).toContain("npx");
    expect(patient).toEqual({ text: "4", era: "2025-06-18" });
  }, 20_000);

  it("says the remedy only for the first operation: a later one is not a slow start", async () => {
    const client = new StdioClient([process.execPath, TEACHING_SERVER, "--mode", "hang"], {
      allowed: ["word_count"],
      // Room for a node process to start on a busy machine: only the hung call is meant to run out.
      timeoutMs: 3000,
    });
    try {
      await client.initialize();
      await client.listTools();
      const error = await client.callTool("word_count", { text: "a" }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DeadlineError);
      expect((error as Error).message).not.toContain("--timeout-ms");
    } finally {
      await client.close();
    }
  });
});

describe("the protocol option", () => {
  it("refuses anything but the three, as a UsageError naming them", () => {
    for (const protocol of ["2025-11-25", "modern", "", 2026])
      expect(() => new StdioClient(["node"], { protocol: protocol as ClientProtocol })).toThrow(UsageError);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { groupIsEmpty, processGroupMembers } from "../../lib/src/client/process-group.js";
import { freshLog, teachingServerCommand } from "../support/teaching-server.js";

const open: StdioClient[] = [];
function client(mode: string, options: ConstructorParameters<typeof StdioClient>[1] = {}, log?: string): StdioClient {
  const made = new StdioClient(teachingServerCommand(mode, log), {
    allowed: ["word_count"],
    timeoutMs: 2000,
    ...options,
  });
  open.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((made) => made.close()));
});

async function outcome(made: StdioClient): Promise<string> {
  try {
    await made.initialize();
    await made.listTools();
    return `result ${await made.callTool("word_count", { text: "one two three" })}`;
  } catch (error) {
    return `${(error as Error).name}/${(error as { reason?: string }).reason}: ${(error as Error).message}`;
  }
}

describe("StdioClient against the teaching server", () => {
  it("does the handshake, lists, calls the allowed tool and refuses the purchase before sending it", async () => {
    const log = freshLog();
    const made = client("normal", {}, log.path);
    const hello = await made.initialize();
    expect(hello.protocolVersion).toBe("2025-06-18");
    const tools = await made.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["word_count", "place_purchase"]);
    expect(made.allowedTools().map((tool) => tool.name)).toEqual(["word_count"]);
    expect(await made.callTool("word_count", { text: "vanilla stock needs review" })).toBe("4");
    await expect(made.callTool("place_purchase", { flavor: "vanilla", tubs: 100 })).rejects.toMatchObject({
      code: "refused",
      reason: "not-allowed",
      message: expect.stringContaining('"place_purchase" is not allowed by this application'),
    });
    expect(await made.close()).toBe(0);
    expect(log.calls().map((call) => call.name)).toEqual(["word_count"]);
  });

  it("negative control: when the application allows the purchase, the server's log records it", async () => {
    const log = freshLog();
    const made = client("normal", { allowed: ["word_count", "place_purchase"] }, log.path);
    await made.initialize();
    await made.listTools();
    await made.callTool("place_purchase", { flavor: "vanilla", tubs: 100 });
    await made.close();
    expect(log.calls().map((call) => call.name)).toEqual(["place_purchase"]);
  });

  it.each([
    ["old-version", "ProtocolError/version"],
    ["wrong-id", "ProtocolError/wrong-id"],
    ["stale", "ProtocolError/wrong-id"],
    ["oversized", "ProtocolError/frame-limit"],
    ["stdout-log", "ProtocolError/malformed-frame"],
    ["hang", "DeadlineError/deadline"],
    ["trickle", "DeadlineError/deadline"],
    ["chatty", "ProtocolError/too-many-messages"],
  ])("mode %s ends without a result (%s)", async (mode, expected) => {
    const made = client(mode, { timeoutMs: 1000 });
    const started = Date.now();
    const seen = await outcome(made);
    expect(seen.startsWith(`${expected}:`), seen).toBe(true);
    expect(Date.now() - started).toBeLessThan(1900);
  });

  it.each(["stderr-log", "notify", "ping", "grandchild"])("mode %s answers 3", async (mode) => {
    expect(await outcome(client(mode, { timeoutMs: 2000 }))).toBe("result 3");
  });

  it("closing ends the whole process group, grandchild that ignores SIGTERM included", async () => {
    const made = client("grandchild");
    await made.initialize();
    const pgid = made.pid!;
    const before = processGroupMembers(pgid) ?? [];
    expect(before.length).toBeGreaterThanOrEqual(2);
    await made.close();
    expect(groupIsEmpty(pgid)).toBe(true);
    for (const pid of before) expect(processGroupMembers(pgid)).not.toContain(pid);
  });

  it("a hung server is ended by close() with a signal", async () => {
    const made = client("hang", { timeoutMs: 300, graceMs: 100 });
    await expect(outcome(made)).resolves.toMatch(/^DeadlineError/);
    const status = await made.close();
    expect(status === 0 || status === "SIGTERM").toBe(true);
    expect(groupIsEmpty(made.pid!)).toBe(true);
  });
});

import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { teachingServerCommand } from "../support/teaching-server.js";

const delayServer = [process.execPath, path.join(__dirname, "../fixtures/servers/delay-server.mjs")];
const open: StdioClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((made) => made.close()));
});
async function ready(command: string[], options: ConstructorParameters<typeof StdioClient>[1]): Promise<StdioClient> {
  const made = new StdioClient(command, options);
  open.push(made);
  await made.initialize();
  await made.listTools();
  return made;
}

describe("two requests in flight", () => {
  it("binds each reply to its own request when the server answers in reverse order", async () => {
    const made = await ready(teachingServerCommand("reverse"), { allowed: ["word_count"], timeoutMs: 3000 });
    const outcomes = await made.callTools([
      { name: "word_count", arguments: { text: "one" } },
      { name: "word_count", arguments: { text: "one two three" } },
    ]);
    expect(outcomes).toEqual([
      { name: "word_count", ok: true, text: "1" },
      { name: "word_count", ok: true, text: "3" },
    ]);
    expect(made.inFlight).toEqual([]);
  });

  it("never sends a refused call of a batch, and still answers the others", async () => {
    const made = await ready(teachingServerCommand("normal"), { allowed: ["word_count"] });
    const [refused, counted] = await made.callTools([
      { name: "place_purchase", arguments: { flavor: "vanilla", tubs: 100 } },
      { name: "word_count", arguments: { text: "a b" } },
    ]);
    expect(refused).toMatchObject({ ok: false, error: { reason: "not-allowed" } });
    expect(counted).toEqual({ name: "word_count", ok: true, text: "2" });
  });

  it("drops and counts a reply that arrives after its request's deadline; the next call gets its own", async () => {
    // A deadline long enough for a node server to start on a busy machine; the reply comes 500 ms after it.
    const made = await ready(delayServer, { allowed: ["echo"], timeoutMs: 1500 });
    await expect(made.callTool("echo", { text: "slow", delayMs: 2000 })).rejects.toMatchObject({ code: "deadline" });
    await new Promise((resolve) => setTimeout(resolve, 900)); // the slow reply is now in the pipe
    expect(await made.callTool("echo", { text: "fast" })).toBe("fast");
    expect(made.lateReplies).toBe(1);
  });

  it("refuses a duplicate reply", async () => {
    const made = await ready(delayServer, { allowed: ["echo"], timeoutMs: 1000 });
    expect(await made.callTool("echo", { text: "once", twice: true })).toBe("once");
    await expect(made.callTool("echo", { text: "next", delayMs: 100 })).rejects.toThrow(
      /response id 3 does not answer request 4 \(that request was already answered\)/,
    );
  });

  it("refuses a reply to an id never sent", async () => {
    const made = await ready(delayServer, { allowed: ["echo"], timeoutMs: 1000 });
    await expect(made.callTool("echo", { text: "x", replyId: 99 })).rejects.toThrow(
      /response id 99 does not answer request 3/,
    );
  });
});

describe("a paginated list", () => {
  it("is refused by default", async () => {
    const made = new StdioClient(teachingServerCommand("paged"), { allowed: ["word_count"] });
    open.push(made);
    await made.initialize();
    await expect(made.listTools()).rejects.toThrow(/tool list is paginated/);
  });

  it("is followed page by page when maxPages allows", async () => {
    const made = await ready(teachingServerCommand("paged"), { allowed: ["word_count"], maxPages: 5 });
    expect(made.allowedTools().map((tool) => tool.name)).toEqual(["word_count"]);
    expect(await made.callTool("word_count", { text: "a b c d" })).toBe("4");
  });

  it("refuses more tools than maxTools across pages", async () => {
    const made = new StdioClient(teachingServerCommand("paged"), { maxPages: 5, maxTools: 5 });
    open.push(made);
    await made.initialize();
    await expect(made.listTools()).rejects.toThrow(/server advertises 6 tools; expected at most 5/);
  });

  it("refuses an endless chain of cursors in bounded time", async () => {
    const made = new StdioClient(teachingServerCommand("endless-cursor"), { maxPages: 10 });
    open.push(made);
    await made.initialize();
    const started = Date.now();
    await expect(made.listTools()).rejects.toThrow(/tool list goes on past 10 pages/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("refuses a repeated cursor", async () => {
    const made = new StdioClient(teachingServerCommand("repeat-cursor"), { maxPages: 10 });
    open.push(made);
    await made.initialize();
    await expect(made.listTools()).rejects.toThrow(/the server repeated the cursor "again"/);
  });
});

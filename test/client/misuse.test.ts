import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { ClosedError } from "../../lib/src/errors/closed-error.js";
import { ProtocolError } from "../../lib/src/errors/protocol-error.js";
import { RefusedError } from "../../lib/src/errors/refused-error.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { WorkbookError } from "../../lib/src/errors/workbook-error.js";
import { freshLog, teachingServerCommand } from "../support/teaching-server.js";

// The client misused as a learner or a program might: every mistake is a typed error that says
// what was expected, and one refused before sending leaves the client usable.

const recorder = path.join(__dirname, "../fixtures/servers/recording-server.mjs");
const delay = path.join(__dirname, "../fixtures/servers/delay-server.mjs");
const open: StdioClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((made) => made.close()));
});
function track(made: StdioClient): StdioClient {
  open.push(made);
  return made;
}
async function ready(made: StdioClient): Promise<StdioClient> {
  await made.initialize();
  await made.listTools();
  return made;
}
function thrown(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("arguments the client cannot send", () => {
  const circular: Record<string, unknown> = { text: "a" };
  circular["self"] = circular;
  it.each([
    ["NaN", { text: "a", n: Number.NaN }],
    ["a bigint", { text: "a", n: 10n }],
    ["a circular object", circular],
    ["a function", { text: "a", f: () => 1 }],
    ["a text over the 64 KiB frame limit", { text: "x".repeat(70_000) }],
  ])("refuses %s with UsageError, sends nothing, and the next good call works", async (_label, args) => {
    const log = freshLog();
    const made = await ready(
      track(new StdioClient(teachingServerCommand("normal", log.path), { allowed: ["word_count"] })),
    );
    const refused = await made.callTool("word_count", args).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused).not.toBeInstanceOf(ProtocolError);
    expect((refused as Error).message).toMatch(/^tools\/call not sent: /);
    expect(await made.callTool("word_count", { text: "still works" })).toBe("2");
    expect(log.calls().map((call) => call.arguments)).toEqual([{ text: "still works" }]);
    expect(made.inFlight).toEqual([]);
  });

  it("takes no id for a refused message: the next request's id follows on", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "mcp-rec-")), "stdin.jsonl");
    const made = await ready(track(new StdioClient([process.execPath, recorder, file], { allowed: ["env"] })));
    await expect(made.callTool("env", { n: Number.NaN })).rejects.toBeInstanceOf(UsageError);
    await made.callTool("env", {});
    const ids = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { id?: number }).id);
    expect(ids).toEqual([1, undefined, 2, 3]);
  });

  it("refuses a batch holding one unencodable call before any call of it is sent", async () => {
    const log = freshLog();
    const made = await ready(
      track(new StdioClient(teachingServerCommand("normal", log.path), { allowed: ["word_count"] })),
    );
    await expect(
      made.callTools([
        { name: "word_count", arguments: { text: "a" } },
        { name: "word_count", arguments: { text: "b", n: 1n } },
      ]),
    ).rejects.toMatchObject({
      code: "usage",
      message: expect.stringMatching(/^call 2 of 2 \(tools\/call\) not sent/),
    });
    expect(log.calls()).toEqual([]);
    expect(await made.callTool("word_count", { text: "a b" })).toBe("2");
  });
});

describe("operations out of turn", () => {
  it("refuses a second initialize with already-initialized, and the client goes on", async () => {
    const made = track(new StdioClient(teachingServerCommand(), { allowed: ["word_count"] }));
    await made.initialize();
    await expect(made.initialize()).rejects.toMatchObject({ code: "refused", reason: "already-initialized" });
    await made.listTools();
    expect(await made.callTool("word_count", { text: "a b c" })).toBe("3");
  });

  it("refuses a second operation while one is in flight with busy, and the first still completes", async () => {
    const made = await ready(track(new StdioClient([process.execPath, delay], { allowed: ["echo"] })));
    const first = made.callTool("echo", { text: "first", delayMs: 150 });
    await expect(made.callTool("echo", { text: "second" })).rejects.toMatchObject({ code: "refused", reason: "busy" });
    await expect(made.listTools()).rejects.toMatchObject({ reason: "busy" });
    expect(await first).toBe("first");
    expect(await made.callTool("echo", { text: "third" })).toBe("third");
  });

  it("refuses an initialize while the first is still in flight with busy", async () => {
    const made = track(new StdioClient(teachingServerCommand(), { allowed: ["word_count"] }));
    const first = made.initialize();
    await expect(made.initialize()).rejects.toMatchObject({ reason: "busy" });
    await expect(first).resolves.toMatchObject({ protocolVersion: "2025-06-18" });
  });

  it("still refuses listTools before the handshake with not-initialized", async () => {
    const made = track(new StdioClient(teachingServerCommand()));
    await expect(made.listTools()).rejects.toMatchObject({ reason: "not-initialized" });
  });
});

describe("a server that cannot start", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "mcp-spawn-"));
  const notExecutable = path.join(folder, "server.sh");
  writeFileSync(notExecutable, "#!/bin/sh\nexit 0\n");
  chmodSync(notExecutable, 0o644);
  it.each([
    ["a missing program", [path.join(folder, "no-such-server")], {}, /ENOENT \(no such file\)/],
    ["a file that is not executable", [notExecutable], {}, /EACCES/],
    [
      "a missing working directory",
      [process.execPath, "-e", "0"],
      { cwd: path.join(folder, "gone") },
      /working directory ".*gone" does not exist/,
    ],
  ])(
    "reports %s as ClosedError spawn-failed from the first operation, and again after",
    async (_label, command, options, wording) => {
      const made = track(new StdioClient(command, options));
      const first = await made.initialize().catch((error: unknown) => error);
      expect(first).toBeInstanceOf(ClosedError);
      expect(first).toMatchObject({ reason: "spawn-failed", message: expect.stringMatching(wording) });
      expect((first as Error).message).not.toMatch(/frame was being written/);
      await expect(made.initialize()).rejects.toMatchObject({ reason: "spawn-failed" });
      await expect(made.listTools()).rejects.toMatchObject({ reason: "spawn-failed" });
      expect(await made.close()).toBeNull();
    },
  );
});

describe("bad options", () => {
  const server = teachingServerCommand();
  it.each<[string, () => unknown, RegExp]>([
    [
      "allowed as a string",
      () => new StdioClient(server, { allowed: "word_count" as unknown as string[] }),
      /expected an array of tool names, such as \["word_count"\]/,
    ],
    [
      "allowed as a number",
      () => new StdioClient(server, { allowed: 5 as unknown as string[] }),
      /allowlist is not a collection of names; expected an array or Set/,
    ],
    ["allowed holding an empty name", () => new StdioClient(server, { allowed: [""] }), /allowlist holds a non-name/],
    [
      "options: null",
      () => new StdioClient(server, null as unknown as object),
      /client options are not an object; expected an object of options .*received null/,
    ],
    ["options as an array", () => new StdioClient(server, [] as unknown as object), /client options are not an object/],
    [
      "an unknown option (a typo)",
      () => new StdioClient(server, { timeout: 100 } as unknown as object),
      /unknown client option "timeout"; expected only allowed, timeoutMs/,
    ],
    ["a NUL byte in argv", () => new StdioClient([process.execPath, "a\0b"]), /server command part 1 holds a NUL byte/],
    [
      "the command as a string",
      () => new StdioClient("node server.js" as unknown as string[]),
      /no server command; expected an explicit argv/,
    ],
    [
      "cwd: 5",
      () => new StdioClient(server, { cwd: 5 as unknown as string }),
      /working directory is not a path; expected a non-empty path string.*received 5/,
    ],
    ["a NUL byte in cwd", () => new StdioClient(server, { cwd: "/tmp\0x" }), /working directory is not a path/],
    [
      "env: null",
      () => new StdioClient(server, { env: null as unknown as Record<string, string> }),
      /env is not an object/,
    ],
    [
      "an env value that is a number",
      () => new StdioClient(server, { env: { PORT: 5 as unknown as string } }),
      /env variable "PORT" cannot be passed; expected .*string value.*received 5/,
    ],
    [
      "an env name holding =",
      () => new StdioClient(server, { env: { "A=B": "c" } }),
      /env variable "A=B" cannot be passed/,
    ],
    [
      "timeoutMs 0",
      () => new StdioClient(server, { timeoutMs: 0 }),
      /timeout out of range; expected a number of ms in \(0, 60000\]; received 0/,
    ],
    ["timeoutMs 60001", () => new StdioClient(server, { timeoutMs: 60_001 }), /received 60001/],
    [
      "timeoutMs as a string",
      () => new StdioClient(server, { timeoutMs: "100" as unknown as number }),
      /timeout out of range.*received "100"/,
    ],
    [
      "graceMs as a string",
      () => new StdioClient(server, { graceMs: "5" as unknown as number }),
      /graceMs out of range/,
    ],
    ["frameLimit 100", () => new StdioClient(server, { frameLimit: 100 }), /frame limit out of range/],
    ["maxPages 0", () => new StdioClient(server, { maxPages: 0 }), /maxPages out of range/],
  ])("refuses %s with a UsageError saying what was expected", (_label, make, wording) => {
    const refused = thrown(make);
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused).toBeInstanceOf(WorkbookError);
    expect((refused as Error).message).toMatch(wording);
    expect((refused as Error).message).toMatch(/expected /);
  });

  it("accepts a Set as the allowlist and an env value left undefined (as spawn does)", async () => {
    const made = track(
      new StdioClient(server, {
        allowed: new Set(["word_count"]),
        env: { PATH: process.env["PATH"] ?? "", UNSET: undefined as unknown as string },
      }),
    );
    await ready(made);
    expect(made.allowedTools().map((tool) => tool.name)).toEqual(["word_count"]);
  });

  it.each<[string, (made: StdioClient) => Promise<unknown>, RegExp]>([
    [
      "a tool name that is a bigint",
      (made) => made.callTool(10n as unknown as string),
      /the tool name is not a string; expected a tool name/,
    ],
    [
      "a tool name that is an object",
      (made) => made.callTool({ name: "word_count" } as unknown as string),
      /received an object/,
    ],
    [
      "callTools given one call, not an array",
      (made) => made.callTools({ name: "word_count" } as unknown as []),
      /callTools takes an array of calls/,
    ],
    [
      "callTools given null among the calls",
      (made) => made.callTools([null] as unknown as []),
      /an array holding a non-object/,
    ],
  ])("refuses %s with a UsageError, and the client goes on", async (_label, misuse, wording) => {
    const made = await ready(track(new StdioClient(server, { allowed: ["word_count"] })));
    const refused = await misuse(made).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toMatch(wording);
    expect(await made.callTool("word_count", { text: "a b" })).toBe("2");
  });

  it("keeps a refused call a RefusedError, not a UsageError: the decision is the application's", async () => {
    const made = await ready(track(new StdioClient(server, { allowed: ["word_count"] })));
    await expect(made.callTool("place_purchase", { flavor: "vanilla", tubs: 1 })).rejects.toBeInstanceOf(RefusedError);
  });
});

// Complete tier only: runs the mcp-workbook command line against teaching servers, a process per case.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { teachingServerCommand, freshLog } from "../support/teaching-server.js";

const CLI = path.join(__dirname, "../../lib/dist/cli/main.js");
const run = promisify(execFile);

/** Runs the built CLI; resolves with stdout, stderr and the exit code whatever it is. */
async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { timeout: 60_000 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

describe("mcp-workbook call", () => {
  it("--json prints exactly one line with the result, exit 0", async () => {
    const log = freshLog();
    const { stdout, code } = await cli(
      "call",
      "--json",
      "word_count",
      '{"text":"vanilla stock needs review"}',
      "--",
      ...teachingServerCommand("normal", log.path),
    );
    expect(code).toBe(0);
    expect(stdout).toBe('{"ok":true,"text":"4"}\n');
    expect(log.calls().map((call) => call.name)).toEqual(["word_count"]);
  });

  it("a call outside the allowlist is refused with exit 1 and never reaches the server", async () => {
    const log = freshLog();
    const { stdout, code } = await cli(
      "call",
      "--json",
      "--allow",
      "word_count",
      "place_purchase",
      '{"flavor":"vanilla","tubs":100}',
      "--",
      ...teachingServerCommand("normal", log.path),
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      ok: false,
      error: "RefusedError",
      code: "refused",
      message: '"place_purchase" is not allowed by this application; expected one of [word_count]',
    });
    expect(log.calls()).toEqual([]);
  });

  it("a failing server gives exit 1 and the error class and code", async () => {
    const { stdout, code } = await cli(
      "call",
      "--json",
      "--timeout-ms",
      "500",
      "word_count",
      '{"text":"a"}',
      "--",
      ...teachingServerCommand("hang"),
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: "DeadlineError", code: "deadline" });
    expect(stdout.trim().split("\n")).toHaveLength(1);
  });

  it.each([
    [["call", "--json", "word_count"], /TOOL and ARGS_JSON are required/],
    [["call", "--json", "word_count", "[1]"], /ARGS_JSON must be a JSON object/],
    [["call", "--json", "--timeout-ms", "0", "word_count", "{}"], /timeout out of range/],
    [["call", "--json", "word_count", "{}", "--"], /no server command after --/],
  ])("usage errors exit 2: %j", async (args, message) => {
    const { stdout, code } = await cli(...args);
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, code: "usage", message: expect.stringMatching(message) });
  });
});

describe("mcp-workbook call, misused", () => {
  it("arguments over the frame limit are the caller's usage error (exit 2), never sent", async () => {
    const log = freshLog();
    const { stdout, code } = await cli(
      "call",
      "--json",
      "word_count",
      JSON.stringify({ text: "x".repeat(70_000) }),
      "--",
      ...teachingServerCommand("normal", log.path),
    );
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: false,
      error: "UsageError",
      code: "usage",
      message: expect.stringMatching(/^tools\/call not sent: outgoing message of \d+ bytes is too large/),
    });
    expect(log.calls()).toEqual([]);
  });

  it("a server that cannot start names the system's error (exit 1)", async () => {
    const { stdout, code } = await cli("call", "--json", "word_count", "{}", "--", "/no/such/server");
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: false,
      error: "ClosedError",
      code: "closed",
      message: expect.stringMatching(/could not be started: ENOENT/),
    });
  });
});

describe("mcp-workbook demo", () => {
  it("demo hang shows a deadline, as expected, nothing left behind; piped, it has no colour and fits 100 columns", async () => {
    const { stdout, code } = await cli("demo", "hang");
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^hang +deadline +deadline +✓ as expected +\d+ +0\n {4}DeadlineError: tools\/call did not finish/m,
    );
    expect(stdout).toContain("\nthe 1 mode ended as expected\n");
    expect(stdout).not.toContain("\u001b[");
    expect(Math.max(...stdout.split("\n").map((line) => [...line].length))).toBeLessThanOrEqual(100);
  });

  it("demo wrong-id --trace shows the reply with id 4 arriving and refused, and the server's log", async () => {
    const { stdout, code } = await cli("demo", "wrong-id", "--trace");
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^tools\/call +[\d.]+ +client → server +sent +\d+\n {4}\{"jsonrpc":"2\.0","id":3,"method":"tools\/call"/m,
    );
    expect(stdout).toMatch(
      /^tools\/call +[\d.]+ +client ← server +refused +75\n {4}\{"jsonrpc":"2\.0","id":4,"result".*\n {4}ProtocolError \[wrong-id\]/m,
    );
    expect(stdout).toMatch(/^tools the server's log says ran: +word_count$/m);
    expect(stdout).toMatch(/^close +[\d.]+ +client ← server +exited +0\n {4}exit status 0$/m);
  });

  it("demo trickle --trace shows each byte held as it arrives until the one deadline ends the call", async () => {
    const { stdout, code } = await cli("demo", "trickle", "--trace");
    expect(code).toBe(0);
    // Each read held, adding to what the line holds: a read may carry more than one byte when this
    // process was slow to read (a busy machine), so the rows are counted by the bytes they add.
    const held = [
      ...stdout.matchAll(
        /^tools\/call +([\d.]+) +client ← server +held, no newline yet +(\d+)\n {4}.+\n {4}(\d+) bytes? of the line held$/gm,
      ),
    ].map((match) => ({ ms: Number(match[1]), read: Number(match[2]), holding: Number(match[3]) }));
    expect(held.length).toBeGreaterThanOrEqual(2);
    expect(held[0]!.holding).toBe(held[0]!.read);
    for (const [index, row] of held.entries()) {
      if (index === 0) continue;
      expect(row.holding).toBe(held[index - 1]!.holding + row.read);
      expect(row.ms).toBeGreaterThanOrEqual(held[index - 1]!.ms);
    }
    expect(held.at(-1)!.holding).toBeGreaterThanOrEqual(3); // a byte every 200 ms, for one second
    const end = /^tools\/call +([\d.]+) +client +deadline ended the operation +0\n {4}DeadlineError \[deadline\]/m.exec(
      stdout,
    );
    expect(Number(end?.[1])).toBeGreaterThanOrEqual(999);
    expect(stdout.indexOf("deadline ended the operation")).toBeGreaterThan(stdout.lastIndexOf("held, no newline yet"));
  });

  it("runs a mode the gallery shows that demo all leaves out, by name", async () => {
    const { stdout, code } = await cli("demo", "endless");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^endless +refused \(frame-limit\) +refused \(frame-limit\) +✓ as expected/m);
  });

  it("an unknown mode is a usage error", async () => {
    const { code, stderr } = await cli("demo", "nope");
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown mode "nope"/);
  });
});

describe("mcp-workbook serve", () => {
  it("is the teaching server on stdio", async () => {
    const { stdout, code } = await cli(
      "call",
      "--json",
      "word_count",
      '{"text":"a b"}',
      "--",
      process.execPath,
      CLI,
      "serve",
      "--mode",
      "notify",
    );
    expect(code).toBe(0);
    expect(stdout).toBe('{"ok":true,"text":"2"}\n');
  });
});

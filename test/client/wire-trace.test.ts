import { afterEach, describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { WireTrace, type TraceEntry } from "../../lib/src/client/wire-trace.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { teachingServerCommand } from "../support/teaching-server.js";

const open: StdioClient[] = [];
function traced(
  mode: string,
  trace: WireTrace,
  options: ConstructorParameters<typeof StdioClient>[1] = {},
  extra: string[] = [],
): StdioClient {
  const made = new StdioClient([...teachingServerCommand(mode), ...extra], {
    allowed: ["word_count"],
    timeoutMs: 2000,
    graceMs: 200,
    trace,
    ...options,
  });
  open.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((made) => made.close()));
});

async function session(made: StdioClient): Promise<void> {
  try {
    await made.initialize();
    await made.listTools();
    await made.callTool("word_count", { text: "one two three" });
  } catch {
    // the trace is what these tests read
  }
  await made.close();
}

const steps = (entries: readonly TraceEntry[]): string[] =>
  entries.map((entry) => `${entry.operation} ${entry.direction} ${entry.decision}`);

describe("WireTrace bounds", () => {
  it("keeps the first and the latest entries and counts those left out between", () => {
    const trace = new WireTrace({ maxEntries: 8, now: () => 0 });
    for (let index = 0; index < 100; index += 1) trace.wrote(Buffer.from(`frame ${index}\n`), "sent");
    const { entries, omitted, omittedAt } = trace.snapshot();
    expect(entries).toHaveLength(8);
    expect(omitted).toBe(92);
    expect(omittedAt).toBe(6);
    expect(entries.map((entry) => entry.preview)).toEqual([
      "frame 0",
      "frame 1",
      "frame 2",
      "frame 3",
      "frame 4",
      "frame 5",
      "frame 98",
      "frame 99",
    ]);
  });

  it("keeps at most previewBytes of a 10 MB line, as a fresh string, and its true size", () => {
    const trace = new WireTrace({ previewBytes: 40 });
    const line = Buffer.alloc(10 * 1024 * 1024, "a");
    trace.read(line, "refused");
    trace.held(line, line.length);
    for (const entry of trace.entries) {
      expect(entry.bytes).toBeGreaterThanOrEqual(10 * 1024 * 1024);
      expect(entry.preview).toBe(`${"a".repeat(40)}…`);
    }
  });

  it("times each entry from the start of its operation, and shows control bytes as dots", () => {
    let clock = 100;
    const trace = new WireTrace({ now: () => clock });
    trace.begin("tools/call");
    clock = 112.5;
    trace.read(Buffer.from("a\tb\u0000c"), "skipped notification");
    expect(trace.entries[0]).toEqual({
      operation: "tools/call",
      atMs: 12.5,
      direction: "in",
      bytes: 6,
      preview: "a·b·c",
      decision: "skipped notification",
      detail: "",
    });
  });

  it("records nothing while recording is off", () => {
    const trace = new WireTrace({ recording: false });
    trace.begin("x");
    trace.wrote(Buffer.from("{}\n"), "sent");
    trace.failed(new Error("x"));
    expect(trace.entries).toEqual([]);
    trace.recording = true;
    trace.wrote(Buffer.from("{}\n"), "sent");
    expect(trace.entries).toHaveLength(1);
  });

  it("refuses bounds out of range, and a trace that is not a WireTrace", () => {
    expect(() => new WireTrace({ maxEntries: 0 })).toThrow(UsageError);
    expect(() => new WireTrace({ previewBytes: -1 })).toThrow(UsageError);
    expect(() => new StdioClient(teachingServerCommand(), { trace: { entries: [] } as unknown as WireTrace })).toThrow(
      /trace is not a WireTrace/,
    );
  });
});

describe("a StdioClient with a trace, against the teaching server", () => {
  it("normal: every frame in and out, the answers accepted, then close's end of input and the exit", async () => {
    const trace = new WireTrace();
    await session(traced("normal", trace));
    expect(steps(trace.entries)).toEqual([
      "initialize out sent",
      "initialize in accepted as the answer",
      "notifications/initialized out sent",
      "tools/list out sent",
      "tools/list in accepted as the answer",
      "tools/call out sent",
      "tools/call in accepted as the answer",
      "close out input ended",
      "close in exited",
    ]);
    expect(trace.entries[5]!.preview).toMatch(/^\{"jsonrpc":"2.0","id":3,"method":"tools\/call"/);
    expect(trace.entries[6]).toMatchObject({ bytes: 75, detail: "request 3" });
    expect(trace.entries.at(-1)!.detail).toBe("exit status 0");
  });

  it("wrong-id: the reply with id 4 arrives and is refused, the frame shown", async () => {
    const trace = new WireTrace();
    await session(traced("wrong-id", trace));
    const refused = trace.entries.find((entry) => entry.decision === "refused")!;
    expect(refused).toMatchObject({ operation: "tools/call", direction: "in" });
    expect(refused.preview).toContain('"id":4');
    expect(refused.detail).toMatch(/^ProtocolError \[wrong-id\]: response id 4 does not answer request 3/);
    expect(trace.entries.filter((entry) => entry.decision === "refused")).toHaveLength(1);
  });

  it("trickle: each byte's arrival held, then the one deadline ends the call", async () => {
    const trace = new WireTrace();
    await session(traced("trickle", trace, { timeoutMs: 1500 }));
    const call = trace.entries.filter((entry) => entry.operation === "tools/call");
    const held = call.filter((entry) => entry.decision === "held, no newline yet");
    expect(held.length).toBeGreaterThanOrEqual(3);
    expect(held.every((entry) => entry.bytes === 1)).toBe(true);
    expect(held.map((entry) => entry.detail)).toEqual(
      held.map((_, index) => `${index + 1} ${index === 0 ? "byte" : "bytes"} of the line held`),
    );
    const end = call.at(-1)!;
    expect(end).toMatchObject({ direction: "local", decision: "deadline ended the operation" });
    expect(end.atMs).toBeGreaterThanOrEqual(690);
  });

  it("ping and notify: the ping answered, the notifications skipped", async () => {
    const ping = new WireTrace();
    await session(traced("ping", ping));
    expect(steps(ping.entries.filter((entry) => entry.operation === "tools/call"))).toEqual([
      "tools/call out sent",
      "tools/call in answered ping",
      "tools/call out sent",
      "tools/call in accepted as the answer",
    ]);
    expect(ping.entries.find((entry) => entry.detail === "answer to the server's ping")?.preview).toMatch(
      /"result":\{\}/,
    );
    const notify = new WireTrace();
    await session(traced("notify", notify));
    expect(notify.entries.filter((entry) => entry.decision === "skipped notification").length).toBeGreaterThanOrEqual(
      9,
    );
  });

  it("a call outside the allowlist is refused before a byte is sent", async () => {
    const trace = new WireTrace();
    const made = traced("normal", trace);
    await made.initialize();
    await made.listTools();
    const before = trace.entries.length;
    await expect(made.callTool("place_purchase", { flavor: "vanilla", tubs: 100 })).rejects.toThrow(/not allowed/);
    expect(trace.entries.slice(before)).toEqual([
      expect.objectContaining({
        operation: "tools/call place_purchase",
        direction: "local",
        bytes: 0,
        decision: "refused",
        detail: expect.stringContaining("RefusedError [not-allowed]"),
      }),
    ]);
  });

  it("grandchild: close() signals the group, SIGTERM then SIGKILL, and the trace says so", async () => {
    const trace = new WireTrace();
    await session(traced("grandchild", trace, { termGraceMs: 200 }));
    const closing = trace.entries.filter((entry) => entry.operation === "close");
    expect(closing.map((entry) => `${entry.decision} ${entry.detail.split(" ")[0]}`)).toEqual([
      "input ended ",
      "signal SIGTERM",
      "signal SIGKILL",
      "exited exit",
    ]);
  });

  it("a 10 MB line stays bounded in the trace: entries, previews, and the refusal at the frame limit kept", async () => {
    const trace = new WireTrace({ maxEntries: 32, previewBytes: 64 });
    await session(
      traced("endless", trace, { frameLimit: 8 * 1024 * 1024, timeoutMs: 10_000 }, [
        "--endless-bytes",
        String(10 * 1024 * 1024),
      ]),
    );
    const { entries, omitted } = trace.snapshot();
    expect(entries).toHaveLength(32);
    expect(omitted).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.preview.length <= 65)).toBe(true);
    const refusal = entries.find((entry) => entry.decision === "refused")!;
    expect(refusal.detail).toMatch(/^ProtocolError \[frame-limit\]/);
    const held = entries.filter((entry) => entry.decision === "held, no newline yet");
    expect(Number(held.at(-1)!.detail.split(" ")[0])).toBeGreaterThan(7 * 1024 * 1024);
  });

  it("an attached trace that is not recording records nothing, and the session is the same", async () => {
    const trace = new WireTrace({ recording: false });
    const made = traced("normal", trace);
    await made.initialize();
    await made.listTools();
    expect(await made.callTool("word_count", { text: "a b" })).toBe("2");
    await made.close();
    expect(trace.entries).toEqual([]);
  });
});

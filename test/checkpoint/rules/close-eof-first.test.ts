// close-eof-first judged on what the host and the server saw, without processes: the server's record
// and close()'s answer are scripted. close()'s value must name how the process it started really
// ended (the host saw it), and a signal is the client's fallback only once it gave a moment of grace.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { closeEofFirst, leaveWithinMoment } from "../../../lib/src/grading/checkpoint/rules/mode-rules.js";
import type { ProbeAnswer, RuleContext } from "../../../lib/src/grading/checkpoint/rules/types.js";

const dir = mkdtempSync(join(tmpdir(), "close-eof-first-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Ended = { code: number | null; signal: string | null };
interface Scene {
  /** The server's record after the handshake and discovery, in order. */
  readonly record: ReadonlyArray<Record<string, unknown>>;
  /** What close() returned. */
  readonly value: unknown;
  readonly graceMs?: number;
  readonly ended?: Ended;
}

const SESSION = ["initialize", "notifications/initialized", "tools/list"].map((method) => ({
  event: "message",
  method,
}));
const EOF = { event: "eof" };
const relayedTerm = (afterEofMs: number) => [
  { event: "relay-signal", signal: "SIGTERM", afterEofMs },
  { event: "signal", signal: "SIGTERM" },
];

let scenes = 0;
/** The rule's verdict on one scene: "" when it passes, else its failure message. */
async function verdict(scene: Scene): Promise<string> {
  const recordFile = join(dir, `record-${scenes++}.jsonl`);
  writeFileSync(recordFile, [...SESSION, ...scene.record].map((entry) => JSON.stringify(entry)).join("\n") + "\n");
  const closed: ProbeAnswer = {
    ok: true,
    value: scene.value as never,
    ...(scene.graceMs === undefined ? {} : { graceBeforeSignalMs: scene.graceMs }),
    ...(scene.ended === undefined ? {} : { inputEndedChildEnd: scene.ended }),
  };
  const context: RuleContext = {
    dir,
    seed: 0,
    server: () => ({
      command: ["server"],
      logFile: join(dir, "calls.jsonl"),
      recordFile,
      standing: () => "serving",
      settled: () => Promise.resolve(),
    }),
    ask: (request) =>
      Promise.resolve(
        request.op === "client.call" && request.method === "close"
          ? closed
          : { ok: true, value: request.op === "client.new" ? { handle: 1 } : null },
      ),
  };
  try {
    await closeEofFirst.body(context);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("close-eof-first", () => {
  it("passes a server that left on its own, with close() returning its status 0", async () => {
    expect(await verdict({ record: [EOF], value: 0, ended: { code: 0, signal: null } })).toBe("");
    // The host did not see the exit before close() returned: the server's record decides.
    expect(await verdict({ record: [EOF], value: 0 })).toBe("");
  });

  it("passes a grace that ran out before a busy machine let the relay pass on the server's exit (then SIGTERM and SIGKILL at once)", async () => {
    // Seen in a full run: the relay forwarded the end of input, was then kept from running, and the
    // client's SIGKILL (right after its SIGTERM, 600 ms of grace later) ended it before it ran again.
    for (const value of ["SIGKILL", -9])
      expect(await verdict({ record: [EOF], value, graceMs: 600, ended: { code: null, signal: "SIGKILL" } })).toBe("");
  });

  it("fails a close() whose value is not how the process ended", async () => {
    expect(await verdict({ record: [EOF], value: 0, graceMs: 600, ended: { code: null, signal: "SIGKILL" } })).toMatch(
      /close\(\)'s return value.*"SIGKILL" or -9/s,
    );
    const sigterm = { record: [EOF, ...relayedTerm(1000)], graceMs: 1000, ended: { code: null, signal: "SIGTERM" } };
    expect(await verdict({ ...sigterm, value: "SIGTERM" })).toBe("");
    expect(await verdict({ ...sigterm, value: 0 })).toMatch(/"SIGTERM" or -15/);
    expect(await verdict({ record: [EOF], value: "SIGTERM", ended: { code: 0, signal: null } })).toMatch(/expected 0/);
    // A shell's way of writing a signal (128 + its number) is not what a waiting parent returns.
    expect(await verdict({ ...sigterm, value: 143 })).toMatch(/"SIGTERM" or -15/);
  });

  it("fails a signal that came without a moment of grace, whatever the record shows", async () => {
    expect(
      await verdict({ record: [EOF], value: "SIGKILL", graceMs: 3, ended: { code: null, signal: "SIGKILL" } }),
    ).toMatch(/a signal once a moment had passed/);
    expect(
      await verdict({
        record: [EOF, ...relayedTerm(4)],
        value: "SIGTERM",
        graceMs: 4,
        ended: { code: null, signal: "SIGTERM" },
      }),
    ).toMatch(/at least 100 ms/);
    expect(await verdict({ record: relayedTerm(4).slice(1), value: "SIGTERM", graceMs: 0 })).toMatch(
      /end of input first/,
    );
  });

  it("accepts exactly the values that name how the process ended, once a grace was given (property)", async () => {
    const signals = ["SIGTERM", "SIGKILL", "SIGINT", "SIGHUP"] as const;
    const ends = fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((code): Ended => ({ code, signal: null })),
      fc.constantFrom(...signals).map((signal): Ended => ({ code: null, signal })),
    );
    const values = fc.oneof(
      fc.integer({ min: -20, max: 255 }),
      fc.constantFrom<unknown>(...signals, null, "0", "SIGKILL "),
    );
    await fc.assert(
      fc.asyncProperty(ends, values, async (ended, value) => {
        const names =
          ended.signal === null
            ? value === ended.code
            : value === ended.signal || value === -constants.signals[ended.signal as NodeJS.Signals];
        expect((await verdict({ record: [EOF], value, graceMs: 600, ended })) === "").toBe(names);
      }),
      { numRuns: 150 },
    );
  });
});

describe("the server close-eof-first closes", () => {
  it("takes a drawn time inside the moment to leave, 70 ms or more, so a grace of 70 ms or less meets it there", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const ms = leaveWithinMoment(seed);
        return Number.isInteger(ms) && ms >= 70 && ms < 100;
      }),
    );
    expect(new Set(Array.from({ length: 30 }, (_, seed) => leaveWithinMoment(seed))).size).toBe(30);
  });
});

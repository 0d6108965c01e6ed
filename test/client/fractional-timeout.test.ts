// A timeout with a fraction of a ms (the chapter's timeout is any number of seconds) reaches the
// code that makes a timer as whole ms, rounded up: the library's StdioClient, the scaffold around
// the build notebook's pieces (AssembledClient's context) and learner/'s given plumbing all round.
// The build notebook tells learners to write AbortSignal.timeout(context.timeoutMs), which throws
// a RangeError on 1500.5: a learner who followed that text must never lose a mark for it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as library from "../../lib/src/index.js";
import { resolveOptions, wholeMs, MAX_TIMEOUT_MS } from "../../lib/src/client/options.js";
import { AssembledClient } from "../../lib/src/assembly/assembled-client.js";
import { buildCells, evaluateBuildCells } from "../../lib/src/assembly/notebook-pieces.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { cellScope } from "../../lib/src/pieces/cell-scope.js";
import { StdioClient as LearnerClient } from "../../learner/src/client.js";

// learner/'s framing pieces filled in (as the library's), so its given plumbing can carry frames.
vi.mock("../../learner/src/framing.js", async () => {
  const { encodeFrame, FrameReader, parseFrame, ProtocolError, UsageError } = await import("mcp-workbook");
  return { encodeFrame, FrameReader, parseFrame, ProtocolError, UsageError };
});

const inRange = (ms: number): boolean => ms > 0 && ms <= MAX_TIMEOUT_MS;
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
});

describe("a fractional timeout", () => {
  it("is rounded up to a whole ms that AbortSignal.timeout takes, in range exactly when it was", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (ms) => {
        const whole = wholeMs(ms);
        expect(inRange(whole)).toBe(inRange(ms));
        if (!Number.isFinite(ms)) {
          expect(Object.is(whole, ms)).toBe(true);
          return;
        }
        expect(Number.isInteger(whole) && (whole === ms || (whole > ms && whole - 1 < ms))).toBe(true);
        if (inRange(whole)) expect(() => AbortSignal.timeout(whole)).not.toThrow();
      }),
    );
    for (const ms of [0.5, 1500.5, 59_999.01, MAX_TIMEOUT_MS])
      expect(resolveOptions(["node"], { timeoutMs: ms }).timeoutMs).toBe(Math.ceil(ms));
    // What is not a finite number passes through unchanged, so the range check still refuses it.
    for (const odd of ["1500.5", NaN, Infinity, undefined]) expect(wholeMs(odd)).toBe(odd);
  });

  it("lets the solved build notebook's pieces call and time out as given", async () => {
    const solved: unknown = JSON.parse(
      readFileSync(join(REPO_ROOT, "notebooks/solutions/ch14-part-b-build-solutions.ipynb"), "utf8"),
    );
    const { pieces } = evaluateBuildCells(buildCells(solved), cellScope());
    const client = (mode: string, timeoutMs: number): AssembledClient => {
      const made = new AssembledClient(() => pieces, library.teachingServerCommand(mode), {
        allowed: ["word_count"],
        timeoutMs,
      });
      closers.push(() => made.close());
      return made;
    };
    const normal = client("normal", 1500.5);
    expect(normal.context.timeoutMs).toBe(1501);
    await normal.initialize();
    expect(await normal.callTool("word_count", { text: "vanilla stock needs review" })).toBe("4");
    const hang = client("hang", 500.25);
    await hang.initialize();
    await expect(hang.callTool("word_count", { text: "a b" })).rejects.toMatchObject({
      name: "DeadlineError",
      reason: "deadline",
    });
  }, 30_000);

  it("reaches learner/'s StdioClient whole, so request() written as its comment says times out as given", async () => {
    // A learner's request() and initialize(), as learner/src/client.ts's comments tell them to.
    class Followed extends LearnerClient {
      override async initialize(): Promise<library.InitializeResult> {
        this.server = library.checkInitialize(
          await this.request("initialize", {
            protocolVersion: library.PROTOCOL_VERSION,
            capabilities: {},
            clientInfo: { name: "followed", version: "1" },
          }),
        );
        this.send(library.notificationMessage("notifications/initialized"));
        return this.server;
      }
      protected override async request(method: string, params: library.JsonObject): Promise<library.JsonObject> {
        const id = (this.lastId += 1);
        const deadline = AbortSignal.timeout(this.timeoutMs);
        this.send(library.requestMessage(id, method, params));
        for (;;) {
          const answer = library.answerFor(id, library.parseFrame(await this.nextFrame(deadline)));
          if (answer !== null) return answer;
        }
      }
      async hungCall(): Promise<unknown> {
        return this.request("tools/call", { name: "word_count", arguments: { text: "a b" } });
      }
    }
    const hang = new Followed(library.teachingServerCommand("hang"), { timeoutMs: 500.5 });
    closers.push(() => library.endProcessGroup(hang.pid!, 0));
    expect(hang.timeoutMs).toBe(501);
    await hang.initialize();
    // The deadline's own TimeoutError, not the RangeError AbortSignal.timeout(2000.5) would throw.
    await expect(hang.hungCall()).rejects.toMatchObject({ name: "TimeoutError" });
  }, 30_000);
});

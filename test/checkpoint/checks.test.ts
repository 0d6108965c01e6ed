// The six checks called directly against the library: each must pass, and each must be able to
// fail (broken implementations built here, in the test).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkEvidence, checkFailureModes, checkFramingAndIdentity, checkNegativeControl, checkSession, checkShutdown, runCheckpoint,
} from "../../lib/src/checkpoint/checks.js";
import { DEFAULT_EVIDENCE_DIR } from "../../lib/src/checkpoint/check-evidence.js";
import { REFERENCE_IMPLEMENTATION, type Implementation } from "../../lib/src/checkpoint/implementation.js";
import { answerFor as realAnswerFor } from "../../lib/src/protocol/messages.js";
import { ProtocolError } from "../../lib/src/protocol/errors/protocol-error.js";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { summarize } from "../../lib/src/experiment/summarize.js";
import { processGroupMembers } from "../../lib/src/client/process-group.js";

const lib = REFERENCE_IMPLEMENTATION;

describe("the six checks against the library", () => {
  it("all six print an ok line, in the chapter's order", async () => {
    const results = await runCheckpoint(lib);
    expect(results.map((result) => result.output.split(" ")[0])).toEqual(["ok", "ok", "ok", "ok", "ok", "ok"]);
    expect(results.map((result) => result.name)).toEqual([
      "framing and identity", "handshake, discovery and allowlist", "failure modes", "process-group shutdown", "negative control", "evidence recomputes",
    ]);
    expect(results[1]!.output).toContain("word_count only");
    expect(results[5]!.output).toMatch(/BM25 search rows rerun/u);
  }, 120_000);
});

describe("check 1 fails on the id traps", () => {
  it("a loose == answerFor fails with the trap named", async () => {
    const loose: Implementation = {
      ...lib,
      answerFor: (requestId, message) => {
        // The trap: == converts true and "1" to 1.
         
        if ("method" in message) return null;
        if ((message["id"] as unknown) != requestId) throw new ProtocolError("wrong-id", { what: "wrong id" });
        return message["result"] as Record<string, unknown>;
      },
    };
    const result = await checkFramingAndIdentity(loose);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^FAIL framing and identity: answerFor let id true answer request 1: JavaScript's == lets true answer/u);
  });

  it("a Number() answerFor fails on the string \"1\"", async () => {
    const numeric: Implementation = {
      ...lib,
      answerFor: (requestId, message) => {
        if ("method" in message) return null;
        if (typeof message["id"] === "boolean" || Number(message["id"]) !== requestId) throw new ProtocolError("wrong-id", { what: "wrong id" });
        return message["result"] as Record<string, unknown>;
      },
    };
    expect((await checkFramingAndIdentity(numeric)).output).toContain('answerFor let id "1" answer request 1');
  });

  it("a reader that decodes each chunk alone corrupts a split character", async () => {
    class ChunkDecodingReader {
      private text = "";
      feed(chunk: Uint8Array): Buffer[] {
        this.text += Buffer.from(chunk).toString("utf8"); // the trap: half a character becomes U+FFFD
        const lines = this.text.split("\n");
        this.text = lines.pop()!;
        return lines.map((line) => Buffer.from(line, "utf8"));
      }
    }
    const result = await checkFramingAndIdentity({ ...lib, FrameReader: ChunkDecodingReader });
    expect(result.output).toMatch(/^FAIL framing and identity: a read that ends inside ☕: frame 1 came back as .*decode a whole line/u);
  });

  it("a reader with an off-by-one limit is caught at the boundary", async () => {
    class StrictReader extends lib.FrameReader {
      constructor(limit = 65_536) {
        super(limit - 1);
      }
    }
    expect((await checkFramingAndIdentity({ ...lib, FrameReader: StrictReader })).output).toContain("a frame of exactly 65536 bytes (newline included) was refused");
  });

  it("the reference answerFor is what passes", async () => {
    expect((await checkFramingAndIdentity({ ...lib, answerFor: realAnswerFor })).ok).toBe(true);
  });
});

describe("process checks fail on broken clients, and leave nothing behind", () => {
  it("a client that calls anything (no allowlist) fails check 2 by the server's log", async () => {
    class Permissive extends StdioClient {
      constructor(command: readonly string[], options: ConstructorParameters<typeof StdioClient>[1] = {}) {
        super(command, { ...options, allowed: ["word_count", "place_purchase"] });
      }
      override allowedTools(): ReturnType<StdioClient["allowedTools"]> {
        return super.allowedTools().filter((tool) => tool.name === "word_count"); // looks right, is not
      }
    }
    const result = await checkSession({ ...lib, StdioClient: Permissive });
    expect(result.output).toMatch(/^FAIL handshake, discovery and allowlist: place_purchase was advertised but not allowed, and the client called it anyway/u);
  });

  it("a close() that only signals the server leaves the grandchild, and check 4 says so", async () => {
    const pids: number[] = [];
    class LeaderOnly extends StdioClient {
      override async close(): Promise<number | NodeJS.Signals | null> {
        if (this.pid !== undefined) {
          pids.push(this.pid);
          process.kill(this.pid, "SIGKILL"); // the trap: the leader, not the group
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
        return null;
      }
    }
    const result = await checkShutdown({ ...lib, StdioClient: LeaderOnly });
    expect(result.output).toMatch(/^FAIL process-group shutdown: after close\(\) 1 of the 2 processes of group \d+ still run/u);
    expect(processGroupMembers(pids[0]!)).toEqual([]); // the harness ended what the client left
  });

  it("a client whose reads never time out fails check 3 at its bound, naming hang", async () => {
    class NoDeadline extends StdioClient {
      constructor(command: readonly string[], options: ConstructorParameters<typeof StdioClient>[1] = {}) {
        super(command, { ...options, timeoutMs: 60_000 });
      }
    }
    const result = await checkFailureModes({ ...lib, StdioClient: NoDeadline });
    expect(result.output).toMatch(/^FAIL failure modes: 1 of 6 modes wrong; hang \(expected "deadline"\): the call gave no outcome within 8000 ms/u);
  }, 60_000);

  it("a stub that throws fails check 5 with the stub's message", async () => {
    class Stub extends StdioClient {
      override async initialize(): Promise<never> {
        throw new Error("not implemented: StdioClient.request — see notebooks/ch14-part-b");
      }
    }
    const result = await checkNegativeControl({ ...lib, StdioClient: Stub });
    expect(result.output).toBe("FAIL negative control: Error: not implemented: StdioClient.request — see notebooks/ch14-part-b");
  });

  it("a missing export fails the check that needs it", async () => {
    const { topTools: _, ...withoutSearch } = lib;
    const result = await checkEvidence(withoutSearch as unknown as Implementation);
    expect(result.output).toBe("FAIL evidence recomputes: the implementation does not export topTools");
  });
});

describe("check 6 fails on evidence that does not recompute", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const copyEvidence = (): string => {
    const dir = mkdtempSync(join(tmpdir(), "checkpoint-evidence-"));
    dirs.push(dir);
    cpSync(DEFAULT_EVIDENCE_DIR, dir, { recursive: true });
    return dir;
  };
  const editReceipt = (dir: string, file: string, edit: (receipt: any) => void): void => {
    const path = join(dir, "receipts", file);
    const receipt = JSON.parse(readFileSync(path, "utf8"));
    edit(receipt);
    writeFileSync(path, JSON.stringify(receipt));
  };

  it("a tampered table", async () => {
    const dir = copyEvidence();
    editReceipt(dir, "lexical-baseline.json", (receipt) => (receipt.tables.conditions[0].right += 1));
    const result = await checkEvidence(lib, { evidenceDir: dir });
    expect(result.output).toMatch(/^FAIL evidence recomputes: ReceiptTablesMismatchError \(tables-mismatch\): lexical-baseline.json: the stored tables disagree .* at tables.conditions\[0\]\.right/u);
  });

  it("a search row whose offered list the BM25 rerun does not give", async () => {
    const dir = copyEvidence();
    editReceipt(dir, "lexical-baseline.json", (receipt) => {
      const row = receipt.rows.find((r: { search?: unknown }) => r.search);
      row.offered = [...row.offered].reverse();
    });
    expect((await checkEvidence(lib, { evidenceDir: dir })).output).toMatch(/row \d+ \(bm25-top1, \S+, confusable 64, native, bm25 top 5\) offered a list BM25 does not rank top on its catalog/u);
  });

  it("a paid row whose cost does not match its tokens at list price", async () => {
    const dir = copyEvidence();
    editReceipt(dir, "lexical-baseline.json", (receipt) => {
      receipt.run.model = "claude-haiku-4-5";
      receipt.run.prices = [{ model: "claude-haiku-4-5", inputUsdPerMTok: 1, outputUsdPerMTok: 5, readOn: "2026-11-30", source: "test", verified: true }];
      for (const row of receipt.rows) row.model = "claude-haiku-4-5";
      receipt.rows[0].costUsd = 1; // far more than 878 prompt tokens cost
      receipt.tables = summarize(receipt.rows); // the tables agree; only the cost is wrong
    });
    const result = await checkEvidence(lib, { evidenceDir: dir });
    expect(result.output).toMatch(/^FAIL evidence recomputes: DataError \(mismatch\): lexical-baseline.json: row 1 \(claude-haiku-4-5, stock_level-1, unrelated 8, native\) has a cost its tokens do not give at list price; expected 0\.\d+; received 1\.00000000$/u);
  });

  it("says so when evidence/ holds no paid run", async () => {
    expect((await checkEvidence(lib)).output).toContain("no paid run in evidence/");
  });
});

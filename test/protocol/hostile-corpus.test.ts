import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FrameReader } from "../../lib/src/protocol/frame-reader.js";
import { parseFrame } from "../../lib/src/protocol/parse-frame.js";
import { answerFor } from "../../lib/src/protocol/messages.js";
import { WorkbookError } from "../../lib/src/errors/workbook-error.js";

interface Case {
  description: string;
  bytes_base64: string;
  limit: number;
  request_id: number;
  /** "answer" (a result comes out), or the refusal's reason, or "code:reason". */
  expect: string;
}

const corpus = JSON.parse(
  readFileSync(path.join(__dirname, "../fixtures/hostile-frames/corpus.json"), "utf8"),
) as Case[];

/** Replays bytes through the real reader, parser and binder as the client does: first answer or first refusal. */
function replay(entry: Case): string {
  const reader = new FrameReader(entry.limit);
  try {
    const frames = reader.feed(Buffer.from(entry.bytes_base64, "base64"));
    if (reader.failure && frames.length === 0) throw reader.failure;
    for (const frame of frames) {
      if (answerFor(entry.request_id, parseFrame(frame)) !== null) return "answer";
    }
    throw reader.failure ?? new Error("no answer and no refusal");
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    return error.code === "protocol" ? error.reason : `${error.code}:${error.reason}`;
  }
}

describe("hostile frames corpus", () => {
  it("holds a useful number of cases", () => expect(corpus.length).toBeGreaterThanOrEqual(20));
  it.each(corpus.map((entry) => [entry.description, entry] as const))("%s", (_description, entry) => {
    expect(replay(entry)).toBe(entry.expect);
  });
  it("a __proto__ key does not reach Object.prototype", () => {
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCallLog } from "../../lib/src/notebook/call-log.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";

const folder = (): string => mkdtempSync(path.join(tmpdir(), "call-log-test-"));

describe("readCallLog", () => {
  it("reads a missing log as no calls: the server creates it on the first call", () => {
    expect(readCallLog(path.join(folder(), "never-written.jsonl"))).toEqual([]);
  });

  it("returns every record in order", () => {
    const file = path.join(folder(), "calls.jsonl");
    writeFileSync(file, '{"id":3,"name":"word_count","arguments":{"text":"a b"}}\n{"id":"x","name":"place_purchase","arguments":{}}\n');
    expect(readCallLog(file)).toEqual([
      { id: 3, name: "word_count", arguments: { text: "a b" } },
      { id: "x", name: "place_purchase", arguments: {} },
    ]);
  });

  it("refuses a line that is not a call record, naming the line", () => {
    const file = path.join(folder(), "calls.jsonl");
    writeFileSync(file, '{"id":3,"name":"word_count","arguments":{}}\ncalling tool now\n');
    expect(() => readCallLog(file)).toThrow(UsageError);
    expect(() => readCallLog(file)).toThrow(/call log line 2 is not JSON/);
    writeFileSync(file, '{"id":3,"arguments":{}}\n');
    expect(() => readCallLog(file)).toThrow(/call log line 1 is not a call record; expected \{id, name, arguments\}/);
  });
});

import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readCallLog } from "../../lib/src/call-log/call-log.js";
import { CallLogError } from "../../lib/src/call-log/call-log-error.js";
import { CheckFailure } from "../../lib/src/grading/trials/harness.js";
import { loggedCalls as ruleLoggedCalls } from "../../lib/src/grading/checkpoint/rules/server-records.js";
import { loggedCalls as checkLoggedCalls } from "../../lib/src/grading/checkpoint/server-log.js";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { teachingServerCommand } from "../../lib/src/client/teaching-server.js";
import { DataError } from "../../lib/src/errors/data-error.js";

// Every log this file writes (hundreds, through the properties) goes under one folder, removed at the end.
const scratch = mkdtempSync(path.join(tmpdir(), "call-log-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const folder = (): string => mkdtempSync(path.join(scratch, "log-"));
const logWith = (text: string | Buffer): string => {
  const file = path.join(folder(), "calls.jsonl");
  writeFileSync(file, text);
  return file;
};
const FIRST = '{"id":3,"name":"word_count","arguments":{"text":"a b"}}\n';
const SECOND = '{"id":"x","name":"place_purchase","arguments":{"flavor":"crème","tubs":2}}\n';

/** The CallLogError reading `file` throws (the test fails when it throws none or another error). */
function refusal(file: string, options = {}): CallLogError {
  try {
    readCallLog(file, options);
  } catch (error) {
    if (error instanceof CallLogError) return error;
    throw error;
  }
  throw new Error(`reading ${file} threw nothing`);
}

describe("readCallLog", () => {
  it("returns every record in order", () => {
    expect(readCallLog(logWith(FIRST + SECOND))).toEqual([
      { id: 3, name: "word_count", arguments: { text: "a b" } },
      { id: "x", name: "place_purchase", arguments: { flavor: "crème", tubs: 2 } },
    ]);
  });

  it("reads an empty log as no calls", () => {
    expect(readCallLog(logWith(""))).toEqual([]);
  });

  it("reads a missing log as no calls: the server creates its log when it starts, so none ran with it", () => {
    expect(readCallLog(path.join(folder(), "never-written.jsonl"))).toEqual([]);
  });

  it("refuses a log it cannot read (a directory) as unreadable, naming the file", () => {
    const dir = path.join(folder(), "calls.jsonl");
    mkdirSync(dir);
    const error = refusal(dir);
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ code: "data", reason: "unreadable", file: dir, line: undefined, records: [] });
    expect(error.message).toContain(`the call log ${dir} cannot be read`);
  });

  it("refuses a line that is not JSON, naming the file and the line, and keeps the records before it", () => {
    const file = logWith(`${FIRST}calling tool now\n${SECOND}`);
    const error = refusal(file);
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ code: "data", reason: "invalid", file, line: 2 });
    expect(error.records).toEqual([{ id: 3, name: "word_count", arguments: { text: "a b" } }]);
    expect(error.message).toBe(
      `call log ${file} line 2 is not JSON; expected one JSON call record per line; received "calling tool now"`,
    );
  });

  it.each([
    [
      "no name",
      '{"id":3,"arguments":{}}',
      /line 2 is not a call record; expected \{id: number or string, name: string, arguments\}; received .*\(name: Required\)/,
    ],
    [
      "a name that is not a string",
      '{"id":3,"name":5,"arguments":{}}',
      /line 2 is not a call record.*\(name: Expected string, received number\)/,
    ],
    ["an id that is null", '{"id":null,"name":"word_count","arguments":{}}', /line 2 is not a call record.*\(id: /],
    ["no arguments", '{"id":3,"name":"word_count"}', /line 2 is not a call record.*\(arguments: Required\)/],
    [
      "a key the server never writes",
      '{"id":3,"name":"word_count","arguments":{},"ok":true}',
      /line 2 is not a call record.*Unrecognized key/,
    ],
    ["an array", '[3,"word_count",{}]', /line 2 is not a call record/],
    ["a blank line", "", /line 2 is empty/],
    ["a line of spaces", "   ", /line 2 is empty/],
  ])("refuses %s", (_label, line, message) => {
    const file = logWith(`${FIRST}${line}\n${SECOND}`);
    const error = refusal(file);
    expect(error).toMatchObject({
      reason: "invalid",
      file,
      line: 2,
      records: [{ id: 3, name: "word_count", arguments: { text: "a b" } }],
    });
    expect(error.message).toMatch(message);
  });

  it("refuses a line that is not UTF-8 rather than reading a replacement character", () => {
    const file = logWith(
      Buffer.concat([
        Buffer.from(FIRST),
        Buffer.from('{"id":4,"name":"word_'),
        Buffer.from([0xff]),
        Buffer.from('count","arguments":{}}\n'),
      ]),
    );
    expect(refusal(file)).toMatchObject({ reason: "invalid", line: 2 });
    expect(refusal(file).message).toMatch(/line 2 is not UTF-8 text/);
  });

  describe("a last line without its newline", () => {
    const cut = FIRST + SECOND.slice(0, 30);

    it("is refused once the server is done (it died writing it), with the records before it kept", () => {
      const file = logWith(cut);
      const error = refusal(file);
      expect(error).toMatchObject({
        reason: "invalid",
        file,
        line: 2,
        records: [{ id: 3, name: "word_count", arguments: { text: "a b" } }],
      });
      expect(error.message).toMatch(/line 2 is cut short \(no newline at its end\); expected .*stillWriting/);
    });

    it("is refused even when it parses: the newline is what ends a record", () => {
      expect(refusal(logWith(FIRST + SECOND.trimEnd()))).toMatchObject({ reason: "invalid", line: 2 });
    });

    it("is left out while the server may still be writing, and read once it is finished", () => {
      const file = logWith(cut);
      expect(readCallLog(file, { stillWriting: true })).toEqual([
        { id: 3, name: "word_count", arguments: { text: "a b" } },
      ]);
      appendFileSync(file, SECOND.slice(30));
      expect(readCallLog(file, { stillWriting: true })).toHaveLength(2);
      expect(readCallLog(file)).toHaveLength(2);
    });

    it("still refuses a bad complete line while the server may be writing", () => {
      expect(refusal(logWith(`not json\n${FIRST}`), { stillWriting: true })).toMatchObject({ line: 1 });
    });
  });

  it("reads every byte prefix of a log being written as exactly the records whose newline it holds", () => {
    // A reader may look at any moment, even in the middle of a UTF-8 character ("è" is two bytes).
    const whole = Buffer.from(FIRST + SECOND + FIRST);
    const ends = [...whole.entries()].filter(([, byte]) => byte === 0x0a).map(([at]) => at + 1);
    for (let length = 0; length <= whole.length; length += 1) {
      const file = logWith(whole.subarray(0, length));
      const complete = ends.filter((end) => end <= length).length;
      expect(readCallLog(file, { stillWriting: true })).toHaveLength(complete);
      if (length === 0 || ends.includes(length)) expect(readCallLog(file)).toHaveLength(complete);
      else expect(refusal(file)).toMatchObject({ line: complete + 1, records: expect.any(Array) as unknown });
    }
  });

  it("reads what the real teaching server wrote, while it runs and after it closed", async () => {
    const file = path.join(folder(), "calls.jsonl");
    const client = new StdioClient(teachingServerCommand("normal", file), { allowed: ["word_count"] });
    try {
      await client.initialize();
      await client.listTools();
      expect(readCallLog(file, { stillWriting: true })).toEqual([]);
      await client.callTool("word_count", { text: "vanilla stock needs review" });
      expect(readCallLog(file, { stillWriting: true })).toEqual([
        {
          id: expect.anything() as unknown,
          name: "word_count",
          arguments: { text: "vanilla stock needs review" },
          era: "2025-06-18",
        },
      ]);
    } finally {
      await client.close();
    }
    expect(readCallLog(file).map((call) => call.name)).toEqual(["word_count"]);
  });
});

describe("the checkpoint's readers of the call log", () => {
  const bad = (): string => logWith(`${FIRST}{"id":4,"nme":"place_purchase","arguments":{}}\n`);

  it("the rules' loggedCalls refuses a bad line instead of reading it as a tool named undefined", () => {
    expect(ruleLoggedCalls(logWith(FIRST + SECOND))).toEqual(["word_count", "place_purchase"]);
    expect(() => ruleLoggedCalls(bad())).toThrow(CallLogError);
    expect(() => ruleLoggedCalls(bad())).toThrow(/line 2 is not a call record/);
  });

  it("the checks' loggedCalls fails the check with the reader's words", () => {
    expect(checkLoggedCalls(logWith(FIRST + SECOND))).toEqual(["word_count", "place_purchase"]);
    expect(() => checkLoggedCalls(bad())).toThrow(CheckFailure);
    expect(() => checkLoggedCalls(bad())).toThrow(/call log .* line 2 is not a call record/);
  });
});

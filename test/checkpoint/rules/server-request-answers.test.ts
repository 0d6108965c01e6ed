// The whole shape of an answer to a server's request, judged from the teaching server's own record
// of the line (server/src/record.ts): what JSON-RPC 2.0 and MCP's ping allow passes, whatever the
// spec leaves free (an error's wording and data), and anything else is named.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { LifeRecord } from "../../../server/src/record.js";
import type { RecordEntry } from "../../../lib/src/grading/checkpoint/rules/server-records.js";
import { answerShapeFault } from "../../../lib/src/grading/checkpoint/rules/server-request-answers.js";

const folder = mkdtempSync(join(tmpdir(), "answers-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let lines = 0;

/** The server's record of one response, as a grader reads it. */
function recordOf(response: unknown): RecordEntry {
  const file = join(folder, `record-${(lines += 1)}.jsonl`);
  new LifeRecord(file).line(JSON.stringify(response));
  return JSON.parse(readFileSync(file, "utf8")) as RecordEntry;
}

const id = fc.oneof(fc.string(), fc.integer(), fc.constant(0.5));
const json = fc.jsonValue();
const message = fc.string();
const data = fc.option(json, { nil: undefined });
const error = (code: number, text: string, extra: unknown) => ({
  code,
  message: text,
  ...(extra === undefined ? {} : { data: extra }),
});

describe("answerShapeFault: an answer to a server's request as JSON-RPC 2.0 and MCP shape it", () => {
  it("passes a ping's empty result, whatever the id and the order of members", () => {
    fc.assert(
      fc.property(id, fc.boolean(), (asked, reversed) => {
        const members: [string, unknown][] = [
          ["jsonrpc", "2.0"],
          ["id", asked],
          ["result", {}],
        ];
        const entry = recordOf(Object.fromEntries(reversed ? members.reverse() : members));
        expect(answerShapeFault(entry, "empty result")).toBeUndefined();
      }),
    );
  });

  it("names a ping's result that has any member, { pong: true } among them", () => {
    expect(answerShapeFault(recordOf({ jsonrpc: "2.0", id: 1, result: { pong: true } }), "empty result")).toBe(
      'the result {"pong"}, not the empty {}',
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), json, { minKeys: 1 }), (result) => {
        expect(answerShapeFault(recordOf({ jsonrpc: "2.0", id: 1, result }), "empty result")).toMatch(/not the empty/u);
      }),
    );
  });

  it("passes a refusal with an integer code and a string message of any wording, data or none", () => {
    fc.assert(
      fc.property(id, fc.integer(), message, data, (asked, code, text, extra) => {
        const entry = recordOf({ jsonrpc: "2.0", id: asked, error: error(code, text, extra) });
        expect(answerShapeFault(entry, "error")).toBeUndefined();
      }),
    );
  });

  it("names a refusal whose message is missing or no string, whose code is no integer, or with stray members", () => {
    const fault = (error: unknown) => answerShapeFault(recordOf({ jsonrpc: "2.0", id: 1, error }), "error");
    expect(fault({ code: -32601 })).toBe("an error whose message is missing, not a string");
    expect(fault({ code: -32601, message: 7 })).toBe("an error whose message is a number, not a string");
    expect(fault({ code: -32601.5, message: "no" })).toBe("an error whose code is no integer");
    expect(fault("method not found")).toBe("an error that is no object");
    expect(fault({ code: -32601, message: "no", reason: "x" })).toBe(
      'an error with members JSON-RPC does not have: "reason"',
    );
  });

  it("names a response that is not JSON-RPC 2.0's, whatever it answers", () => {
    fc.assert(
      fc.property(fc.constantFrom("empty result" as const, "error" as const), (expected) => {
        const body = expected === "error" ? { error: { code: -32601, message: "no" } } : { result: {} };
        expect(answerShapeFault(recordOf({ jsonrpc: "1.0", id: 1, ...body }), expected)).toMatch(/jsonrpc/u);
        expect(answerShapeFault(recordOf({ jsonrpc: "2.0", id: 1, ...body, ok: true }), expected)).toBe(
          'a response with members JSON-RPC does not have: "ok"',
        );
        expect(
          answerShapeFault(recordOf({ jsonrpc: "2.0", id: 1, result: {}, error: { code: 1, message: "" } }), expected),
        ).toBe("a response carrying both result and error");
      }),
    );
  });
});

// What a message builder or parser returns is its own (answer.ts, sharedWithAnotherCall): the probe
// calls the piece again with the same arguments and says where a caller's change to the first
// value, at any depth, showed in the second, or where the second call changed the first. A value
// that holds what it was handed, or is frozen, is its own; the probe's marks are taken back.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerProbe, ProbeState } from "../../../lib/src/grading/checkpoint/rules/answer.js";

const build = (requestMessage: (...args: unknown[]) => unknown, args: unknown[]) =>
  answerProbe({ requestMessage }, new ProbeState(), { op: "call", fn: "requestMessage", args });

const params = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
/** A path of keys (at least one) under which a piece keeps one object for every call. */
const keys = fc.array(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 });

describe("what a pure piece returns", () => {
  it("is its own when each call builds it afresh, holds what it was handed, or is frozen", async () => {
    const FROZEN = Object.freeze({ nested: Object.freeze([]) });
    const fair = [
      (id: unknown, method: unknown, p: unknown = {}) => ({ jsonrpc: "2.0", id, method, params: p }),
      (id: unknown, method: unknown, p?: unknown) => ({ jsonrpc: "2.0", id, method, params: p ?? FROZEN }),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fair), fc.option(params, { nil: undefined }), async (piece, p) => {
        const answer = await build(piece as never, p === undefined ? [1, "m"] : [1, "m", p]);
        expect(answer).toMatchObject({ ok: true });
        expect(answer.resultShared).toBeUndefined();
      }),
    );
  });

  it("is judged shared when one object, at any depth, is kept for every call, and says where", async () => {
    await fc.assert(
      fc.asyncProperty(keys, fc.boolean(), async (path, inArray) => {
        const kept: unknown = inArray ? [] : {};
        const value = (): unknown => path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), kept);
        const answer = await build(() => value(), [1, "m"]);
        expect(answer.resultShared).toContain(path.at(-1)!);
        // The marks are taken back: the kept object is as it was.
        expect(kept).toEqual(inArray ? [] : {});
      }),
    );
  });

  it("is judged shared when a later call changes what an earlier one returned", async () => {
    let last: Record<string, unknown> | undefined;
    const stamps = (id: unknown) => {
      if (last !== undefined) last["superseded"] = true;
      last = { jsonrpc: "2.0", id, method: "m", params: {} };
      return last;
    };
    expect((await build(stamps, [1, "m"])).resultShared).toBe("the second call changed what the first returned");
  });
});

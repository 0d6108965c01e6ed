// The probe says which values it handed the graded code were changed by the call (answer.ts), and
// every rule's ask fails on it (run.ts): a piece never changes its inputs. Values made afresh by
// each decoding (a function, a symbol, an object that contains itself) are not a change. It also
// says when the list topTools hands back writes through to the catalog it was handed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerProbe, ProbeState } from "../../../lib/src/grading/checkpoint/rules/answer.js";
import { toWire } from "../../../lib/src/grading/checkpoint/rules/wire.js";

const ask = (fn: (...args: unknown[]) => unknown, args: unknown[]) =>
  answerProbe({ fn }, new ProbeState(), { op: "call", fn: "fn" as never, args });

describe("what a piece is handed", () => {
  it("is never taken as changed when the piece only reads it, whatever it holds", async () => {
    const odd = [{ $function: "f" }, { $symbol: "s" }, { $circular: true }, { $number: "NaN" }, { $bytes: "AAE=" }];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.jsonValue(), fc.constantFrom(...odd)), { maxLength: 4 }), async (args) => {
        const answer = await ask((...handed) => JSON.stringify(toWire(handed)).length, args);
        expect(answer.inputsChanged).toBeUndefined();
      }),
    );
  });

  it("names each argument the piece changed, whether it answered or threw", async () => {
    const sorts = (list: unknown) => (list as number[]).sort();
    expect((await ask(sorts, [[3, 1, 2]])).inputsChanged).toEqual(["argument 1 of fn"]);
    const writesThenThrows = (_: unknown, target: unknown) => {
      (target as Record<string, unknown>)["seen"] = true;
      throw new Error("no");
    };
    expect(await ask(writesThenThrows, [{ a: 1 }, { b: 2 }])).toMatchObject({
      ok: false,
      inputsChanged: ["argument 2 of fn"],
    });
    expect((await ask(sorts, [[1, 2, 3]])).inputsChanged).toBeUndefined();
  });

  it("names the catalog topTools handed back, or wrote through to, and nothing when the list is new", async () => {
    const tools = fc.sample(fc.array(fc.record({ name: fc.string(), description: fc.string() }), { maxLength: 5 }), 20);
    const rank = (topTools: (t: unknown[], m: number) => unknown[]) =>
      Promise.all(
        tools.map((catalog) =>
          answerProbe(
            { topTools: (_r: string, t: unknown[], _s: unknown, m: number) => topTools(t, m) },
            new ProbeState(),
            {
              op: "topTools.bm25",
              queries: [{ request: "help", tools: catalog, m: catalog.length + 1 }],
            },
          ),
        ),
      );
    for (const answer of await rank((t, m) => t.slice(0, m))) expect(answer.inputsShared).toBeUndefined();
    for (const answer of await rank((t) => Object.freeze([...t]) as unknown[]))
      expect(answer.inputsShared).toBeUndefined();
    for (const answer of await rank((t) => t)) expect(answer.inputsShared).toEqual(["the tools of topTools call 1"]);
    for (const answer of await rank((t) => Object.freeze(t) as unknown[]))
      expect(answer.inputsShared).toEqual(["the tools of topTools call 1"]);
    for (const answer of await rank((t) => new Proxy(t, {})))
      expect(answer.inputsShared).toEqual(["the tools of topTools call 1"]);
    // The probe's push is taken back: the catalog is compared as it was handed.
    for (const answer of await rank((t) => t)) expect(answer.inputsChanged).toBeUndefined();
  });
});

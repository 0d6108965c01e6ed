// What the application is handed, judged as JSON holds it: a property holding undefined is absent,
// so a check that copies an optional field the server left out answers as one that leaves it out.
// What is written is judged as built (a notification built with `params: undefined` writes params).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BYTES_FORMS,
  fromWire,
  inForm,
  showWire,
  toWire,
  withoutUndefinedProperties,
} from "../../../lib/src/grading/checkpoint/rules/wire.js";

/** Object keys, with names every object already answers to often among them ("__proto__" once went missing). Not
 * "constructor": toStrictEqual reads an own one as the object's class. */
const key = fc.oneof(fc.string(), fc.constantFrom("__proto__", "toString", "hasOwnProperty"));

/** JSON values with some object properties set to undefined (never an array item: JSON makes that null). */
const withUndefinedProperties = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, fc.oneof(tie("value"), fc.constant(undefined)), { maxKeys: 4 }),
  ),
})).value;

describe("withoutUndefinedProperties over a returned value", () => {
  it("leaves out every property that holds undefined, as JSON does, and changes nothing else", () => {
    fc.assert(
      fc.property(withUndefinedProperties, (value) => {
        expect(withoutUndefinedProperties(toWire(value))).toStrictEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("keeps a property named __proto__ as the own property JSON.parse makes it, both ways (a seed once found it lost)", () => {
    const parsed = JSON.parse('{"__proto__": 0, "tool": {"__proto__": {"type": "object"}}}') as unknown;
    expect(withoutUndefinedProperties(toWire(parsed))).toStrictEqual(parsed);
    expect(fromWire(toWire(parsed))).toStrictEqual(parsed);
    expect(Object.keys(fromWire(parsed) as object)).toEqual(["__proto__", "tool"]);
  });

  it("keeps undefined alone and in an array, where leaving it out would change the answer", () => {
    expect(withoutUndefinedProperties(toWire(undefined))).toStrictEqual({ $undefined: true });
    expect(withoutUndefinedProperties(toWire([1, undefined]))).toStrictEqual([1, { $undefined: true }]);
  });

  it("toWire itself still tells a property holding undefined from an absent one", () => {
    expect(toWire({ method: "m", params: undefined })).toStrictEqual({ method: "m", params: { $undefined: true } });
  });
});

describe("showWire: a value in a FAIL line reads as the JavaScript it stands for", () => {
  it("never shows a wire tag ($undefined, $number, ...): each is written in words or in JavaScript", () => {
    const anyValue = fc.anything({
      withBigInt: true,
      withNullPrototype: false,
      values: [fc.constant(undefined), fc.constant(Number.NaN), fc.constant(Infinity), fc.constant(() => 1)],
    });
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(showWire(toWire(value), 100_000)).not.toMatch(
          /"\$(undefined|number|bigint|bytes|function|symbol|circular|date)"/u,
        );
      }),
    );
  });

  it("says undefined, NaN, 12n and bytes as such, and keeps JSON for the rest", () => {
    expect(showWire(toWire({ params: { list: [1, undefined] } }))).toBe('{"params":{"list":[1,undefined]}}');
    expect(showWire(toWire([Number.NaN, -Infinity, 12n]))).toBe("[NaN,-Infinity,12n]");
    expect(showWire(toWire(Buffer.from("a\n")))).toBe('bytes "a\\n"');
    expect(showWire({ id: 3, ok: true, text: "x" })).toBe(JSON.stringify({ id: 3, ok: true, text: "x" }));
  });

  it("rebuilds a toJSON object as a Date is made: no field of its own, its toJSON on the prototype, and says so", () => {
    const sent = { when: { $toJSON: { $number: "NaN" } } };
    const built = fromWire(sent) as { when: object };
    expect(Object.keys(built.when)).toEqual([]);
    expect(JSON.stringify(built)).toBe('{"when":null}');
    expect(showWire(sent)).toBe('{"when":an object whose toJSON returns NaN}');
  });

  it("carries what JSON's text changes or loses both ways, compared with Object.is at the leaves: NaN, the infinities, -0, a bigint, a Date, undefined", () => {
    const leaves = [Number.NaN, Infinity, -Infinity, -0, 0, 12n, new Date("2026-07-28T12:00:00.000Z"), undefined];
    const back = fromWire(JSON.parse(JSON.stringify(toWire({ leaves, deep: { a: [{ b: leaves }] } })))) as {
      leaves: unknown[];
      deep: { a: Array<{ b: unknown[] }> };
    };
    for (const got of [back.leaves, back.deep.a[0]!.b]) {
      leaves.forEach((leaf, index) => {
        if (leaf instanceof Date) expect((got[index] as Date).getTime()).toBe(leaf.getTime());
        else expect(Object.is(got[index], leaf), String(leaf)).toBe(true);
      });
    }
    expect(showWire(toWire([-0, leaves[6]]))).toBe("[-0,a Date 2026-07-28T12:00:00.000Z]");
  });

  it("cut short, it never leaves a string open", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 2, max: 80 }), (value, max) => {
        const shown = showWire(value, max).replace(/\\./gu, "");
        expect((shown.match(/"/gu)?.length ?? 0) % 2).toBe(0);
      }),
    );
  });
});

describe("inForm: bytes as a caller may hand them to a piece typed Uint8Array", () => {
  it("holds the same bytes in each form; a view starts past its buffer's start and ends before its end", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (data) => {
        for (const form of BYTES_FORMS) expect(Buffer.from(inForm(data, form))).toEqual(Buffer.from(data));
        expect(Buffer.isBuffer(inForm(data, "buffer"))).toBe(true);
        expect(Buffer.isBuffer(inForm(data, "uint8array"))).toBe(false);
        const view = inForm(data, "view");
        expect(Buffer.isBuffer(view)).toBe(false);
        expect(view.byteOffset).toBeGreaterThan(0);
        // What lies around it is not its own: a newline a piece reading the whole buffer would find.
        expect(Buffer.from(view.buffer).subarray(view.byteOffset + view.length)).toContain(0x0a);
      }),
    );
  });
});

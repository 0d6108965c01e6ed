// What an outgoing frame must be (rules/frame-text.ts), on generated messages: every faithful
// escaping of compact JSON passes, and each way a frame can stop being one compact line of the
// message's value fails, with the reason it fails for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frameProblem } from "../../../lib/src/grading/checkpoint/rules/frame-text.js";

const message = fc.dictionary(fc.string({ unit: "grapheme", maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), {
  minKeys: 1,
  maxKeys: 5,
});
const frame = (text: string): Buffer => Buffer.from(`${text}\n`, "utf8");
/** Every character past ASCII as \uXXXX, as Python's json.dumps writes it. */
const asciiOnly = (json: string): string =>
  json.replace(/[^\u0000-\u007e]/gu, (char) =>
    Array.from({ length: char.length }, (_, at) => `\\u${char.charCodeAt(at).toString(16).padStart(4, "0")}`).join(""),
  );
/** Every character of every string as \uXXXX: the longest faithful escaping there is. */
const allEscaped = (json: string): string =>
  json.replace(
    /"(?:[^"\\]|\\.)*"/gu,
    (literal) =>
      `"${Array.from(JSON.parse(literal) as string, (char) =>
        Array.from({ length: char.length }, (_, at) => `\\u${char.charCodeAt(at).toString(16).padStart(4, "0")}`).join(
          "",
        ),
      ).join("")}"`,
  );

describe("a frame judged by what it says", () => {
  it("passes compact JSON of the message in any faithful escaping", () => {
    fc.assert(
      fc.property(message, (value) => {
        const json = JSON.stringify(value);
        for (const text of [json, asciiOnly(json), allEscaped(json), json.replace(/\//gu, "\\/")])
          expect(frameProblem(frame(text), value), text).toBeUndefined();
      }),
    );
  });

  // Any writing of a finite double that parses back to it is faithful: JavaScript's (-0 as 0,
  // 1e+300) and Python's json.dumps (-0.0, 2.5e-05, 1e+300 as 1e+300), or the digits in full. JSON
  // has one zero, so -0 written as 0 passes; a different number never does.
  it("passes every finite double however it is written, and fails another number", () => {
    const python = (n: number): string =>
      Object.is(n, -0) ? "-0.0" : Number.isInteger(n) && Math.abs(n) < 1e16 ? `${n}.0` : String(n);
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const value = { jsonrpc: "2.0", method: "x", params: { n, list: [n] } };
        for (const text of [JSON.stringify(n), python(n), n.toExponential(), Object.is(n, -0) ? "-0" : String(n)])
          expect(
            frameProblem(frame(`{"jsonrpc":"2.0","method":"x","params":{"n":${text},"list":[${text}]}}`), value),
            text,
          ).toBeUndefined();
        const other = n === 0 ? 5e-324 : n / 2;
        expect(frameProblem(frame(JSON.stringify({ ...value, params: { n: other, list: [n] } })), value)).toMatch(
          /another value/u,
        );
      }),
    );
  });

  it("fails a frame with whitespace between tokens, a CR, no newline, a raw newline inside, or not UTF-8", () => {
    const value = { jsonrpc: "2.0", method: "x", params: { a: [1, "é"] } };
    const json = JSON.stringify(value);
    expect(frameProblem(frame(JSON.stringify(value, null, 1)), value)).toMatch(/newline inside/u);
    expect(frameProblem(frame(json.replace(",", ", ")), value)).toMatch(/not compact/u);
    expect(frameProblem(Buffer.from(`${json}\r\n`), value)).toMatch(/carriage return/u);
    expect(frameProblem(Buffer.from(json), value)).toMatch(/no newline/u);
    expect(frameProblem(Buffer.from(`${json}\n`, "latin1"), value)).toMatch(/not UTF-8/u);
    expect(frameProblem(frame(`\uFEFF${json}`), value)).toMatch(/not JSON/u);
    expect(frameProblem(undefined, value)).toBe("not bytes");
  });

  it("fails JSON of another value: a field lost, null for a value, a string for a number", () => {
    fc.assert(
      fc.property(message, fc.constantFrom<unknown>(null, "1", 1, [], {}), (value, other) => {
        const [key] = Object.keys(value);
        const changed = { ...value, [key!]: JSON.stringify(value[key!]) === JSON.stringify(other) ? [other] : other };
        const lost = Object.fromEntries(Object.entries(value).slice(1));
        expect(frameProblem(frame(JSON.stringify(changed)), value)).toMatch(/another value/u);
        expect(frameProblem(frame(JSON.stringify(lost)), value)).toMatch(/another value/u);
      }),
    );
  });

  it("takes 0 for -0 and keys in any order", () => {
    const value = { b: -0, a: [1, { d: 2, c: 3 }] };
    expect(frameProblem(frame('{"a":[1,{"c":3,"d":2}],"b":0}'), value)).toBeUndefined();
    expect(frameProblem(frame('{"a":[1,{"c":3,"d":2}],"b":-0}'), value)).toBeUndefined();
  });
});

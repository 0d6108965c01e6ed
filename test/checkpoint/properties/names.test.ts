// The names a tool may have (properties/names.ts): each look-alike pair is two different strings
// that its reading of text makes one, and the pure pieces that key by name are caught, by their
// rule's property at every seed, when they key by anything but the name itself.
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  distinctNames,
  lookalikePairs,
  pairedNames,
  showName,
} from "../../../lib/src/grading/checkpoint/properties/names.js";
import { RULE_PROPERTIES } from "../../../lib/src/grading/checkpoint/properties/properties.js";
import { inProcessProbe } from "../../../lib/src/grading/checkpoint/rules/in-process.js";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";
import { CheckFailure } from "../../../lib/src/grading/trials/harness.js";

/** How each pair's reading joins its two names. */
const READINGS: Record<string, (name: string) => string> = {
  "NFC against NFD": (name) => name.normalize("NFC"),
  "NFKC (a ligature)": (name) => name.normalize("NFKC"),
  "NFKC (fullwidth letters)": (name) => name.normalize("NFKC"),
  case: (name) => name.toLowerCase(),
  "surrounding whitespace": (name) => name.trim(),
  "a zero-width character": (name) => name.replaceAll("\u200b", ""),
  "lone surrogates": (name) => Buffer.from(name, "utf8").toString("utf8"),
};
const stem = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/u);

describe("look-alike names", () => {
  it("are different strings, every name of a call from every other, each pair one name to its reading", () => {
    fc.assert(
      fc.property(stem, (base) => {
        const pairs = lookalikePairs(base);
        const names = pairedNames(pairs);
        expect(new Set(names).size).toBe(names.length);
        expect(pairs.map((pair) => pair.readAs).sort()).toEqual(Object.keys(READINGS).sort());
        for (const { readAs, plain, odd } of pairs)
          expect(READINGS[readAs]!(odd), readAs).toBe(READINGS[readAs]!(plain));
      }),
    );
  });

  it("read apart in a FAIL line: every code unit beyond printable ASCII escaped", () => {
    fc.assert(
      fc.property(stem, (base) => {
        const shown = lookalikePairs(base).flatMap((pair) => [showName(pair.plain), showName(pair.odd)]);
        expect(new Set(shown).size).toBe(shown.length);
        expect(shown.every((each) => /^[\x20-\x7e]+$/u.test(each))).toBe(true);
        for (const { plain } of lookalikePairs(base)) expect(JSON.parse(showName(plain))).toBe(plain);
      }),
    );
    expect(showName("cafe\u0301")).toBe('"cafe\\u0301"');
  });

  it("drawn for the pure rules are different non-empty strings, at least two", () => {
    fc.assert(
      // The generator's fast-check is the library's build of it, not the test's: the same values.
      fc.property(distinctNames(8) as unknown as fc.Arbitrary<string[]>, (names) => {
        expect(new Set(names).size).toBe(names.length);
        expect(names.length).toBeGreaterThanOrEqual(2);
        expect(names.every((name) => typeof name === "string" && name !== "")).toBe(true);
      }),
    );
  });
});

const load = createRequire(join(REPO_ROOT, "checkpoints", "wrong-implementations", "index.js"));

/** The rule's property's verdict on `pieces` at `seed`: "ok", or the FAIL's text. */
async function verdict(rule: string, pieces: Record<string, unknown>, seed: number): Promise<string> {
  const { probe } = inProcessProbe(pieces);
  const context = {
    ask: probe,
    dir: "/nonexistent",
    seed,
    server: () => {
      throw new Error("a pure rule starts no server");
    },
  };
  try {
    await RULE_PROPERTIES[rule]!.check(context as never);
    return "ok";
  } catch (error) {
    if (error instanceof CheckFailure) return error.message;
    throw error;
  }
}

describe("a pure piece that keys by anything but the name", () => {
  it.each(["top-tools-scores-by-name.js", "top-tools-folds-names.js", "check-tools-folds-names.js"])(
    "%s fails its rule's property on names, at seeds 0 to 2",
    async (file) => {
      const pieces = load(`./${file}`) as Record<string, unknown> & { rule: string };
      for (const seed of [0, 1, 2])
        expect(await verdict(pieces.rule, pieces, seed)).toMatch(
          /of the kind "(names (any string|confused)|proto name on topic)"/u,
        );
    },
  );
});

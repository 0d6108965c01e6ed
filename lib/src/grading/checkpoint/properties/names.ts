// The names a tool may have: any non-empty string. Every piece that keys by name (the allowlist,
// the catalog, topTools's scores, checkTools's repeats) must take two names as one only when they
// are the same string, code unit for code unit. These are the names the rules try that: the
// prototype's names every plain object answers to, names made up as the rule runs (found in no
// file), and look-alike pairs, two different strings that some reading of text (Unicode
// normalisation, case folding, trimming, dropping invisible characters, a trip through UTF-8) makes
// one. The client rules try every pair in every grading; the pure rules draw them with fast-check.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { showWire } from "../rules/wire.js";

/** Names every plain object answers to through its prototype: an allowlist or catalog kept in one holds them unasked. */
export const PROTOTYPE_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"] as const;

/** A short tag made up now, so a name built with it is found in no file. */
export const madeUpTag = (): string => randomBytes(4).toString("hex");

/**
 * Tool names made up as the rule runs, found in no file: a client that enforces its allowlist only
 * for the names it can find somewhere (the teaching server's source) lets these through. A name is
 * any non-empty string, so they hold a space, a dot and letters beyond ASCII.
 */
export function namesMadeUp(): string[] {
  return [`rt_${madeUpTag()}`, `Tool ${madeUpTag()}.v2`, `名前-${madeUpTag()}`];
}

/** The ASCII letters of `text` in their fullwidth forms (U+FF01 on), which NFKC reads back as ASCII. */
const fullwidth = (text: string): string =>
  text.replace(/[!-~]/gu, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

/** Two names that are different strings, and the reading of text that makes them one. */
export interface LookalikePair {
  /** What takes them for one name: "NFC against NFD", "case", ... */
  readonly readAs: string;
  readonly plain: string;
  readonly odd: string;
}

/**
 * One pair for each reading of text that joins different names, built on `stem` (any string of
 * ASCII letters, digits and underscores; made up at run time, so every pair is new):
 * - NFC against NFD: "é" as one code point and as "e" with a combining accent;
 * - NFKC's compatibility forms: the ligature "ﬁ" for "fi", fullwidth letters;
 * - case;
 * - surrounding whitespace;
 * - a zero-width space inside;
 * - lone surrogates: two different halves that UTF-8 writes alike (as U+FFFD).
 * Within a call, every name is different from every other.
 */
export function lookalikePairs(stem: string): LookalikePair[] {
  return [
    { readAs: "NFC against NFD", plain: `caf\u00e9_${stem}`, odd: `cafe\u0301_${stem}` },
    { readAs: "NFKC (a ligature)", plain: `file_${stem}`, odd: `\ufb01le_${stem}` },
    { readAs: "NFKC (fullwidth letters)", plain: `word_${stem}`, odd: fullwidth(`word_${stem}`) },
    { readAs: "case", plain: `count_${stem}`, odd: `Count_${stem.toUpperCase()}` },
    { readAs: "surrounding whitespace", plain: `trim_${stem}`, odd: ` trim_${stem}\t` },
    { readAs: "a zero-width character", plain: `zw_${stem}`, odd: `z\u200bw_${stem}` },
    { readAs: "lone surrogates", plain: `half_${stem}\ud83d`, odd: `half_${stem}\ude00` },
  ];
}

/** Every pair's two names in one list, each pair's names side by side. */
export const pairedNames = (pairs: readonly LookalikePair[]): string[] =>
  pairs.flatMap((pair) => [pair.plain, pair.odd]);

/** A stem for look-alikes: lower-case letters, digits and underscores, so case and NFKC have something to change. */
const stem = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/u);

/** Any name: every code unit, lone surrogates included, never empty. */
const anyString = fc.string({ unit: "binary", minLength: 1, maxLength: 10 });

/**
 * A few different names of the whole family: prototype names, any strings (drawn as the grading
 * runs), and look-alike pairs, both names of a pair together. `count` names at most, at least two.
 */
export const distinctNames = (count: number): fc.Arbitrary<string[]> =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...PROTOTYPE_NAMES).map((name) => [name]),
        anyString.map((name) => [name]),
        fc.tuple(stem, fc.nat({ max: 6 })).map(([base, which]) => {
          const pair = lookalikePairs(base)[which]!;
          return [pair.plain, pair.odd];
        }),
      ),
      { minLength: 1, maxLength: count },
    )
    .map((groups) => [...new Set(groups.flat())].slice(0, count))
    .filter((names) => names.length >= 2);

/**
 * A look-alike pair, or a prototype name beside another name: the two names a piece keeping names
 * as keys most likely takes for one (or loses one of).
 */
export const confusedPair: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  fc.tuple(stem, fc.nat({ max: 6 })).map(([base, which]): readonly [string, string] => {
    const pair = lookalikePairs(base)[which]!;
    return [pair.plain, pair.odd];
  }),
  fc
    .tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.oneof(anyString, fc.constantFrom(...PROTOTYPE_NAMES)))
    .filter(([a, b]) => a !== b)
    .map(([a, b]): readonly [string, string] => [a, b]),
);

/** A name as JSON with every code unit beyond printable ASCII escaped, so two look-alikes read apart in a FAIL line. */
export function showName(name: string): string {
  const json = JSON.stringify(name);
  let shown = "";
  for (let index = 0; index < json.length; index += 1) {
    const code = json.charCodeAt(index);
    shown += code >= 0x20 && code <= 0x7e ? json[index] : `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return shown;
}

/** Names as showName shows each, in brackets (anything but an array as the wire shows it). */
export const showNames = (names: unknown): string =>
  Array.isArray(names)
    ? `[${names.map((name) => (typeof name === "string" ? showName(name) : showWire(name))).join(", ")}]`
    : showWire(names);

// What a build notebook's check cell calls: the piece's check, printed for a person, with which
// definition of the piece it checked. tslab keeps the old definition when an edited cell fails
// to compile, so "the same definition as last time" after an edit tells the learner to look up.
import { runPieceCheck, type PieceVerdict } from "./piece-checks.js";
import { isPieceName, PIECE_NAMES, type PieceName, type PieceSet } from "./pieces.js";
import { UsageError } from "../errors/usage-error.js";
import { reveal } from "./reveal.js";
import { feedback } from "../checkpoint/rules/feedback.js";
import { implementationFrom } from "./assembled-client.js";
import { PIECE_RULES } from "./pieces.js";

/** PieceSet whose check has run on the learner's own attempt (not the starting TODO). */
const tried = new Set<PieceName>();

/** Each piece's distinct definitions, in the order this process first checked them. */
const seen = new Map<PieceName, string[]>();

/** Which definition of `piece` this is: its number, and whether the last check saw the same one. */
export function definitionOf(
  piece: PieceName,
  value: unknown,
): { number: number; sameAsLast: boolean; firstCheck: boolean } {
  const text = typeof value === "function" ? value.toString() : String(value);
  const list = seen.get(piece) ?? [];
  seen.set(piece, list);
  const firstCheck = list.length === 0;
  const last = list[list.length - 1];
  let index = list.indexOf(text);
  if (index === -1) {
    list.push(text);
    index = list.length - 1;
  } else if (index !== list.length - 1) {
    list.push(text); // an earlier definition is back: it is the latest now
  }
  return { number: index + 1, sameAsLast: last === text, firstCheck };
}

/** The lines a check cell prints for a verdict. */
export function verdictText(
  verdict: PieceVerdict,
  definition?: { number: number; sameAsLast: boolean; firstCheck: boolean },
): string {
  const which =
    definition === undefined
      ? ""
      : definition.firstCheck
        ? ` (definition ${definition.number})`
        : definition.sameAsLast
          ? ` (definition ${definition.number}, unchanged since the last check: if you edited the cell, run it; a cell that does not compile keeps the old one)`
          : ` (definition ${definition.number}, new since the last check)`;
  if (verdict.ok) return `ok ${verdict.piece}${which}: ${verdict.detail}`;
  return [
    `not yet ${verdict.piece}${which}`,
    `  expected: ${verdict.expected ?? ""}`,
    `  received: ${verdict.received ?? ""}`,
    `  hint:     ${verdict.hint ?? ""}`,
  ].join("\n");
}

/**
 * The pieces among `values`, keyed by their own names (a function's or class's `name`). A cell
 * passes `piecesOf(answerFor, parseFrame)` rather than `{ answerFor, parseFrame }`: tslab 1.0
 * compiles a shorthand property naming an earlier cell's declaration into a ReferenceError.
 */
export function piecesOf(...values: unknown[]): PieceSet {
  const pieces: PieceSet = {};
  for (const value of values) {
    const name = typeof value === "function" ? value.name : undefined;
    if (name === undefined || !isPieceName(name)) {
      throw new UsageError("piece", {
        what: `${name === undefined ? `a ${typeof value}` : JSON.stringify(name)} is not one of the pieces`,
        expected: `functions or classes named ${PIECE_NAMES.join(", ")}`,
      });
    }
    pieces[name] = value;
  }
  return pieces;
}

/**
 * A check cell: `await check("request", requestMessage, answerFor, ..., request)`. The pieces
 * are named as the cell runs, so the check sees the latest definition of each; the verdict is
 * printed.
 */
export async function check(piece: string, ...defined: unknown[]): Promise<void> {
  if (!isPieceName(piece))
    throw new UsageError("piece", {
      what: `no piece named ${JSON.stringify(piece)}`,
      expected: `one of ${PIECE_NAMES.join(", ")}`,
    });
  const pieces = piecesOf(...defined);
  const definition = pieces[piece] === undefined ? undefined : definitionOf(piece, pieces[piece]);
  const verdict = await runPieceCheck(piece, pieces);
  if (!verdict.received?.startsWith("the starting TODO")) tried.add(piece);
  console.log(verdictText(verdict, definition));
  const rules = PIECE_RULES[piece];
  if (rules.length === 0) return;
  if (!verdict.ok) {
    console.log(`  the checkpoint's rules for ${piece} (${rules.join(", ")}) run here once this check is ok`);
    return;
  }
  const results = await feedback(rules, { ...implementationFrom(() => pieces) }, { print: false });
  for (const result of results) console.log(`  rule ${result.line}`);
}

/**
 * A reveal cell: the library's own code for `piece`, once the learner has tried it (its check
 * ran on something other than the starting TODO); before that, a line saying so.
 */
export function revealAfterTrying(piece: string): void {
  if (!isPieceName(piece))
    throw new UsageError("piece", {
      what: `no piece named ${JSON.stringify(piece)}`,
      expected: `one of ${PIECE_NAMES.join(", ")}`,
    });
  if (!tried.has(piece)) {
    console.log(`(the library's ${piece} appears here once you have written yours and run its check)`);
    return;
  }
  console.log(reveal(piece));
}

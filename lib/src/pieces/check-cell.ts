// What a build notebook's check cells call. A check cell prints the piece's own check, then the
// checkpoint's rules that this piece completes (each rule runs in the cell of the last piece it
// declares), once every piece a rule uses passed its own check; a rule that uses this piece and
// still waits says for which piece, and why. The final cell runs every rule. Lines that pass are the grader's own
// lines; lines that do not name the notebook's section and the real cause, never learner/ files.
import { inProcessProbe } from "../checkpoint/rules/in-process.js";
import { lastPiece, RULES, rulesUsing } from "../checkpoint/rules/index.js";
import { runRules } from "../checkpoint/rules/run.js";
import { countLine } from "../checkpoint/summary.js";
import type { Rule, RuleVerdict } from "../checkpoint/rules/types.js";
import { UsageError } from "../errors/usage-error.js";
import { implementationFrom } from "../assembly/assembled-client.js";
import { runPieceCheck, type PieceVerdict } from "./piece-checks.js";
import {
  isPieceName,
  PIECE_NAMES,
  PIECE_SECTIONS,
  pieceOrder,
  type PieceName,
  type PieceSet,
} from "../assembly/pieces.js";
import { reveal } from "./reveal.js";

/** PieceSet whose check has run on the learner's own attempt (not the starting TODO). */
const tried = new Set<PieceName>();

/** Each piece's distinct definitions, in the order this process first checked them. */
const seen = new Map<PieceName, string[]>();

/** The latest definition of each piece any check cell was given, and what its own check said of it. */
const latest: PieceSet = {};
const lastCheck = new Map<PieceName, { source: string; verdict: PieceVerdict }>();

const sourceOf = (value: unknown): string => (typeof value === "function" ? value.toString() : String(value));

/** Which definition of `piece` this is: its number, and whether the last check saw the same one. */
export function definitionOf(
  piece: PieceName,
  value: unknown,
): { number: number; sameAsLast: boolean; firstCheck: boolean } {
  const text = sourceOf(value);
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
  if (verdict.ok) return `ok ${verdict.name}${which}: ${verdict.title}`;
  return [
    `not yet ${verdict.name}${which}`,
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

function pieceNamed(piece: string): PieceName {
  if (!isPieceName(piece))
    throw new UsageError("piece", {
      what: `no piece named ${JSON.stringify(piece)}`,
      expected: `one of ${PIECE_NAMES.join(", ")}`,
    });
  return piece;
}

const NOT_RUN = "not run yet";

/** Why `piece` is not ready for the rules that use it, or undefined when its own check passed on its latest definition. */
function notReady(piece: PieceName): string | undefined {
  const value = latest[piece];
  const checked = lastCheck.get(piece);
  if (value === undefined) return NOT_RUN;
  if (checked === undefined || checked.source !== sourceOf(value))
    return "its check has not run on its latest definition";
  if (checked.verdict.ok) return undefined;
  if (checked.verdict.received?.startsWith("the starting TODO")) return "not written yet";
  return "its own check is not ok yet";
}

/**
 * The piece `rule` waits for, with why: the first of its pieces that ran but is not ready (not
 * written, not ok, or edited since its check); otherwise, when some have not run yet, the last of
 * them (the cell the rule runs in, when the learner goes top to bottom).
 */
function waitingFor(rule: Rule): { piece: PieceName; why: string } | undefined {
  const ordered = [...rule.pieces].sort((a, b) => pieceOrder(a) - pieceOrder(b));
  const reasons = ordered.map((piece) => ({ piece, why: notReady(piece) }));
  const wrong = reasons.find((each) => each.why !== undefined && each.why !== NOT_RUN);
  if (wrong !== undefined) return { piece: wrong.piece, why: wrong.why! };
  const unrun = reasons.filter((each) => each.why === NOT_RUN);
  const last = unrun[unrun.length - 1];
  return last === undefined ? undefined : { piece: last.piece, why: NOT_RUN };
}

/** A piece a TODO names in a rule's failure ("close is not implemented yet"), if any. */
function todoNamed(text: string): PieceName | undefined {
  const match = /\b([A-Za-z]+)(?:\.[A-Za-z]+)? is not implemented yet/u.exec(text);
  const name = match?.[1];
  return name !== undefined && isPieceName(name) ? name : undefined;
}

/** The method names learner/'s StdioClient has where the notebook has a piece. */
const METHOD_PIECES: ReadonlyArray<readonly [RegExp, PieceName]> = [
  [/\binitialize\(\)|\blistTools\(\)/u, "connect"],
  [/\brequest\(\)|\bread loop\b/u, "request"],
  [/\bcallTool\(\)/u, "callTool"],
  [/\bclose\(\)/u, "close"],
];

/**
 * The piece a failing rule points a notebook learner at: a leftover process is close's; else the
 * piece its `where` names (learner/'s method or function), else its last piece.
 */
function focusPiece(rule: Rule, said: string): PieceName | undefined {
  if (rule.pieces.includes("close") && /left running/u.test(said)) return "close";
  for (const [pattern, piece] of METHOD_PIECES)
    if (rule.pieces.includes(piece) && pattern.test(rule.where)) return piece;
  const named = rule.pieces.find((piece) => new RegExp(`\\b${piece}\\b`, "u").test(rule.where));
  return named ?? lastPiece(rule);
}

/** A rule's verdict as the notebook shows it: the grader's line when ok; otherwise the section and the real cause. */
export function notebookLine(rule: Rule, verdict: RuleVerdict): string {
  if (verdict.ok) return verdict.line;
  const said = verdict.line.replace(/^FAIL /u, "").replace(/ \(look at: .*\)$/u, "");
  const todo = todoNamed(said);
  if (todo !== undefined) return `not yet ${rule.id}: ${todo} is not written yet (look at: ${PIECE_SECTIONS[todo]})`;
  const focus = focusPiece(rule, said);
  return `not yet ${said}${focus === undefined ? "" : ` (look at: ${PIECE_SECTIONS[focus]})`}`;
}

/** Runs `rules` over the pieces in this kernel and returns the notebook's lines for them. */
async function ruleLines(
  rules: readonly Rule[],
  pieces: () => PieceSet,
): Promise<{ lines: string[]; verdicts: RuleVerdict[] }> {
  const verdicts = await runRules({
    rules,
    openProbe: () => Promise.resolve(inProcessProbe({ ...implementationFrom(pieces) })),
    seed: 0,
  });
  return { lines: verdicts.map((verdict, index) => notebookLine(rules[index]!, verdict)), verdicts };
}

/**
 * A check cell: `await check("request", requestMessage, answerFor, ..., request)`. The pieces
 * are named as the cell runs, so the check sees the latest definition of each; the verdict is
 * printed, then the rules this piece completes, or the piece they wait for.
 */
export async function check(piece: string, ...defined: unknown[]): Promise<void> {
  const name = pieceNamed(piece);
  const given = piecesOf(...defined);
  Object.assign(latest, given);
  const definition = given[name] === undefined ? undefined : definitionOf(name, given[name]);
  const verdict = await runPieceCheck(name, { ...latest, ...given });
  if (given[name] !== undefined) lastCheck.set(name, { source: sourceOf(given[name]), verdict });
  if (!verdict.received?.startsWith("the starting TODO")) tried.add(name);
  console.log(verdictText(verdict, definition));
  // Every rule that uses this piece: those it completes run here once all their pieces are
  // ready; those completed by a later piece run in that piece's cell, and say here what they wait for.
  const waiting = new Map<string, Rule[]>();
  const ready: Rule[] = [];
  for (const rule of rulesUsing(name)) {
    const wait = waitingFor(rule);
    if (wait === undefined) {
      if (lastPiece(rule) === name) ready.push(rule);
      continue;
    }
    const label = `${wait.piece} (${wait.why}; ${PIECE_SECTIONS[wait.piece]})`;
    waiting.set(label, [...(waiting.get(label) ?? []), rule]);
  }
  for (const [label, held] of waiting) console.log(`  waiting for ${label}: ${held.map((rule) => rule.id).join(", ")}`);
  if (ready.length === 0) return;
  const snapshot = { ...latest };
  const { lines } = await ruleLines(ready, () => snapshot);
  for (const line of lines) console.log(`  ${line}`);
}

/**
 * The final cell: every rule of the checkpoint over the pieces, as `--notebook` grades them, one
 * line each, then the total. Returns the verdicts.
 */
export async function checkEveryRule(pieces: PieceSet): Promise<RuleVerdict[]> {
  const { lines, verdicts } = await ruleLines(RULES, () => pieces);
  for (const line of lines) console.log(line);
  console.log(countLine(verdicts)); // the count the checkpoint's own report prints
  return verdicts;
}

/**
 * A reveal cell: the library's own code for `piece`, once the learner has tried it (its check
 * ran on something other than the starting TODO); before that, a line saying so.
 */
export function revealAfterTrying(piece: string): void {
  const name = pieceNamed(piece);
  if (!tried.has(name)) {
    console.log(`(the library's ${name} appears here once you have written yours and run its check)`);
    return;
  }
  console.log(reveal(name));
}

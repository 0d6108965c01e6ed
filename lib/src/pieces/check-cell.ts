// What a build notebook's check cells call. A check cell runs the piece's own check, then the
// checkpoint's rules that this piece completes (each rule runs in the cell of the last piece it
// declares), once every piece a rule uses passed its own check; its first line is the verdict of
// both, so it never says ok above a rule that is not met. The rules that wait for another piece
// are counted on one line. The final cell runs every rule. Lines that pass are the grader's own
// lines; lines that do not name the notebook's section and the real cause, never learner/ files.
// A reveal cell shows the library's code only after a real attempt (see revealAfterTrying).
import { inProcessProbe } from "../grading/checkpoint/rules/in-process.js";
import { lastPiece, RULES, rulesUsing } from "../grading/checkpoint/rules/index.js";
import { runRules } from "../grading/checkpoint/rules/run.js";
import { countLine } from "../grading/checkpoint/summary.js";
import type { Rule, RuleVerdict } from "../grading/checkpoint/rules/types.js";
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
} from "../assembly/piece-names.js";
import { reveal } from "./reveal.js";
import { notebookWhere, pieceSection, todoNamed } from "../grading/checkpoint/rule-home.js";

/** How many times each piece's check has run on the learner's own code (not the starting TODO). */
const tries = new Map<PieceName, number>();

/** Checks of a piece on the learner's own code before its reveal shows unasked: a Run All runs each check once. */
export const TRIES_BEFORE_REVEAL = 2;

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

/** Which definition a check saw, as its verdict line says it ("" when none was given). */
function definitionText(definition?: { number: number; sameAsLast: boolean; firstCheck: boolean }): string {
  if (definition === undefined) return "";
  if (definition.firstCheck) return ` (definition ${definition.number})`;
  return definition.sameAsLast
    ? ` (definition ${definition.number}, unchanged since the last check: if you edited the cell, run it; a cell that does not compile keeps the old one)`
    : ` (definition ${definition.number}, new since the last check)`;
}

/** The lines a check cell prints for a verdict. */
export function verdictText(
  verdict: PieceVerdict,
  definition?: { number: number; sameAsLast: boolean; firstCheck: boolean },
): string {
  const which = definitionText(definition);
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

/** A rule's verdict as the notebook shows it: the grader's line when ok; otherwise the section and the real cause. */
export function notebookLine(rule: Rule, verdict: RuleVerdict): string {
  if (verdict.ok) return verdict.line;
  const said = verdict.line.replace(/^FAIL /u, "").replace(/ \(look at: .*\)$/u, "");
  const todo = todoNamed(said);
  if (todo !== undefined) return `not yet ${rule.id}: ${todo} is not written yet (look at: ${pieceSection(todo)})`;
  const where = notebookWhere(rule, said);
  return `not yet ${said}${where === undefined ? "" : ` (look at: ${where})`}`;
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
 * are named as the cell runs, so the check sees the latest definition of each. The piece's own
 * check runs, then the rules this piece completes; the first line printed is the verdict of both
 * (ok only when the check and every rule it ran are met), then the rules' lines, then one line
 * on the rules that wait for another piece.
 */
export async function check(piece: string, ...defined: unknown[]): Promise<void> {
  const name = pieceNamed(piece);
  const given = piecesOf(...defined);
  Object.assign(latest, given);
  const definition = given[name] === undefined ? undefined : definitionOf(name, given[name]);
  const verdict = await runPieceCheck(name, { ...latest, ...given });
  if (given[name] !== undefined) lastCheck.set(name, { source: sourceOf(given[name]), verdict });
  if (given[name] !== undefined && !verdict.received?.startsWith("the starting TODO"))
    tries.set(name, (tries.get(name) ?? 0) + 1);
  // Every rule that uses this piece: those it completes run here once all their pieces are
  // ready; those completed by a later piece run in that piece's cell, and are counted here.
  const waiting = new Map<string, number>();
  const ready: Rule[] = [];
  for (const rule of rulesUsing(name)) {
    const wait = waitingFor(rule);
    if (wait === undefined) {
      if (lastPiece(rule) === name) ready.push(rule);
      continue;
    }
    const label = `${wait.piece} (${wait.why}; ${PIECE_SECTIONS[wait.piece]})`;
    waiting.set(label, (waiting.get(label) ?? 0) + 1);
  }
  const snapshot = { ...latest };
  const ran = ready.length === 0 ? { lines: [], verdicts: [] } : await ruleLines(ready, () => snapshot);
  console.log(cellVerdictText(verdict, ran.verdicts, definition));
  for (const line of ran.lines) console.log(`  ${line}`);
  const waitLine = waitingLine(waiting);
  if (waitLine !== undefined) console.log(waitLine);
}

/**
 * A check cell's first lines: the piece's own verdict, unless its check passed and a rule the cell
 * ran is not met: then "not yet", saying so, since the rules' lines follow it.
 */
export function cellVerdictText(
  verdict: PieceVerdict,
  rules: readonly RuleVerdict[],
  definition?: { number: number; sameAsLast: boolean; firstCheck: boolean },
): string {
  const unmet = rules.filter((rule) => !rule.ok);
  if (!verdict.ok || unmet.length === 0) return verdictText(verdict, definition);
  const count = `${unmet.length} of ${rules.length} rule${rules.length === 1 ? "" : "s"} below ${unmet.length === 1 ? "is" : "are"} not met yet`;
  return `not yet ${verdict.name}${definitionText(definition)}: its own check passed, but ${count} (${unmet.map((rule) => rule.rule).join(", ")})`;
}

/** The rules that wait for another piece, folded to one line: how many, for which piece, and why. */
export function waitingLine(waiting: ReadonlyMap<string, number>): string | undefined {
  if (waiting.size === 0) return undefined;
  const total = [...waiting.values()].reduce((sum, count) => sum + count, 0);
  const parts = [...waiting].map(([label, count]) => `${count} for ${label}`);
  return `  ${total} more rule${total === 1 ? "" : "s"} using this piece wait${total === 1 ? "s" : ""}: ${parts.join("; ")}`;
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
 * A reveal cell: the library's own code for `piece`, once the learner's own code has been through
 * the piece's check TRIES_BEFORE_REVEAL times (a Run All runs each check once, so it never shows
 * one), or at once when asked: `revealAfterTrying("answerFor", { now: true })`. Otherwise a line
 * saying when it will show.
 */
export function revealAfterTrying(piece: string, options: { readonly now?: boolean } = {}): void {
  const name = pieceNamed(piece);
  const tried = tries.get(name) ?? 0;
  if (options.now === true || tried >= TRIES_BEFORE_REVEAL) {
    console.log(reveal(name));
    return;
  }
  const more = TRIES_BEFORE_REVEAL - tried;
  console.log(
    `(the library's ${name} shows here once your own ${name} has been through its check ${more === 1 ? "once more" : more === 2 ? "twice" : `${more} times`}; to see it now: revealAfterTrying("${name}", { now: true }))`,
  );
}

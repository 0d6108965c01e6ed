// Where a rule lives in the build notebook: the piece it judges first of all (its home), and so the
// section that states its demands and the section a failing line points at. Derived from what the
// rule declares (its pieces, and the learner/ method its `where` names), never kept per rule.
import { lastPiece } from "./rules/index.js";
import type { Rule } from "./rules/types.js";
import { isPieceName, PIECE_NAMES, PIECE_SECTIONS, type PieceName } from "../../assembly/piece-names.js";

/** The methods learner/'s StdioClient has where the notebook has a piece function. */
const METHOD_PIECES: ReadonlyArray<readonly [RegExp, PieceName]> = [
  [/\binitialize\(\)|\blistTools\(\)/u, "connect"],
  [/\brequest\(\)|\bread loop\b/u, "request"],
  [/\bcallTool\(\)/u, "callTool"],
  [/\bclose\(\)/u, "close"],
];

/**
 * The piece a rule judges first of all: its only piece; else the one its `where` names (a
 * learner/ method, or a piece by name); else the last of its pieces (the check cell that runs it).
 */
export function homePiece(rule: Pick<Rule, "pieces" | "where">): PieceName | undefined {
  if (rule.pieces.length === 1) return rule.pieces[0];
  // The method its `where` names first: "callTool() (... the catalog from listTools())" is callTool's.
  const method = METHOD_PIECES.flatMap(([pattern, piece]) => {
    const at = rule.pieces.includes(piece) ? rule.where.search(pattern) : -1;
    return at === -1 ? [] : [{ at, piece }];
  }).sort((a, b) => a.at - b.at)[0];
  if (method !== undefined) return method.piece;
  const named = rule.pieces.find((piece) => new RegExp(`\\b${piece}\\b`, "u").test(rule.where));
  return named ?? lastPiece(rule as Rule);
}

/**
 * The piece a failing rule's line points a notebook learner at: a piece still a TODO; a process
 * left running is close's to end, whatever the rule judged; otherwise the rule's home.
 */
export function pieceToLookAt(rule: Pick<Rule, "pieces" | "where">, said: string): PieceName | undefined {
  const todo = todoNamed(said);
  if (todo !== undefined) return todo;
  if (rule.pieces.includes("close") && /left running/u.test(said)) return "close";
  return homePiece(rule);
}

/** A piece a starting TODO names in a rule's failure ("close is not implemented yet"), if any. */
export function todoNamed(text: string): PieceName | undefined {
  const match = /\b([A-Za-z]+)(?:\.[A-Za-z]+)? is not implemented yet/u.exec(text);
  const name = match?.[1];
  return name !== undefined && isPieceName(name) ? name : undefined;
}

/** A piece's place in the notebook: "section 9 (request)", or "section 1 (Messages), notificationMessage". */
export function pieceSection(piece: PieceName): string {
  const section = PIECE_SECTIONS[piece];
  return section.includes(`(${piece})`) ? section : `${section}, ${piece}`;
}

/** Where a notebook learner looks for a failing rule: its section and piece, never a learner/ file. */
export function notebookWhere(rule: Pick<Rule, "pieces" | "where">, said = ""): string | undefined {
  const piece = pieceToLookAt(rule, said);
  if (piece === undefined) return undefined;
  // A rule over every piece of its section (messages-shape) points at the section alone.
  const section = PIECE_SECTIONS[piece];
  const together = PIECE_NAMES.filter((each) => PIECE_SECTIONS[each] === section);
  return together.every((each) => rule.pieces.includes(each)) ? section : pieceSection(piece);
}

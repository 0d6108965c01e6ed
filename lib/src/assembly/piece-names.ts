// The pieces a learner writes in the build notebook, in the chapter's order, where each is taught,
// and what each one needs from the others. One list, so the notebook's check cells, the assembled
// client and the `--notebook` grader agree on names. Which rules grade which piece is not kept
// here: each rule declares its pieces (Rule.pieces) and rule-groups.ts derives every grouping.
import { UsageError } from "../errors/usage-error.js";

/**
 * The build notebook's pieces, in the order its sections teach them. close comes before callTool:
 * every client rule ends its session with close, so the session rules run in close's check cell
 * and only the rules that call a tool wait for callTool's (each cell stays within its time budget).
 */
export const PIECE_NAMES = [
  "requestMessage",
  "notificationMessage",
  "answerFor",
  "encodeFrame",
  "FrameReader",
  "parseFrame",
  "checkInitialize",
  "checkTools",
  "resultText",
  "request",
  "connect",
  "close",
  "callTool",
  "topTools",
] as const;

export type PieceName = (typeof PIECE_NAMES)[number];

/** Whatever the learner has defined so far, by name; a piece not yet run is absent. */
export type PieceSet = Partial<Record<PieceName, unknown>>;

/** The build notebook's section that teaches each piece, as its heading reads. */
export const PIECE_SECTIONS: Readonly<Record<PieceName, string>> = {
  requestMessage: "section 1 (Messages)",
  notificationMessage: "section 1 (Messages)",
  answerFor: "section 2 (answerFor)",
  encodeFrame: "section 3 (encodeFrame)",
  FrameReader: "section 4 (FrameReader)",
  parseFrame: "section 5 (parseFrame)",
  checkInitialize: "section 6 (checkInitialize)",
  checkTools: "section 7 (checkTools)",
  resultText: "section 8 (resultText)",
  request: "section 9 (request)",
  connect: "section 10 (connect)",
  close: "section 11 (close)",
  callTool: "section 12 (callTool)",
  topTools: "section 13 (topTools)",
};

const WIRE: readonly PieceName[] = [
  "requestMessage",
  "notificationMessage",
  "answerFor",
  "encodeFrame",
  "FrameReader",
  "parseFrame",
];

/** The pieces each piece's own check also uses (its dependents fail with it, nothing else does). */
export const PIECE_NEEDS: Readonly<Record<PieceName, readonly PieceName[]>> = {
  requestMessage: [],
  notificationMessage: [],
  answerFor: [],
  encodeFrame: [],
  FrameReader: [],
  parseFrame: [],
  checkInitialize: [],
  checkTools: [],
  resultText: [],
  request: [...WIRE],
  connect: [...WIRE, "checkInitialize", "checkTools", "request"],
  callTool: [...WIRE, "checkInitialize", "checkTools", "resultText", "request", "connect"],
  close: [...WIRE, "checkInitialize", "checkTools", "request", "connect"],
  topTools: [],
};

/** True for the names the build notebook teaches. */
export function isPieceName(name: string): name is PieceName {
  return (PIECE_NAMES as readonly string[]).includes(name);
}

/** The piece's position in the notebook (its section order). */
export function pieceOrder(piece: PieceName): number {
  return PIECE_NAMES.indexOf(piece);
}

/**
 * What a starting cell's body does until the learner writes it: refuse, in the closed family,
 * saying which piece is still a TODO. The checks read reason "not-written" as "not yet"; the checkpoint's
 * rules know a stub by "not implemented" in its message, as they do for learner/'s stubs.
 */
export function todo(piece: string): never {
  throw new UsageError("not-written", {
    what: `${piece} is not implemented yet`,
    expected: `your code in place of the TODO in ${piece}'s cell`,
  });
}

/** True when `error` is a starting cell's TODO refusal. */
export function isTodo(error: unknown): boolean {
  return error instanceof UsageError && error.reason === "not-written";
}

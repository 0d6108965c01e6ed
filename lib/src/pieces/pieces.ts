// The pieces a learner writes in the build notebook, in the chapter's order, and what each one
// needs from the others. One list, so the notebook's check cells, the assembled client and the
// `--notebook` grader agree on names.
import { UsageError } from "../errors/usage-error.js";

/** The build notebook's pieces, in the order its sections teach them. */
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
  "callTool",
  "close",
] as const;

export type PieceName = (typeof PIECE_NAMES)[number];

/** Whatever the learner has defined so far, by name; a piece not yet run is absent. */
export type PieceSet = Partial<Record<PieceName, unknown>>;

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
  request: [
    "requestMessage",
    "notificationMessage",
    "answerFor",
    "encodeFrame",
    "FrameReader",
    "parseFrame",
    "checkInitialize",
    "checkTools",
  ],
  callTool: [
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
  ],
  close: [
    "requestMessage",
    "notificationMessage",
    "answerFor",
    "encodeFrame",
    "FrameReader",
    "parseFrame",
    "checkInitialize",
    "checkTools",
    "request",
  ],
};

/**
 * The checkpoint's rules (lib/src/checkpoint/rules) that grade each piece: a check cell runs them
 * after the piece's own check, and `--notebook` grades with them. Each rule sits with the last
 * piece it needs, so a piece's rules can pass once it and the pieces before it are written.
 */
export const PIECE_RULES: Readonly<Record<PieceName, readonly string[]>> = {
  requestMessage: [],
  notificationMessage: ["messages-shape"],
  answerFor: ["ids-exact", "error-raised"],
  encodeFrame: ["encode-refuses", "encode-limit"],
  FrameReader: ["framing-newline", "framing-utf8-split", "frame-limit-boundary", "frame-limit-endless"],
  parseFrame: ["parse-frame-strict"],
  checkInitialize: ["handshake-version", "handshake-capability"],
  checkTools: ["discovery-bounds"],
  resultText: ["result-text-iserror"],
  request: ["deadline-per-operation", "notifications-bounded", "ping-answered", "ids-fresh"],
  callTool: ["allowlist-before-write", "advertised-before-write", "negative-control"],
  close: ["handshake-order", "spawn-argv-env", "failure-modes", "close-eof-first", "close-group"],
};

/** True for the names the build notebook teaches. */
export function isPieceName(name: string): name is PieceName {
  return (PIECE_NAMES as readonly string[]).includes(name);
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

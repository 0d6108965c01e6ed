// Every rule of Part B, in the order a learner meets them. A rule's id is stable: reports,
// feedback, wrong implementations and hidden checks name rules by id.
import { allowlistBeforeWrite, advertisedBeforeWrite, negativeControl } from "./allowlist-rules.js";
import { handshakeOrder } from "./handshake-order-rules.js";
import { deadlinePerOperation, notificationsBounded, pingAnswered, spawnArgvEnv } from "./client-rules.js";
import { encodeLimit, encodeRefuses } from "./encode-rules.js";
import { costsRule, evidenceRule } from "./receipt-rules.js";
import {
  frameLimitBoundary,
  frameLimitEndless,
  framingNewline,
  framingUtf8Split,
  parseFrameStrict,
} from "./framing-rules.js";
import { discoveryBounds, handshakeCapability, handshakeVersion, resultTextIsError } from "./handshake-rules.js";
import { errorRaised, idsExact, messagesShape } from "./messages-rules.js";
import { closeEofFirst, closeGroup, failureModes } from "./mode-rules.js";
import { closeWhatStays } from "./close-rules.js";
import { deadlineAsGiven } from "./deadline-rules.js";
import { serverRequestRefused } from "./server-request-rules.js";
import { pieceOrder, type PieceName } from "../../../assembly/piece-names.js";
import { idsFresh, timeoutBounded } from "./request-rules.js";
import type { ObservedRule, Rule } from "./types.js";

export const RULES: readonly ObservedRule[] = [
  messagesShape,
  idsExact,
  errorRaised,
  framingNewline,
  framingUtf8Split,
  frameLimitBoundary,
  frameLimitEndless,
  parseFrameStrict,
  encodeRefuses,
  encodeLimit,
  handshakeVersion,
  handshakeCapability,
  discoveryBounds,
  resultTextIsError,
  handshakeOrder,
  negativeControl,
  allowlistBeforeWrite,
  advertisedBeforeWrite,
  pingAnswered,
  serverRequestRefused,
  deadlinePerOperation,
  deadlineAsGiven,
  spawnArgvEnv,
  notificationsBounded,
  idsFresh,
  timeoutBounded,
  failureModes,
  closeEofFirst,
  closeGroup,
  closeWhatStays,
  evidenceRule(),
  costsRule(),
];

// Every grouping of rules is derived from what each rule declares (Rule.pieces), never kept by
// hand: the rules a check cell runs, the piece a rule waits for, the rules a path grades.

/** The last of a rule's pieces in the notebook's order: the check cell that runs it. */
export function lastPiece(rule: Rule): PieceName | undefined {
  let last: PieceName | undefined;
  for (const piece of rule.pieces) if (last === undefined || pieceOrder(piece) > pieceOrder(last)) last = piece;
  return last;
}

/** The rules a piece's check cell runs: those whose last piece it is, in RULES order. */
export function rulesOfPiece(piece: PieceName, rules: readonly Rule[] = RULES): Rule[] {
  return rules.filter((rule) => lastPiece(rule) === piece);
}

/** The rules that exercise `piece` at all (feedback for one piece). */
export function rulesUsing(piece: PieceName, rules: readonly Rule[] = RULES): Rule[] {
  return rules.filter((rule) => rule.pieces.includes(piece));
}

/** The rules a submission holding `pieces` is graded by: every rule whose pieces are all among them. */
export function rulesForPieces(pieces: readonly PieceName[], rules: readonly Rule[] = RULES): Rule[] {
  return rules.filter((rule) => rule.pieces.every((piece) => pieces.includes(piece)));
}

export function ruleById(id: string, rules: readonly Rule[] = RULES): Rule | undefined {
  return rules.find((rule) => rule.id === id);
}

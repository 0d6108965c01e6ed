// Every rule of Part B, in the order a learner meets them. A rule's id is stable: reports,
// feedback, wrong implementations and hidden checks name rules by id.
import {
  allowlistBeforeWrite,
  advertisedBeforeWrite,
  deadlinePerOperation,
  handshakeOrder,
  negativeControl,
  notificationsBounded,
  pingAnswered,
  spawnArgvEnv,
} from "./client-rules.js";
import { encodeLimit, encodeRefuses } from "./encode-rules.js";
import { evidenceRule } from "./evidence-rule.js";
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
import { idsFresh, timeoutBounded } from "./request-rules.js";
import type { Rule } from "./types.js";

export const RULES: readonly Rule[] = [
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
  deadlinePerOperation,
  spawnArgvEnv,
  notificationsBounded,
  idsFresh,
  timeoutBounded,
  failureModes,
  closeEofFirst,
  closeGroup,
  evidenceRule(),
];

/** The pieces a learner builds, and the rules that grade each (for feedback by piece). */
export const PIECES: Readonly<Record<string, readonly string[]>> = {
  messages: ["messages-shape", "ids-exact", "error-raised"],
  framing: [
    "framing-newline",
    "framing-utf8-split",
    "frame-limit-boundary",
    "frame-limit-endless",
    "parse-frame-strict",
    "encode-refuses",
    "encode-limit",
  ],
  handshake: ["handshake-version", "handshake-capability", "discovery-bounds"],
  "result-text": ["result-text-iserror"],
  client: [
    "handshake-order",
    "negative-control",
    "allowlist-before-write",
    "advertised-before-write",
    "ping-answered",
    "deadline-per-operation",
    "spawn-argv-env",
    "notifications-bounded",
    "ids-fresh",
    "timeout-bounded",
    "failure-modes",
    "close-eof-first",
    "close-group",
  ],
  search: ["evidence-recomputes"],
};

export function ruleById(id: string, rules: readonly Rule[] = RULES): Rule | undefined {
  return rules.find((rule) => rule.id === id);
}

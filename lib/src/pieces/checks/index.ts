// One check per piece of the build notebook, a file each. Each runs the learner's piece as the
// client would use it, and says ok, or "not yet" with what was expected, what came, and a hint at
// the idea (never at a library option). A check uses only its piece and the pieces PIECE_NEEDS
// names, so a wrong answer in one piece fails that piece's check and its dependents', no other.
// The record is keyed by every PieceName: a piece without a check here does not compile.
import { answerForCheck } from "./answer-for-check.js";
import { callToolCheck } from "./call-tool-check.js";
import { checkInitializeCheck } from "./check-initialize-check.js";
import { checkToolsCheck } from "./check-tools-check.js";
import { closeCheck } from "./close-check.js";
import { connectCheck } from "./connect-check.js";
import { encodeFrameCheck } from "./encode-frame-check.js";
import { FrameReaderCheck } from "./frame-reader-check.js";
import { notificationMessageCheck } from "./notification-message-check.js";
import { parseFrameCheck } from "./parse-frame-check.js";
import { requestCheck } from "./request-check.js";
import { requestMessageCheck } from "./request-message-check.js";
import { resultTextCheck } from "./result-text-check.js";
import { topToolsCheck } from "./top-tools-check.js";
import type { Body } from "./check-types.js";
import type { PieceName } from "../../assembly/piece-names.js";

export const CHECKS: Readonly<Record<PieceName, Body>> = {
  requestMessage: requestMessageCheck,
  notificationMessage: notificationMessageCheck,
  answerFor: answerForCheck,
  encodeFrame: encodeFrameCheck,
  FrameReader: FrameReaderCheck,
  parseFrame: parseFrameCheck,
  checkInitialize: checkInitializeCheck,
  checkTools: checkToolsCheck,
  resultText: resultTextCheck,
  request: requestCheck,
  connect: connectCheck,
  close: closeCheck,
  callTool: callToolCheck,
  topTools: topToolsCheck,
};

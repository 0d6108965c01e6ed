// The build pieces a client rule exercises through the client assembled from them: a session
// (the wire pieces, request, connect, and close, which every session ends with), and a session
// that also calls a tool.
import type { PieceName } from "../../../assembly/piece-names.js";

/** A client session: started, handshake and discovery, closed. */
export const SESSION_PIECES: readonly PieceName[] = [
  "requestMessage",
  "notificationMessage",
  "answerFor",
  "encodeFrame",
  "FrameReader",
  "parseFrame",
  "checkInitialize",
  "checkTools",
  "request",
  "connect",
  "close",
];

/** A session that calls a tool: callTool and the resultText it returns. */
export const CALL_PIECES: readonly PieceName[] = [...SESSION_PIECES, "resultText", "callTool"];

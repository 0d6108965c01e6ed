export {
  PROTOCOL_VERSION,
  DEFAULT_FRAME_LIMIT,
  MAX_SKIPPED_MESSAGES,
  MAX_TOOLS,
  JSON_RPC_ERRORS,
} from "./constants.js";
export {
  requestMessage,
  notificationMessage,
  answerFor,
  isJsonObject,
  type JsonRpcMessage,
  type JsonObject,
  type RequestMessage,
  type NotificationMessage,
} from "./messages.js";
export { encodeFrame } from "./encode-frame.js";
export { FrameReader } from "./frame-reader.js";
export { parseFrame } from "./parse-frame.js";
export { checkInitialize, checkTools, checkToolsPage, type InitializeResult, type McpTool } from "./handshake.js";
export { resultText } from "./result-text.js";
export {
  MODERN_PROTOCOL_VERSION,
  CLIENT_PROTOCOLS,
  MODERN_ERROR_CODES,
  judgeProbe,
  modernMeta,
  checkDiscover,
  type ClientProtocol,
  type ProbeOutcome,
  type ProbeVerdict,
} from "./eras.js";
export * from "../errors/index.js";

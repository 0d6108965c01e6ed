// The library's public API. Adding an export here is adding public API: name each one.

// --- protocol: messages, framing, handshake, errors ---
export {
  PROTOCOL_VERSION, DEFAULT_FRAME_LIMIT, MAX_SKIPPED_MESSAGES, MAX_TOOLS,
  requestMessage, notificationMessage, answerFor, isJsonObject,
  encodeFrame, FrameReader, parseFrame, checkInitialize, checkTools, resultText,
  WorkbookError, ProtocolError, DeadlineError, ClosedError, ServerError, ToolError, RefusedError, UsageError,
} from "./protocol/index.js";
export type {
  JsonRpcMessage, JsonObject, RequestMessage, NotificationMessage, InitializeResult, McpTool,
  ErrorCode, ProtocolReason, ClosedReason, RefusedReason, Wording,
} from "./protocol/index.js";

// --- client: StdioClient and the teaching server's location ---
export {
  StdioClient, MAX_TIMEOUT_MS, endProcessGroup, processGroupMembers, signalGroup, groupIsEmpty,
  TEACHING_SERVER, teachingServerCommand,
} from "./client/index.js";
export type { ExitStatus, StdioClientOptions } from "./client/index.js";

// --- tools: what the model hears (asModelTool, toolText, topTools, BM25) ---

// --- stats: Wilson interval, exact McNemar ---

// --- experiment: Part A catalog, providers, runner, receipts ---

// --- charts: vega-lite specs from receipts, SVG in Node ---

// Your implementation of chapter 14's client, Part B. Fill in each TODO; the checkpoint grades
// this package with `npm run checkpoint -- --impl learner` (build first: `npm run build`).
// The error classes, constants and types come from the workbook's library, so only the logic is
// yours to write.
export {
  PROTOCOL_VERSION,
  DEFAULT_FRAME_LIMIT,
  MAX_TOOLS,
  WorkbookError,
  ProtocolError,
  DeadlineError,
  ClosedError,
  ServerError,
  ToolError,
  RefusedError,
  UsageError,
} from "mcp-workbook";
export type {
  JsonRpcMessage,
  JsonObject,
  RequestMessage,
  NotificationMessage,
  InitializeResult,
  McpTool,
  StdioClientOptions,
} from "mcp-workbook";

export { requestMessage, notificationMessage, answerFor } from "./messages.js";
export { encodeFrame, FrameReader, parseFrame } from "./framing.js";
export { checkInitialize, checkTools } from "./handshake.js";
export { resultText } from "./result-text.js";
export { topTools } from "./search.js";
export { StdioClient } from "./client.js";
export type { ExitStatus } from "./client.js";
export { exercise1, exercise2, exercise3, exercise4, exercise5, exercise6, exercise7 } from "./exercises/index.js";

// The library's root: what the chapter's cells use to build and run a client. Protocol messages
// and framing, the client the course teaches with its options and wire trace, its errors, what a
// model hears about a tool, and Part A's statistics. Everything else is a namespace of its own,
// imported by subpath (`mcp-workbook/experiment`, `mcp-workbook/charts`, ...: see lib/<area>/).
// Adding an export here is adding public API; test/surface/public-surface.test.ts pins it.

// --- protocol: messages and ids, framing, the handshake's checks ---
export {
  PROTOCOL_VERSION,
  DEFAULT_FRAME_LIMIT,
  MAX_SKIPPED_MESSAGES,
  MAX_TOOLS,
  requestMessage,
  notificationMessage,
  answerFor,
  encodeFrame,
  FrameReader,
  parseFrame,
  checkInitialize,
  checkTools,
  resultText,
  judgeProbe,
} from "./protocol/index.js";
export type {
  JsonRpcMessage,
  JsonObject,
  RequestMessage,
  NotificationMessage,
  InitializeResult,
  McpTool,
  ClientProtocol,
} from "./protocol/index.js";

// --- errors: the closed family every failure is raised as ---
export {
  WorkbookError,
  ProtocolError,
  DeadlineError,
  ClosedError,
  ServerError,
  ToolError,
  RefusedError,
  UsageError,
  DataError,
  ServiceError,
  // How a value's type reads in the feedback's lines ('the string "1"', 'the integer 4').
  describeValue,
} from "./errors/index.js";

// --- client: StdioClient, its options, the wire trace it takes, process groups, the teaching server (and which of its processes are alive) ---
export {
  StdioClient,
  OutstandingRequests,
  closeAllClients,
  WireTrace,
  endProcessGroup,
  processGroupMembers,
  signalGroup,
  groupIsEmpty,
  teachingServerCommand,
  teachingServersStartedBy,
  wholeMs,
} from "./client/index.js";
export type { ExitStatus, StdioClientOptions, TraceEntry, TraceSnapshot } from "./client/index.js";

// --- tools: what the model hears (asModelTool, toolText) and tool search (topTools, BM25, embeddings) ---
export {
  asModelTool,
  toolText,
  topTools,
  topToolsAsync,
  tokenize,
  Bm25Index,
  bm25Scorer,
  BM25_DEFAULT_K1,
  BM25_DEFAULT_B,
  recallAtK,
  ollamaEmbeddingScorer,
  cosineSimilarity,
} from "./tools/index.js";
export type { ScoreFunction } from "./tools/index.js";

// --- stats: Wilson interval, exact McNemar, least squares ---
export { wilson, mcnemarExact, pairedCounts, leastSquares } from "./stats/index.js";

// A small agent loop that searches the allowed tools every turn: models, executors, the loop, exercise 3's data.
export { runLoop } from "./loop.js";
export { resolveLoopOptions, DEFAULT_TOP_M, DEFAULT_MAX_TURNS, MAX_MAX_TURNS } from "./options.js";
export type { LoopOptions, SearchOn, Keep, ResolvedLoopOptions } from "./options.js";
export type { AgentModel, ToolExecutor, ModelAnswer, ToolCall, CallOutcome, Message } from "./types.js";
export type { Turn, Transcript } from "./transcript.js";
export { completedCalls, refusedCalls, formatTranscript } from "./transcript.js";
export { scriptedModel, callIfOffered, toolCall, finalText } from "./scripted-model.js";
export type { ScriptedTurn, TurnView } from "./scripted-model.js";
export { providerModel, askFor, askText } from "./provider-model.js";
export type { ProviderModelOptions } from "./provider-model.js";
export { inProcessExecutor, clientExecutor, recordCalls } from "./executors.js";
export type { ToolHandler, RecordingExecutor } from "./executors.js";
export { shopHandlers } from "./shop-handlers.js";
export { SEARCH_TOOL, SEARCH_TOOL_NAME } from "./search-tool.js";
export { notAllowedText, notOfferedText, failedText, foundText } from "./wording.js";
export {
  TWO_STEP_REQUEST,
  TWO_STEP_REQUEST_TERSE,
  DELIVERY_ARGS,
  MESSAGE_ARGS,
  MESSAGE_SEARCH_QUERY,
  twoStepCatalog,
  twoStepModel,
} from "./two-step.js";

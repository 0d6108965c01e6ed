// A small agent loop that searches the allowed tools every turn: models, executors, the loop, exercise 3's data.
export { runLoop } from "./loop.js";
export type { LoopOptions, Keep } from "./options.js";
export type { AgentModel, Message } from "./types.js";
export type { Transcript } from "./transcript.js";
export { completedCalls, refusedCalls, formatTranscript } from "./transcript.js";
export { scriptedModel, callIfOffered, toolCall, finalText } from "./scripted-model.js";
export type { ScriptedTurn } from "./scripted-model.js";
export { providerModel, askFor, askText } from "./provider-model.js";
export { inProcessExecutor, clientExecutor, recordCalls } from "./executors.js";
export { shopHandlers } from "./shop-handlers.js";
export { notAllowedText, notOfferedText, failedText } from "./wording.js";
export {
  TWO_STEP_REQUEST,
  TWO_STEP_REQUEST_TERSE,
  DELIVERY_ARGS,
  MESSAGE_ARGS,
  MESSAGE_SEARCH_QUERY,
  twoStepCatalog,
  twoStepModel,
} from "./two-step.js";

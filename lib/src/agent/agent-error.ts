/** Stable codes for a loop that cannot go on, or was set up wrongly. */
export type AgentErrorCode =
  | "bad_option" // a loop option out of its range
  | "bad_answer" // the model answered something that is neither a call nor a text
  | "script_exhausted" // a scripted model was asked for more turns than it has steps
  | "unknown_tool" // an executor has no handler for the name
  | "bad_arguments"; // a handler's arguments do not match what it needs

/** Raised by the agent loop, its models and its executors; the message says what was expected and what came. */
export class AgentError extends Error {
  override readonly name = "AgentError";
  readonly code: AgentErrorCode;

  constructor(code: AgentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

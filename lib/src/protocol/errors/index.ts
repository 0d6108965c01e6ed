export { WorkbookError, type ErrorCode } from "./workbook-error.js";
export { ProtocolError, type ProtocolReason } from "./protocol-error.js";
export { DeadlineError } from "./deadline-error.js";
export { ClosedError, type ClosedReason } from "./closed-error.js";
export { ServerError } from "./server-error.js";
export { ToolError } from "./tool-error.js";
export { RefusedError, type RefusedReason } from "./refused-error.js";
export { UsageError } from "./usage-error.js";
export { sentence, preview, describeValue, showId, type Wording } from "./wording.js";

import { CLOSED_REASONS } from "./closed-error.js";
import { DATA_REASONS } from "./data-error.js";
import { DEADLINE_REASONS } from "./deadline-error.js";
import { PROTOCOL_REASONS } from "./protocol-error.js";
import { REFUSED_REASONS } from "./refused-error.js";
import { SERVER_REASONS } from "./server-error.js";
import { SERVICE_REASONS } from "./service-error.js";
import { TOOL_REASONS } from "./tool-error.js";
import { USAGE_REASONS } from "./usage-error.js";

/** Each class of the family with its closed set of reasons: the error table in docs/client.md is tested against it. */
export const ERROR_REASONS = {
  ProtocolError: PROTOCOL_REASONS,
  DeadlineError: DEADLINE_REASONS,
  ClosedError: CLOSED_REASONS,
  ServerError: SERVER_REASONS,
  ToolError: TOOL_REASONS,
  RefusedError: REFUSED_REASONS,
  UsageError: USAGE_REASONS,
  DataError: DATA_REASONS,
  ServiceError: SERVICE_REASONS,
} as const satisfies Record<string, readonly string[]>;

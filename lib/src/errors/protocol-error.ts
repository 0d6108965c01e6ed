import { WorkbookError } from "./workbook-error.js";
import { checkReason } from "./usage-error.js";
import type { Wording } from "./wording.js";

export const PROTOCOL_REASONS = [
  "frame-limit",
  "malformed-frame",
  "not-json-rpc",
  "wrong-id",
  "bad-response",
  "version",
  "capabilities",
  "catalog",
  "too-many-messages",
] as const;
export type ProtocolReason = (typeof PROTOCOL_REASONS)[number];

/**
 * The server broke the protocol. Only for what a server sent: a message of ours that cannot be
 * sent is the caller's mistake (UsageError, from encodeFrame).
 */
export class ProtocolError extends WorkbookError {
  readonly code = "protocol" as const;
  declare readonly reason: ProtocolReason;

  constructor(reason: ProtocolReason, wording: Wording, options?: { cause?: unknown }) {
    checkReason("ProtocolError", PROTOCOL_REASONS, reason);
    super(reason, wording, options);
  }
}

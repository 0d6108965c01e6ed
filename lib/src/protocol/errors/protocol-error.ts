import { WorkbookError } from "./workbook-error.js";
import type { Wording } from "./wording.js";

export type ProtocolReason =
  | "frame-limit"
  | "malformed-frame"
  | "not-json-rpc"
  | "not-json"
  | "wrong-id"
  | "bad-response"
  | "version"
  | "capabilities"
  | "catalog"
  | "too-many-messages";

/** The peer broke the protocol (or we were asked to send something that is not valid JSON-RPC). */
export class ProtocolError extends WorkbookError {
  readonly code = "protocol" as const;
  declare readonly reason: ProtocolReason;

  constructor(reason: ProtocolReason, wording: Wording, options?: { cause?: unknown }) {
    super(reason, wording, options);
  }
}

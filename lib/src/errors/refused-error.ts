import { WorkbookError } from "./workbook-error.js";
import { checkReason } from "./usage-error.js";
import type { Wording } from "./wording.js";

export const REFUSED_REASONS = [
  "not-allowed",
  "not-advertised",
  "not-initialized",
  "already-initialized",
  "busy",
  "bad-arguments",
] as const;
export type RefusedReason = (typeof REFUSED_REASONS)[number];

/**
 * The application refused, before a byte reached the server: a tool not allowed or not
 * advertised, an operation before the handshake (not-initialized) or a second handshake
 * (already-initialized), a second operation while one is in flight (busy).
 */
export class RefusedError extends WorkbookError {
  readonly code = "refused" as const;
  declare readonly reason: RefusedReason;

  constructor(reason: RefusedReason, wording: Wording, options?: { cause?: unknown }) {
    checkReason("RefusedError", REFUSED_REASONS, reason);
    super(reason, wording, options);
  }
}

import { WorkbookError } from "./workbook-error.js";
import { checkReason } from "./usage-error.js";
import type { Wording } from "./wording.js";

export const SERVICE_REASONS = ["unreachable", "http-status", "bad-response"] as const;
export type ServiceReason = (typeof SERVICE_REASONS)[number];

/**
 * A remote model or embedding service failed us: nothing answered, it answered an HTTP error
 * status, or its answer is not the documented shape (a model's malformed answer included).
 */
export class ServiceError extends WorkbookError {
  readonly code = "service" as const;
  declare readonly reason: ServiceReason;
  /** The HTTP status the service answered, when the failure is one ("http-status"). */
  readonly status: number | undefined;

  constructor(reason: ServiceReason, wording: Wording, options?: { cause?: unknown; status?: number }) {
    checkReason("ServiceError", SERVICE_REASONS, reason);
    super(reason, wording, options);
    this.status = options?.status;
  }
}

// The experiment's typed errors: a small closed set, each with a stable code and the cause kept.

export type ExperimentErrorCode =
  | "receipt-unreadable"
  | "receipt-invalid"
  | "receipt-tables-mismatch"
  | "receipt-mismatch"
  | "provider-failed"
  | "provider-response-invalid"
  | "missing-api-key"
  | "usage";

export class ExperimentError extends Error {
  override readonly name: string = "ExperimentError";
  constructor(
    readonly code: ExperimentErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A receipt whose stored tables differ from the tables its rows recompute to. */
export class ReceiptTablesMismatchError extends ExperimentError {
  override readonly name = "ReceiptTablesMismatchError";
  constructor(
    readonly path: string,
    readonly stored: unknown,
    readonly recomputed: unknown,
    file: string,
  ) {
    super(
      "receipt-tables-mismatch",
      `${file}: the stored tables disagree with the tables recomputed from its rows at ${path}: ` +
        `stored ${JSON.stringify(stored)}, recomputed ${JSON.stringify(recomputed)}`,
    );
  }
}

/**
 * Stable codes for catalog trouble:
 * - unreadable: a catalog file is missing or is not JSON;
 * - invalid: a file does not match its schema, or the files disagree (duplicate names, counts);
 * - bad_argument: a catalog was asked for with a kind, size or seed it does not have.
 */
export type CatalogErrorCode = "unreadable" | "invalid" | "bad_argument";

export class CatalogError extends Error {
  override readonly name = "CatalogError";
  readonly code: CatalogErrorCode;

  constructor(code: CatalogErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

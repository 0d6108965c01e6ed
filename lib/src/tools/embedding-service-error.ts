/**
 * Stable codes for a failed call to an embedding service:
 * - unreachable: nothing answered at the address (not running, wrong port, timed out);
 * - http_status: it answered with an error status (for Ollama, often a model not pulled yet);
 * - bad_response: it answered 200 with a body that is not the documented shape.
 */
export type EmbeddingServiceErrorCode = "unreachable" | "http_status" | "bad_response";

export class EmbeddingServiceError extends Error {
  override readonly name = "EmbeddingServiceError";
  readonly code: EmbeddingServiceErrorCode;

  constructor(code: EmbeddingServiceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

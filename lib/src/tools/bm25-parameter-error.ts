/** Raised for a BM25 parameter outside its range; the message names the range and the value. */
export class Bm25ParameterError extends RangeError {
  override readonly name = "Bm25ParameterError";
  readonly code = "bm25_parameter_out_of_range";
  readonly parameter: "k1" | "b";

  constructor(parameter: "k1" | "b", expected: string, received: unknown) {
    super(`BM25 parameter ${parameter} must be ${expected}; received ${String(received)}`);
    this.parameter = parameter;
  }
}

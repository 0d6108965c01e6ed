/** Data a chart cannot draw honestly: an empty source label, k above n, a non-finite number. */
export class ChartInputError extends Error {
  readonly code = "chart-input";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChartInputError";
  }
}

/** Raised when a statistic is asked of counts that cannot be counts; says what was expected. */
export class StatsInputError extends RangeError {
  override readonly name = "StatsInputError";
  readonly code = "invalid_counts";
}

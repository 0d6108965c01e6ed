// How rules read answers: a value that must be there, a refusal that must be there, and the
// wording of both in FAIL lines (what was asked, what was expected, what came).
import { failRule, type ProbeAnswer, type ProbeError } from "./types.js";
import { showWire } from "./wire.js";

/** The closed family of errors the library (and a learner's copy, which reuses its classes) raises. */
export const ERROR_FAMILY: readonly string[] = [
  "WorkbookError",
  "ProtocolError",
  "DeadlineError",
  "ClosedError",
  "ServerError",
  "ToolError",
  "RefusedError",
  "UsageError",
  "DataError",
  "ServiceError",
];

/**
 * How the graded code's error reads in a FAIL line: its class and reason, then its own message in
 * quotes, so an "expected ..." inside that message is never read as what the rule expected.
 */
export function showError(error: ProbeError): string {
  const message = error.message.split("\n")[0]?.slice(0, 200) ?? "";
  return `${error.name}${error.reason ? ` (${error.reason})` : ""}, saying ${JSON.stringify(message)}`;
}

/** A stub's error: the rule's code is not written yet. */
function notWritten(error: ProbeError): boolean {
  return /not implemented/iu.test(error.message) || error.name === "MissingExport";
}

/** The value of an answer that must succeed. */
export function valueOf(answer: ProbeAnswer, what: string, expected: string): unknown {
  if (answer.ok) return answer.value;
  failRule(
    what,
    expected,
    notWritten(answer.error) ? `${showError(answer.error)} (not written yet)` : `it threw ${showError(answer.error)}`,
  );
}

/**
 * An answer that must be a refusal: thrown, and of one of `classes` (by default any class of the
 * library's family). A stub's "not implemented" is no refusal.
 */
export function refusal(
  answer: ProbeAnswer,
  what: string,
  expected: string,
  classes: readonly string[] = ERROR_FAMILY,
  reason?: string,
): ProbeError {
  if (answer.ok) failRule(what, expected, `it returned ${showWire(answer.value)}`);
  if (notWritten(answer.error)) failRule(what, expected, `${showError(answer.error)} (not written yet)`);
  if (!classes.includes(answer.error.name))
    failRule(
      what,
      expected,
      `it threw ${showError(answer.error)}, which is not ${classes.length === 1 ? classes[0] : `one of ${classes.join(", ")}`}`,
    );
  if (reason !== undefined && answer.error.reason !== reason)
    failRule(what, expected, `it threw ${showError(answer.error)}, whose reason is not "${reason}"`);
  return answer.error;
}

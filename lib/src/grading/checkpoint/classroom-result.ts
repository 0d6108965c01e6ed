// The checkpoint's results.json (Gradescope's shape) as GitHub Classroom's autograding reporter
// reads a runner's result: JSON with version 1, a status, the maximum and one entry per test,
// passed to the reporter base64-encoded in the step output `result`.
import { DataError } from "../../errors/data-error.js";

export interface ClassroomResult {
  readonly version: 1;
  readonly status: "pass" | "fail" | "error";
  readonly max_score: number;
  readonly tests: readonly {
    readonly name: string;
    readonly status: "pass" | "fail";
    readonly score: number;
    readonly message: string;
  }[];
}

interface GradescopeResults {
  score: number;
  max_score: number;
  tests: { name: string; score: number; max_score: number; status: string; output?: string }[];
}

/** Classroom's form of a results.json text; a DataError when it is not the checkpoint's. */
export function classroomResult(resultsJson: string): { result: ClassroomResult; score: number; max: number } {
  let parsed: GradescopeResults;
  try {
    parsed = JSON.parse(resultsJson) as GradescopeResults;
  } catch (error) {
    throw new DataError(
      "unreadable",
      { what: "results.json is not JSON", expected: "the checkpoint's results.json" },
      { cause: error },
    );
  }
  if (typeof parsed?.score !== "number" || typeof parsed.max_score !== "number" || !Array.isArray(parsed.tests))
    throw new DataError("invalid", {
      what: "results.json lacks score, max_score or tests",
      expected: "the checkpoint's results.json (Gradescope's shape)",
    });
  const tests = parsed.tests.map((test) => ({
    name: String(test.name),
    status: test.status === "passed" ? ("pass" as const) : ("fail" as const),
    score: Number(test.score) || 0,
    message: String(test.output ?? ""),
  }));
  // A run that graded nothing (max 0: the checkpoint could not run) is an error, not a pass.
  const status = parsed.max_score === 0 ? "error" : tests.every((test) => test.status === "pass") ? "pass" : "fail";
  return {
    result: { version: 1, status, max_score: parsed.max_score, tests },
    score: parsed.score,
    max: parsed.max_score,
  };
}

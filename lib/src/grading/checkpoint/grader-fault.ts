// A fault of the grader's own, found before any graded code ran: a host or relay that cannot start
// (a Node the grading uid cannot run, unshare refusing), a file the grading uid cannot reach, no
// room on disk. Such a run grades nothing: it names what failed and where, exits 2, marks no rule
// FAIL, and a class grades the learner again on its next run. A fault found once graded code has run
// is never the grader's: a submission that fills the disk or uses up the processes would otherwise
// escape its grade for ever.

/** The words a run that met a GraderFault starts its line with (a class finds its job's by them). */
export const GRADER_FAULT = "not graded (the grader's fault, not the submission's)";

export class GraderFault extends Error {
  override readonly name = "GraderFault";

  /**
   * @param what what failed, in a sentence ("uid 65534 cannot run /root/.npm/.../node").
   * @param where the program, file or folder it failed at.
   */
  constructor(
    readonly what: string,
    readonly where: string,
  ) {
    super(`${what} (at ${where})`);
  }

  /** The line a run prints and its reports carry: GRADER_FAULT, then what and where. */
  line(): string {
    return `${GRADER_FAULT}: ${this.message}`;
  }
}

const NO_ROOM = new Set(["ENOSPC", "EDQUOT"]);

/**
 * Runs a step of the grader's set-up (before any graded code runs): a full disk met there is the
 * grader's fault, named with the step; any other error passes through unchanged.
 */
export function graderStep<T>(step: string, where: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (NO_ROOM.has((error as NodeJS.ErrnoException).code ?? ""))
      throw new GraderFault(`no room on disk to ${step}: ${(error as Error).message}`, where);
    throw error;
  }
}

// What close-what-stays accepts as the status of a server that stays after its input ends
// (lib/src/grading/checkpoint/rules/close-rules.ts), checked as functions: the modes it ranges over are
// the table's staying ones, and each way of meeting SIGTERM allows only the statuses a correct
// close() can really get, a signal by name or as Python's negative number.
import { describe, expect, it } from "vitest";
import { STAYING_MODES, sameStatus, statusesFor } from "../../../lib/src/grading/checkpoint/rules/close-rules.js";

const accepts = (sigterm: Parameters<typeof statusesFor>[0], given: unknown): boolean =>
  statusesFor(sigterm).statuses.some((status) => sameStatus(given, status));

describe("close-what-stays", () => {
  it("ranges over every mode that stays, one for each way of meeting SIGTERM", () => {
    expect(STAYING_MODES).toEqual([
      { mode: "term-to-exit", sigterm: "exits" },
      { mode: "eof-deaf", sigterm: "default" },
      { mode: "term-proof", sigterm: "ignored" },
    ]);
  });

  it("accepts only the statuses each way of meeting SIGTERM can end with", () => {
    const given = [0, 1, "SIGTERM", -15, "SIGKILL", -9, 15, 9, null, undefined, "0", "SIGINT"];
    const accepted = (sigterm: Parameters<typeof statusesFor>[0]) => given.filter((each) => accepts(sigterm, each));
    // Uncaught, SIGTERM ends it as it is sent: only SIGTERM, whatever followed.
    expect(accepted("default")).toEqual(["SIGTERM", -15]);
    expect(accepted("ignored")).toEqual(["SIGKILL", -9]);
    // It leaves with 0 once it runs; a SIGKILL sent at once can come first.
    expect(accepted("exits")).toEqual([0, "SIGKILL", -9]);
    expect(accepted("dies")).toEqual(["SIGTERM", -15, "SIGKILL", -9]);
  });
});

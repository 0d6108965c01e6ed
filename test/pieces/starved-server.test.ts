// A server starved on a busy machine answers late. Where a trial's refusal is not a deadline
// (wrong-id, chatty) or there is no refusal at all (a ping answered), lateness must not decide
// it: the build notebook's request check gives those trials a roomy deadline (the checkpoint's,
// for the modes it grades) and keeps 1 s only for hang, whose refusal is the deadline; the
// checkpoint's ping rule gives its session the same roomy deadline.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as library from "../../lib/src/index.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { pingAnswered } from "../../lib/src/grading/checkpoint/rules/client-rules.js";
import { inProcessProbe } from "../../lib/src/grading/checkpoint/rules/in-process.js";
import { FAILURE_MODES } from "../../lib/src/grading/checkpoint/rules/mode-rules.js";
import { runRules } from "../../lib/src/grading/checkpoint/rules/run.js";
import { buildCells, evaluateBuildCells } from "../../lib/src/assembly/notebook-pieces.js";
import { SPREAD_DEADLINE_MS } from "../../lib/src/grading/trials/stall.js";
import { cellScope } from "../../lib/src/pieces/cell-scope.js";
import { requestTrialDeadline, runPieceCheck } from "../../lib/src/pieces/piece-checks.js";
import { serversIn, starve, starveEachOnStart } from "../support/starve.js";

/** Longer than any deadline the check gave these trials before (1 s for wrong-id and chatty, 2 s for the ping). */
const LATE_MS = 2200;
/** Longer than the 3 s the ping rule's session had before, well inside the 5 s it has now. */
const LATE_START_MS = 3500;
/** The request check's trials whose outcome is not a deadline. */
const STARVED_MODES = ["ping", "wrong-id", "chatty"];

describe("the request check against a starved server", () => {
  it("gives hang the 1 s deadline, trickle and drip the spread one, and every other mode the checkpoint's", () => {
    expect(requestTrialDeadline("hang")).toBe(1000);
    expect(requestTrialDeadline("trickle")).toBe(SPREAD_DEADLINE_MS);
    expect(requestTrialDeadline("drip")).toBe(SPREAD_DEADLINE_MS);
    for (const { mode, expect: reason, timeoutMs } of FAILURE_MODES) {
      expect(requestTrialDeadline(mode), mode).toBe(timeoutMs);
      // A refusal that is not a deadline leaves room for a server that reads its request late.
      if (reason !== "deadline") expect(timeoutMs, mode).toBeGreaterThan(LATE_MS + 2000);
    }
    expect(() => requestTrialDeadline("normal")).toThrow(/mode normal: the checkpoint gives it no deadline/);
  });

  it(`passes the solved pieces when each server is stopped for ${LATE_MS} ms as its tools/call is sent`, async () => {
    const solved: unknown = JSON.parse(
      readFileSync(join(REPO_ROOT, "notebooks/solutions/ch14-part-b-build-solutions.ipynb"), "utf8"),
    );
    const { pieces } = evaluateBuildCells(buildCells(solved), cellScope());
    // The check's trials run side by side: each call stops its own server (the context's pid).
    type Request = (context: { pid: number | undefined }, method: string, params: object) => unknown;
    const request = pieces.request as Request;
    // The modes whose server was stopped: a trial run again after a stall of this busy process
    // (grading/trials/stall.ts) starts and stops a server of its mode again, so modes are counted, not stops.
    const starved = new Set<string>();
    pieces.request = ((context, method, params) => {
      const pid = context.pid;
      if (method === "tools/call" && pid !== undefined) {
        const mode = STARVED_MODES.find((name) => serversIn([name]).includes(pid));
        if (mode !== undefined && starve([pid], LATE_MS) === 1) starved.add(mode);
      }
      return request(context, method, params);
    }) satisfies Request;
    const verdict = await runPieceCheck("request", pieces);
    expect(verdict, `${verdict.expected} / ${verdict.received}`).toMatchObject({ ok: true });
    expect([...starved].sort()).toEqual([...STARVED_MODES].sort());
  }, 60_000);

  it(`the checkpoint's ping rule passes the library when its server is stopped for ${LATE_START_MS} ms as it starts`, async () => {
    const watch = starveEachOnStart(["ping"], LATE_START_MS);
    let verdicts;
    try {
      verdicts = await runRules({
        rules: [pingAnswered],
        openProbe: () => Promise.resolve(inProcessProbe({ StdioClient: library.StdioClient })),
      });
    } finally {
      expect(watch.stop()).toBe(1);
    }
    expect(verdicts[0], verdicts[0]!.line).toMatchObject({ ok: true });
  }, 60_000);
});

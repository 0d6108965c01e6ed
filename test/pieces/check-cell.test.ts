// The build notebook's check cells, run in this process over the library's pieces (the kernel
// test runs them in tslab): a cell runs the rules its piece completes once every piece they use
// passed its check, prints them as the grader does, and says what a waiting rule waits for.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RULES, ruleById, rulesOfPiece } from "../../lib/src/grading/checkpoint/rules/index.js";
import type { RuleVerdict } from "../../lib/src/grading/checkpoint/rules/types.js";
import { inProcessProbe } from "../../lib/src/grading/checkpoint/rules/in-process.js";
import { runRules } from "../../lib/src/grading/checkpoint/rules/run.js";
import { implementationFrom } from "../../lib/src/assembly/assembled-client.js";
import { check, notebookLine, revealAfterTrying } from "../../lib/src/pieces/check-cell.js";
import { reveal } from "../../lib/src/pieces/reveal.js";
import { ProtocolError } from "../../lib/src/errors/protocol-error.js";
import { ServerError } from "../../lib/src/errors/server-error.js";
import { runPieceCheck } from "../../lib/src/pieces/piece-checks.js";
import { referencePieces } from "../../lib/src/assembly/reference-pieces.js";
import { todo, type PieceName, type PieceSet } from "../../lib/src/assembly/piece-names.js";

// What a reveal prints is the build notebook test's concern; here only when it shows matters. (No
// module mock: test files share their workers' modules, so check-cell may be loaded already.)
const REVEALED = (piece: PieceName): string => reveal(piece);

let printed: string[] = [];
beforeEach(() => {
  printed = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    printed.push(...args.map(String).join(" ").split("\n"));
  });
});
afterEach(() => vi.restoreAllMocks());

const reference = referencePieces();
const graderLine = async (id: string, pieces: PieceSet): Promise<string> => {
  const [verdict] = await runRules({
    rules: [ruleById(id)!],
    openProbe: () => Promise.resolve(inProcessProbe({ ...implementationFrom(() => pieces) })),
  });
  return verdict!.line;
};

/** A notificationMessage that writes a params key even when none is given ({ params: undefined }). */
function notificationMessage(method: string, params?: object): object {
  return { jsonrpc: "2.0", method, params };
}

describe("check cells over right pieces", () => {
  it("print only ok for the pure pieces, each rule on the grader's own line, and name the piece a later rule waits for", async () => {
    await check("requestMessage", reference.requestMessage);
    await check("notificationMessage", reference.notificationMessage);
    await check("answerFor", reference.answerFor);
    const waitLine = (line: string): boolean => /^ {2}\d+ more rules? using this piece waits?: /u.test(line);
    expect(printed.filter((line) => !/^( {2})?ok /u.test(line) && !waitLine(line))).toEqual([]);
    expect(printed).toContain(`  ${await graderLine("messages-shape", reference)}`);
    expect(printed).toContain(`  ${await graderLine("ids-exact", reference)}`);
    // The client rules use requestMessage too; they wait for the last piece each uses, not run yet,
    // counted on one line (never a list of ids per piece).
    const forClose = rulesOfPiece("close").filter((rule) => rule.pieces.includes("requestMessage")).length;
    const forCallTool = rulesOfPiece("callTool").length;
    expect(printed).toContain(
      `  ${forClose + forCallTool} more rules using this piece wait: ${forClose} for close (not run yet; section 11 (close)); ${forCallTool} for callTool (not run yet; section 12 (callTool))`,
    );
    expect(printed.filter(waitLine)).toHaveLength(3); // one per check cell: requestMessage, notificationMessage, answerFor
  }, 20_000);
});

describe("a notificationMessage that writes params when none are given", () => {
  it("fails its own check, and the grader's messages-shape, alike", async () => {
    const verdict = await runPieceCheck("notificationMessage", { notificationMessage });
    expect(verdict.ok).toBe(false);
    expect(verdict.expected).toBe("no params key when none are given");
    expect(await graderLine("messages-shape", { ...reference, notificationMessage })).toMatch(/^FAIL messages-shape/u);
    await check("notificationMessage", notificationMessage);
    expect(printed[0]).toMatch(/^not yet notificationMessage/u);
    const using = RULES.filter((rule) => rule.pieces.includes("notificationMessage")).length;
    expect(printed).toContain(
      `  ${using} more rules using this piece wait: ${using} for notificationMessage (its own check is not ok yet; section 1 (Messages))`,
    );
  }, 20_000);
});

describe("a rule that fails on a piece not written yet", () => {
  it("names the notebook's section and the real cause, never learner/ files", async () => {
    function close(): never {
      return todo("close");
    }
    const [verdict] = await runRules({
      rules: [ruleById("close-eof-first")!],
      openProbe: () => Promise.resolve(inProcessProbe({ ...implementationFrom(() => ({ ...reference, close })) })),
    });
    expect(verdict!.ok).toBe(false);
    expect(notebookLine(ruleById("close-eof-first")!, verdict!)).toBe(
      "not yet close-eof-first: close is not written yet (look at: section 11 (close))",
    );
  }, 20_000);

  it("a failing rule's line in the notebook points at the section of its piece", async () => {
    const rule = ruleById("messages-shape")!;
    const [verdict] = await runRules({
      rules: [rule],
      openProbe: () =>
        Promise.resolve(inProcessProbe({ ...implementationFrom(() => ({ ...reference, notificationMessage })) })),
    });
    const line = notebookLine(rule, verdict!);
    expect(line).toMatch(/^not yet messages-shape: .*\(look at: section 1 \(Messages\)\)$/u);
    expect(line).not.toContain("learner/");
  }, 20_000);

  it("points each client rule at the piece it is about, and a leftover process at close, never at learner/ files", () => {
    const failing = (id: string, said: string): string => {
      const rule = ruleById(id)!;
      const verdict = { ok: false, line: `FAIL ${id}: ${said} (look at: ${rule.where})` } as RuleVerdict;
      return notebookLine(rule, verdict);
    };
    expect(failing("allowlist-before-write", "the log holds place_purchase")).toBe(
      "not yet allowlist-before-write: the log holds place_purchase (look at: section 12 (callTool))",
    );
    expect(failing("handshake-order", "tools/list came first")).toMatch(/\(look at: section 10 \(connect\)\)$/u);
    expect(failing("deadline-per-operation", "no refusal")).toMatch(/\(look at: section 9 \(request\)\)$/u);
    expect(
      failing("negative-control", "processes were left running after the rule and had to be killed: group 7"),
    ).toMatch(/\(look at: section 11 \(close\)\)$/u);
    for (const rule of RULES) expect(failing(rule.id, "x")).not.toContain("learner/");
  });
});

/** answerFor as the learner of issue 44 wrote it: right ids, but an error member read without looking at it. */
function answerForUnchecked(requestId: number, message: Record<string, unknown>): unknown {
  if ("method" in message) return null;
  const id = message["id"];
  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId)
    throw new ProtocolError("wrong-id", { what: `response id ${String(id)} does not answer request ${requestId}` });
  if ("error" in message) {
    const error = message["error"] as { code: number; message: string };
    throw new ServerError(error, { what: `server error ${error.code}: ${error.message}` });
  }
  const result = message["result"];
  if (typeof result !== "object" || result === null || Array.isArray(result))
    throw new ProtocolError("bad-response", { what: "no result object" });
  return result;
}
Object.defineProperty(answerForUnchecked, "name", { value: "answerFor" });

describe("the check and the rules are one verdict", () => {
  it("a piece whose own check passes while a rule it completes fails says not yet, never ok", async () => {
    expect((await runPieceCheck("answerFor", { answerFor: answerForUnchecked })).ok).toBe(true);
    await check("answerFor", answerForUnchecked);
    expect(printed[0]).toMatch(
      /^not yet answerFor \(definition \d+[^)]*\): its own check passed, but 1 of 2 rules below is not met yet \(error-raised\)$/u,
    );
    expect(printed).toContainEqual(expect.stringMatching(/^ {2}not yet error-raised: /u));
  }, 20_000);

  it("whenever a check cell's first line says ok, no rule it ran is not yet met", async () => {
    const attempts: ReadonlyArray<readonly [string, unknown]> = [
      ["answerFor", reference.answerFor],
      ["answerFor", answerForUnchecked],
      ["resultText", reference.resultText],
    ];
    for (const [piece, value] of attempts) {
      printed = [];
      await check(piece, value);
      const ruleLines = printed.slice(1).filter((line) => /^ {2}(ok|not yet|n\/a) /u.test(line));
      if (printed[0]!.startsWith("ok ")) expect(ruleLines.filter((line) => line.startsWith("  not yet"))).toEqual([]);
      else expect(printed[0]).toMatch(/^not yet /u);
    }
  }, 60_000);
});

describe("reveals come after a real attempt", () => {
  it("stay hidden after one check of the learner's code (a Run All), show after the second, or when asked", async () => {
    await check("parseFrame", reference.parseFrame);
    printed = [];
    revealAfterTrying("parseFrame");
    expect(printed.join("\n")).not.toContain(REVEALED("parseFrame"));
    expect(printed.join("\n")).toContain('revealAfterTrying("parseFrame", { now: true })');
    printed = [];
    revealAfterTrying("parseFrame", { now: true });
    expect(printed.join("\n")).toContain(REVEALED("parseFrame"));
    printed = [];
    await check("parseFrame", reference.parseFrame);
    printed = [];
    revealAfterTrying("parseFrame");
    expect(printed.join("\n")).toContain(REVEALED("parseFrame"));
  }, 20_000);

  it("a starting TODO checked any number of times never counts as a try", async () => {
    function resultText(): never {
      return todo("resultText");
    }
    for (let run = 0; run < 3; run += 1) await check("resultText", resultText);
    printed = [];
    revealAfterTrying("resultText");
    expect(printed.join("\n")).not.toContain(REVEALED("resultText"));
  }, 20_000);
});

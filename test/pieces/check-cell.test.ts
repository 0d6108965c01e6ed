// The build notebook's check cells, run in this process over the library's pieces (the kernel
// test runs them in tslab): a cell runs the rules its piece completes once every piece they use
// passed its check, prints them as the grader does, and says what a waiting rule waits for.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RULES, ruleById, rulesOfPiece } from "../../lib/src/checkpoint/rules/index.js";
import type { RuleVerdict } from "../../lib/src/checkpoint/rules/types.js";
import { inProcessProbe } from "../../lib/src/checkpoint/rules/in-process.js";
import { runRules } from "../../lib/src/checkpoint/rules/run.js";
import { implementationFrom } from "../../lib/src/assembly/assembled-client.js";
import { check, notebookLine } from "../../lib/src/pieces/check-cell.js";
import { runPieceCheck } from "../../lib/src/pieces/piece-checks.js";
import { referencePieces } from "../../lib/src/assembly/reference-pieces.js";
import { todo, type PieceSet } from "../../lib/src/assembly/pieces.js";

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
    expect(printed.filter((line) => !/^( {2})?ok /u.test(line) && !line.startsWith("  waiting for "))).toEqual([]);
    expect(printed).toContain(`  ${await graderLine("messages-shape", reference)}`);
    expect(printed).toContain(`  ${await graderLine("ids-exact", reference)}`);
    // The client rules use requestMessage too; each waits for the last piece it uses, not run yet.
    expect(printed).toContain(
      `  waiting for close (not run yet; section 11 (close)): ${rulesOfPiece("close")
        .filter((rule) => rule.pieces.includes("requestMessage"))
        .map((rule) => rule.id)
        .join(", ")}`,
    );
    expect(printed).toContain(
      `  waiting for callTool (not run yet; section 12 (callTool)): ${rulesOfPiece("callTool")
        .map((rule) => rule.id)
        .join(", ")}`,
    );
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
    expect(printed).toContain(
      "  waiting for notificationMessage (its own check is not ok yet; section 1 (Messages)): " +
        RULES.filter((rule) => rule.pieces.includes("notificationMessage"))
          .map((rule) => rule.id)
          .join(", "),
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

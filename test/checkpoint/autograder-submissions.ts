// The submissions the Gradescope bundle is tried on, here (autograder.slow.test.ts, folders moved)
// and in Ubuntu 22.04 (test/containers/gradescope.slow.test.ts): a learner/ copy each.
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";

/** A submission: its files, by path inside the submission folder. */
export type Submission = Readonly<Record<string, string>>;

/** The library's own client: full marks. */
export const RIGHT: Submission = { "learner/src/index.ts": 'export * from "mcp-workbook";\n' };

/** Ids compared with `==`: ids-exact alone fails. */
export const WRONG: Submission = {
  "learner/src/index.ts": [
    'import * as wb from "mcp-workbook";',
    'export * from "mcp-workbook";',
    "// Ids compared with ==: the mistake.",
    "export function answerFor(id: number, message: wb.JsonRpcMessage): wb.JsonObject | null {",
    '  if ("method" in message) return null;',
    "  // eslint-disable-next-line eqeqeq",
    '  if ((message as { id?: unknown }).id != id) throw new wb.ProtocolError("wrong-id", { what: "another id", expected: String(id) });',
    "  return wb.answerFor(id, { ...message, id } as wb.JsonRpcMessage);",
    "}",
    "",
  ].join("\n"),
};

/** The forged report a hostile submission tries to leave where Gradescope reads the score. */
export const FORGED_SCORE = 999;

/**
 * The library's own client (so every rule passes on merit) that, when the grader loads it, tries
 * to put a score of its own in Gradescope's results.json: at once, and from a process of its own
 * that outlives the grading and writes again 4 s later; and to change the grader's files.
 */
export const HOSTILE: Submission = {
  "learner/src/index.ts": [
    'import { spawn } from "node:child_process";',
    'import { appendFileSync, writeFileSync } from "node:fs";',
    'export * from "mcp-workbook";',
    `const forged = JSON.stringify({ score: ${FORGED_SCORE}, max_score: ${FORGED_SCORE}, tests: [] });`,
    'const results = "/autograder/results/results.json";',
    "const attempt = (what: () => unknown): void => {",
    "  try {",
    "    what();",
    "  } catch {",
    "    // refused: try the next",
    "  }",
    "};",
    "attempt(() => writeFileSync(results, forged));",
    'attempt(() => appendFileSync("/autograder/run_autograder", "\\necho forged\\n"));',
    'attempt(() => appendFileSync("/autograder/source/lib/dist/grading/checkpoint/grade-report.js", "\\n// forged\\n"));',
    "attempt(() =>",
    "  spawn(",
    "    process.execPath,",
    '    ["-e", `setTimeout(() => require("node:fs").writeFileSync(${JSON.stringify(results)}, ${JSON.stringify(forged)}), 4000)`],',
    '    { detached: true, stdio: "ignore" },',
    "  ).unref(),",
    ");",
    "",
  ].join("\n"),
};

/** Full marks: every rule's points but costs-recompute's, not applicable on the committed receipts. */
export const FULL_MARKS = RULES.filter((rule) => rule.id !== "costs-recompute").reduce(
  (sum, rule) => sum + rule.points,
  0,
);

/** Full marks less the one rule WRONG fails. */
export const WRONG_MARKS = FULL_MARKS - RULES.find((rule) => rule.id === "ids-exact")!.points;

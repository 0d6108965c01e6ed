// The checkpoint notebook, top to bottom in a fresh tslab kernel, grading a wrong copy: the kernel
// judges, a separate process runs the copy, and the copy's one mistake is its one FAIL line. The
// output opens with the summary (the six observations, then where to look first); with no variable
// set it grades the saved build notebook, which the walk test (test/course/) runs.
import { expect, it } from "vitest";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { runNotebook } from "../support/notebook.js";

const plain = (text: string) => text.replace(/\u001b\[\d+m/gu, "");

it("grades WORKBOOK_IMPL through the host: the summary first, one line per rule, the copy's mistake its only FAIL", async () => {
  const run = await runNotebook("checkpoints/ch14-checkpoint.ipynb", {
    env: { WORKBOOK_IMPL: "checkpoints/wrong-implementations/ids-exact.js" },
  });
  expect(run.error).toBeUndefined();
  expect(run.ok).toBe(true);
  const printed = run.cells.map((cell) => plain(cell.outputs.join("")));
  expect(printed[0]).toMatch(/^grading: \S+checkpoints\/wrong-implementations\/ids-exact\.js \(a module\)\n$/u);
  expect(printed[1]).toMatch(new RegExp(`^graded ${RULES.length} rules in \\d+ s\\n$`, "u"));
  const [summary, ruleLines, header] = printed[2]!.trimEnd().split("\n\n");
  const max = RULES.reduce((sum, rule) => sum + rule.points, 0);
  const lost = RULES.find((rule) => rule.id === "ids-exact")!.points;
  const notApplicable = RULES.find((rule) => rule.id === "costs-recompute")!.points; // the committed receipts hold no paid row
  // The FAIL lines first: when another rule fails, the message names it and says why.
  const lines = ruleLines!.split("\n");
  expect(lines).toHaveLength(RULES.length);
  expect(lines.filter((line) => line.startsWith("FAIL "))).toEqual([
    expect.stringMatching(/^FAIL ids-exact: answerFor\(1, a reply with id true\)/u),
  ]);
  const summaryRows = summary!.split("\n");
  expect(summaryRows[0]).toBe(
    `checkpoint: ${max - notApplicable - lost} of ${max - notApplicable} points; ${RULES.length - 2} of ${RULES.length} rules ok, 1 not applicable, 1 not yet`,
  );
  expect(summaryRows.filter((line) => /^ {2}\d\. /u.test(line))).toHaveLength(6);
  expect(summaryRows[2]).toMatch(/^ {2}1\. FAIL framing and identity hold \(10 of 11 rules ok; not yet: ids-exact\)$/u);
  expect(summaryRows.at(-1)).toMatch(
    /^look first at: learner\/src\/messages\.ts.* \(rule ids-exact; its line is below\)$/u,
  );
  expect(lines.filter((line) => line.startsWith("n/a "))).toEqual([
    expect.stringMatching(/no paid rows to recompute/u),
  ]);
  expect(header).toMatch(/graded: \S+ids-exact\.js \(module, sha256 [0-9a-f]{16}\)/u);
}, 180_000);

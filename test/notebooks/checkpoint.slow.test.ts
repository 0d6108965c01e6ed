// The checkpoint notebook, top to bottom in a fresh tslab kernel, grading a wrong copy: the kernel
// judges, a separate process runs the copy, and the copy's one mistake is its one FAIL line.
import { expect, it } from "vitest";
import { RULES } from "../../lib/src/checkpoint/rules/index.js";
import { runNotebook } from "../support/notebook.js";

it("grades WORKBOOK_IMPL through the host: one line per rule, the copy's mistake its only FAIL", async () => {
  const run = await runNotebook("checkpoints/ch14-checkpoint.ipynb", {
    env: { WORKBOOK_IMPL: "checkpoints/wrong-implementations/ids-exact.js" },
  });
  expect(run.error).toBeUndefined();
  expect(run.ok).toBe(true);
  const printed = run.cells.map((cell) => cell.outputs.join(""));
  expect(printed[0]).toMatch(/^grading: \S+checkpoints\/wrong-implementations\/ids-exact\.js\n$/u);
  const lines = printed[1]!.trimEnd().split("\n");
  expect(lines).toHaveLength(RULES.length);
  expect(lines.filter((line) => line.startsWith("FAIL "))).toEqual([
    expect.stringMatching(/^FAIL ids-exact: answerFor\(1, a reply with id true\)/u),
  ]);
  const max = RULES.reduce((sum, rule) => sum + rule.points, 0);
  const lost = RULES.find((rule) => rule.id === "ids-exact")!.points;
  expect(printed[2]).toMatch(/graded: \S+ids-exact\.js \(module, sha256 [0-9a-f]{16}\)/u);
  expect(printed[2]).toContain(`${RULES.length - 1} of ${RULES.length} rules ok, ${max - lost} of ${max} points`);
}, 180_000);

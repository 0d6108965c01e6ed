// One rule of the checkpoint grading a set of pieces in this process (the copy of the reference,
// mutated or not), as a check cell does: the verdict mutation runs and replays judge by.
import { inProcessProbe } from "../grading/checkpoint/rules/in-process.js";
import { runRules } from "../grading/checkpoint/rules/run.js";
import type { Rule, RuleVerdict } from "../grading/checkpoint/rules/types.js";
import { implementationFrom } from "../assembly/assembled-client.js";
import type { PieceSet } from "../assembly/piece-names.js";

export async function gradeCopy(rule: Rule, pieces: () => PieceSet): Promise<RuleVerdict> {
  const [verdict] = await runRules({
    rules: [rule],
    openProbe: () => Promise.resolve(inProcessProbe({ ...implementationFrom(pieces) })),
    seed: 0,
  });
  return verdict!;
}

// Feedback in a learner's notebook: run one rule, or every rule of one piece, over the learner's
// own functions, in the kernel, and say "ok" or "not yet" with what was expected and what came.
// This is never a grade: `npm run checkpoint` grades in a separate process.
import type { Pieces } from "./answer.js";
import { inProcessProbe } from "./in-process.js";
import { isPieceName, PIECE_NAMES } from "../../../assembly/piece-names.js";
import { RULES, ruleById, rulesUsing } from "./index.js";
import { runRules } from "./run.js";
import type { Rule } from "./types.js";

export interface Feedback {
  readonly ok: boolean;
  readonly rule: string;
  readonly title: string;
  readonly expected: string | undefined;
  readonly received: string | undefined;
  /** Where to look when it is not yet right. */
  readonly hint: string;
  /** "ok <title>" or "not yet <rule>: ..." */
  readonly line: string;
}

export interface FeedbackOptions {
  /** Print each line with console.log (default true). */
  readonly print?: boolean;
  readonly seed?: number;
}

/** The rules a name stands for: a rule id, a build piece ("FrameReader": every rule using it), or "all". */
export function rulesFor(ruleIdOrPiece: string | readonly string[]): Rule[] {
  const names = typeof ruleIdOrPiece === "string" ? [ruleIdOrPiece] : ruleIdOrPiece;
  const rules: Rule[] = [];
  for (const name of names) {
    const found = name === "all" ? [...RULES] : isPieceName(name) ? rulesUsing(name) : [ruleById(name)];
    for (const rule of found) {
      if (rule === undefined)
        throw new RangeError(
          `no rule or piece named ${JSON.stringify(name)}; rules: ${RULES.map((each) => each.id).join(", ")}; pieces: ${PIECE_NAMES.join(", ")}`,
        );
      if (!rules.includes(rule)) rules.push(rule);
    }
  }
  return rules;
}

/**
 * Runs the named rules over `pieces` (an object of your functions and classes, or a function
 * returning one, so each run sees your latest cell) and prints one line per rule.
 */
export async function feedback(
  ruleIdOrPiece: string | readonly string[],
  pieces: Pieces | (() => Pieces),
  options: FeedbackOptions = {},
): Promise<Feedback[]> {
  const verdicts = await runRules({
    rules: rulesFor(ruleIdOrPiece),
    openProbe: () => Promise.resolve(inProcessProbe(pieces)),
    seed: options.seed ?? 0,
  });
  const results = verdicts.map((verdict) => ({
    ok: verdict.ok,
    rule: verdict.rule,
    title: verdict.title,
    expected: verdict.expected,
    received: verdict.received,
    hint: verdict.where,
    line: verdict.ok ? verdict.line : verdict.line.replace(/^FAIL /u, "not yet "),
  }));
  if (options.print !== false) for (const result of results) console.log(result.line);
  return results;
}

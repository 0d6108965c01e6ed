// Grader-side rules (`--hidden DIR`): each DIR/*.js exports `rules`, run in the grader like the
// built-in ones; read by both the module and the notebook grading.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Rule } from "../checkpoint/rules/types.js";
import { UsageError } from "../errors/usage-error.js";

/** Grader-side rule modules: each DIR/*.js exports `rules`, an array of rules (they run here, like the built-in ones). */
export function loadHiddenRules(dir: string): Rule[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UsageError("hidden", {
      what: `no hidden-rules folder at ${dir}`,
      expected: "a folder of *.js modules exporting rules",
    });
  const files = readdirSync(dir)
    .filter((name) => /\.c?js$/u.test(name))
    .sort();
  if (files.length === 0)
    throw new UsageError("hidden", {
      what: `${dir} holds no *.js modules`,
      expected: "at least one module exporting rules",
    });
  return files.flatMap((file) => {
    const loaded = require(join(dir, file)) as { rules?: unknown };
    if (!Array.isArray(loaded.rules))
      throw new UsageError("hidden", {
        what: `${file} exports no rules array`,
        expected:
          "module.exports.rules = [ { id, title, points, needs, pieces?, dependsOn, visibility, where, deadlineMs, body } ]",
      });
    // A hidden rule grades no build piece unless it says so (pieces is what notebook groupings read),
    // and states no demands or free choices unless it has them (hidden rules written before those existed).
    return (loaded.rules as Rule[]).map((rule) => ({
      ...rule,
      pieces: rule.pieces ?? [],
      demands: rule.demands ?? [],
      freeChoices: rule.freeChoices ?? [],
    }));
  });
}

// The rule table of docs/rules.md and the total under it, made from RULES, so a new rule reaches the
// page by `npm run docs:tables`: its id, points and exports, and the rules it waits for.
import type { Rule } from "../grading/checkpoint/rules/types.js";

/** One rule's row; a rule graded only once others pass names them ("negative-control passes"). */
function ruleRow(rule: Rule): string {
  const needs = [rule.needs.join(", "), rule.tableNotes?.needs].filter((part) => part !== undefined && part !== "");
  const once = rule.tableNotes?.once ?? rule.dependsOn.map((id) => `${id} passes`).join(", ");
  return `| \`${rule.id}\` | ${rule.points} | ${needs.join(" ")} |${once === "" ? "" : ` ${once}`} |`;
}

/** The table, then the points the rules add up to. */
export function ruleTable(rules: readonly Rule[]): string {
  const total = rules.reduce((sum, rule) => sum + rule.points, 0);
  return [
    "| rule | points | exports it needs | graded only once |",
    "| --- | --- | --- | --- |",
    ...rules.map(ruleRow),
    "",
    `${total} points in all, on both paths.`,
  ].join("\n");
}

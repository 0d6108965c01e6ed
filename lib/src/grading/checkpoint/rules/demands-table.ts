// The table of what each rule demands (with the chapter's lines) and the choices it leaves to
// the learner, made from the rules' own declarations so the two never drift apart
// (test/checkpoint/demands.test.ts holds docs/rules.md to it).
import type { Rule } from "./types.js";

/** "196, 200–202, 205": line numbers, runs of consecutive lines as ranges. */
export function lineRanges(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    runs.push(end === start ? `${sorted[start]}` : `${sorted[start]}–${sorted[end]}`);
    start = end + 1;
  }
  return runs.join(", ");
}

const cell = (text: string): string => text.replace(/\|/gu, "\\|");

/** The markdown table: one row per rule, its demands with their lines, then its free choices. */
export function demandsTable(rules: readonly Rule[]): string {
  const rows = rules.map((rule) => {
    const demands = rule.demands.map((demand) => `${demand.says} (lines ${lineRanges(demand.chapterLines)})`);
    const free = rule.freeChoices.length === 0 ? "(none)" : rule.freeChoices.join("; ");
    return `| \`${rule.id}\` | ${cell(demands.join(" "))} | ${cell(free)} |`;
  });
  return [
    "| rule | what the chapter demands (its lines) | what it leaves to you (every choice passes) |",
    "| --- | --- | --- |",
    ...rows,
  ].join("\n");
}

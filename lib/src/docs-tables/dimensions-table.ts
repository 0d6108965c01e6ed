// The dimensions table of docs/rules.md, made from DIMENSIONS (grading/checkpoint/rules/dimensions.ts):
// one row per dimension, with the wrong implementation that varies only it, so a dimension reaches
// the page by `npm run docs:tables`. A rule that grades code and declares none says so.
import type { Dimension } from "../grading/checkpoint/rules/dimensions.js";
import type { Rule } from "../grading/checkpoint/rules/types.js";

const cell = (text: string): string => text.replace(/\|/gu, "\\|");

export function dimensionsTable(
  rules: readonly Rule[],
  dimensions: Readonly<Record<string, readonly Dimension[]>>,
): string {
  const rows = rules.flatMap((rule) => {
    const own = dimensions[rule.id] ?? [];
    if (own.length === 0) return rule.needs.length === 0 ? [] : [`| \`${rule.id}\` | (not declared yet) | |`];
    return own.map(
      (dimension) =>
        `| \`${rule.id}\` | ${cell(dimension.varies)} | [${dimension.wrong}](../checkpoints/wrong-implementations/${dimension.wrong}) |`,
    );
  });
  return [
    "| rule | what its trials vary (a dimension of the family) | the wrong implementation that varies only it |",
    "| --- | --- | --- |",
    ...rows,
  ].join("\n");
}

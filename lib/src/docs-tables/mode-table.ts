// The mode table of docs/teaching-server.md, made from the server's own table (as lib reads it), so
// a new mode reaches the page by `npm run docs:tables`, word for word, never by a hand-copied row.
import { TEACHING_MODES, type TeachingMode } from "../server-build/teaching-modes.js";

/** One mode's row: its name, what it breaks, what it teaches, how our client ends, its eras. */
function modeRow(mode: TeachingMode): string {
  const ends = mode.expect === "result" ? "a result" : `\`${mode.expect}\``;
  const eras = mode.eras.length === 1 ? `${mode.eras[0]} only` : "both";
  return `| \`${mode.mode}\` | ${mode.summary} | ${mode.teaches} | ${ends} | ${eras} |`;
}

/** The whole markdown table, header first, in the server's order. */
export function modeTable(modes: readonly TeachingMode[] = TEACHING_MODES): string {
  return [
    "| mode | what goes wrong on purpose | what it teaches | our client ends with | eras |",
    "| --- | --- | --- | --- | --- |",
    ...modes.map(modeRow),
  ].join("\n");
}

// The build notebook's generated text: in every build-piece section, one markdown cell (tagged
// build-demands) that states what the checkpoint's rules judge there, written from the rules' own
// declarations (Rule.demands, Rule.freeChoices, the title when a rule declares no demands), and
// the counts of sections and pieces the notebook's prose states. `npm run notebooks:assign`
// rewrites them in the master; a test fails when the committed master is stale, so the text a
// learner reads cannot drift from what the rules judge.
import { buildCells } from "../assembly/notebook-pieces.js";
import { PIECE_NAMES, pieceOrder, type PieceName } from "../assembly/piece-names.js";
import { rulesForPieces } from "../grading/checkpoint/rules/index.js";
import { lineRanges } from "../grading/checkpoint/rules/demands-table.js";
import type { Rule } from "../grading/checkpoint/rules/types.js";
import { buildPieceSections, cellText, countWord, hasTag, type NotebookSection } from "../notebook/build-sections.js";
import type { NotebookDocument } from "./assign-notebook.js";
import { homePiece } from "../grading/checkpoint/rule-home.js";

/** The tag of a section's generated cell of demands. */
export const DEMANDS_TAG = "build-demands";

/** A build-piece section with the pieces its build cells declare. */
export interface PieceSection extends NotebookSection {
  readonly pieces: readonly PieceName[];
}

/** The build-piece sections of `notebook`, each with its pieces in the notebook's order. */
export function pieceSections(notebook: unknown): PieceSection[] {
  const declared = new Map(buildCells(notebook).map((cell) => [cell.index, cell.declares]));
  return buildPieceSections(notebook).map((section) => ({
    ...section,
    pieces: section.buildCells
      .flatMap((index) => declared.get(index) ?? [])
      .sort((a, b) => pieceOrder(a) - pieceOrder(b)),
  }));
}

/** The rules whose demands a section states: those whose home is one of its pieces, in the checkpoint's order. */
export function rulesTaughtIn(pieces: readonly PieceName[], rules: readonly Rule[]): Rule[] {
  return rules.filter((rule) => {
    const home = homePiece(rule);
    return home !== undefined && pieces.includes(home);
  });
}

function lines(numbers: readonly number[]): string {
  if (numbers.length === 0) return "";
  return ` (chapter, line${numbers.length === 1 ? "" : "s"} ${lineRanges(numbers)})`;
}

/** The markdown of a section's demands cell. */
export function demandsMarkdown(pieces: readonly PieceName[], rules: readonly Rule[]): string {
  const taught = rulesTaughtIn(pieces, rules);
  const head =
    "**What the checkpoint judges here.** Each rule below is graded on this section's piece: what it checks, then, where the rule declares them, each demand of the chapter it holds you to and each choice it leaves to you (every such choice passes).";
  if (taught.length === 0)
    return `${head}\n\nNo rule of the checkpoint is taught in this section: its piece is judged by the rules of the sections that use it.\n`;
  const items = taught.map((rule) => {
    const said = [`- **${rule.id}** (${rule.points} point${rule.points === 1 ? "" : "s"}): ${rule.title}`];
    for (const demand of rule.demands) said.push(`  - ${demand.says}${lines(demand.chapterLines)}`);
    for (const choice of rule.freeChoices) said.push(`  - yours to choose: ${choice}`);
    return said.join("\n");
  });
  return `${head}\n\n${items.join("\n")}\n\n*(Written from the rules' own declarations by \`npm run notebooks:assign\`.)*\n`;
}

type Cell = NotebookDocument["cells"][number];

function sourceLines(text: string): string[] {
  const split = text.split("\n");
  return split
    .map((line, index) => (index < split.length - 1 ? `${line}\n` : line))
    .filter((line, index, all) => !(index === all.length - 1 && line === ""));
}

/** Counts the prose states, between markers: <!-- count: build-sections -->thirteen<!-- /count -->. */
const COUNT = /(<!-- count: (build-sections|build-pieces) -->)(.*?)(<!-- \/count -->)/gu;

/**
 * `notebook` with each build-piece section's demands cell written from `rules` (added after the
 * section's prose when missing) and every marked count recomputed. Pure: returns a new document.
 */
export function refreshBuildText(
  notebook: NotebookDocument,
  rules: readonly Rule[] = rulesForPieces(PIECE_NAMES),
): NotebookDocument {
  const cells: Cell[] = [...notebook.cells];
  const sections = pieceSections(notebook);
  // From the last section up, so an inserted cell never moves an index still to be used.
  for (const section of [...sections].reverse()) {
    const source = sourceLines(demandsMarkdown(section.pieces, rules));
    const existing = section.cells.find((index) => hasTag(cells[index]!, DEMANDS_TAG));
    if (existing !== undefined) {
      cells[existing] = { ...cells[existing]!, source };
      continue;
    }
    const firstBuild = section.buildCells[0]!;
    const prose = section.cells.filter((index) => index < firstBuild && cells[index]!.cell_type === "markdown");
    const after = prose[prose.length - 1] ?? section.heading;
    cells.splice(after + 1, 0, {
      cell_type: "markdown",
      id: `demands-${section.pieces[0] ?? section.number}`,
      metadata: { tags: [DEMANDS_TAG] },
      source,
    });
  }
  const counts = {
    "build-sections": countWord(sections.length),
    "build-pieces": countWord(new Set(sections.flatMap((section) => section.pieces)).size),
  };
  const counted = cells.map((cell) => {
    if (cell.cell_type !== "markdown") return cell;
    const text = cellText(cell);
    const rewritten = text.replace(
      COUNT,
      (_whole, open: string, name: keyof typeof counts, _old: string, close: string) =>
        `${open}${counts[name]}${close}`,
    );
    return rewritten === text ? cell : { ...cell, source: sourceLines(rewritten) };
  });
  return { ...notebook, cells: counted };
}

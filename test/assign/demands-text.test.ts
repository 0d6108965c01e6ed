// Every demand is stated where its piece is taught: each build-piece section of the build notebook
// holds a cell written from the rules' own declarations, the committed master is never stale, and
// the counts the notebook and the start page state are the notebook's own.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PIECE_NAMES, PIECE_SECTIONS } from "../../lib/src/assembly/piece-names.js";
import { rulesForPieces } from "../../lib/src/grading/checkpoint/rules/index.js";
import type { Rule } from "../../lib/src/grading/checkpoint/rules/types.js";
import { buildPieceSections, countWord, sectionMarkdown } from "../../lib/src/notebook/build-sections.js";
import { COURSE_PATH, derivedPurpose } from "../../lib/src/notebook/course-path.js";
import { notebookText, type NotebookDocument } from "../../lib/src/assign/assign-notebook.js";
import { DEMANDS_TAG, pieceSections, refreshBuildText, rulesTaughtIn } from "../../lib/src/assign/demands-text.js";
import { homePiece } from "../../lib/src/grading/checkpoint/rule-home.js";

const REPO = join(__dirname, "../..");
const MASTER = "notebooks/masters/ch14-part-b-build.ipynb";
const masterText = readFileSync(join(REPO, MASTER), "utf8");
const master = JSON.parse(masterText) as NotebookDocument;
const NOTEBOOK_RULES = rulesForPieces(PIECE_NAMES);

/** Every line a rule's declarations put in the notebook: its title, each demand, each free choice. */
function statedLines(rule: Rule): string[] {
  return [rule.title, ...(rule.demands ?? []).map((demand) => demand.says), ...(rule.freeChoices ?? [])];
}

/** Which sections' text holds `text` (by section number). */
function sectionsHolding(notebook: NotebookDocument, text: string): number[] {
  return buildPieceSections(notebook)
    .filter((section) => sectionMarkdown(notebook, section).includes(text))
    .map((section) => section.number);
}

describe("the build notebook states every demand where its piece is taught", () => {
  it("the committed master is what `npm run notebooks:assign` writes from the rules (not stale)", () => {
    expect(notebookText(refreshBuildText(master))).toBe(masterText);
  });

  it("walks every build-piece section: each demand of each rule of its pieces is in its text", () => {
    const sections = pieceSections(master);
    expect(sections.length).toBeGreaterThan(10);
    const stated = new Set<string>();
    for (const section of sections) {
      const text = sectionMarkdown(master, section);
      for (const rule of rulesTaughtIn(section.pieces, NOTEBOOK_RULES)) {
        for (const line of statedLines(rule)) expect(text, `${rule.id} in section ${section.number}`).toContain(line);
        stated.add(rule.id);
      }
    }
    // Every rule the notebook is graded by is taught in some section.
    expect([...stated].sort()).toEqual(NOTEBOOK_RULES.map((rule) => rule.id).sort());
  });

  it("puts a declared demand in its rule's home section and nowhere else, and follows the declarations when they change", () => {
    const base = NOTEBOOK_RULES.find((rule) => rule.id === "error-raised")!;
    const said = "a reply whose error member is not an object is refused, not passed on";
    const choice = "whether the refusal is a ProtocolError or a ServerError's own subclass";
    const declared: Rule = { ...base, demands: [{ says: said, chapterLines: [412, 415] }], freeChoices: [choice] };
    const rules = NOTEBOOK_RULES.map((rule) => (rule.id === base.id ? declared : rule));
    const refreshed = refreshBuildText(master, rules);
    const home = homePiece(declared)!;
    const homeSection = Number(/section (\d+)/u.exec(PIECE_SECTIONS[home])![1]);
    expect(sectionsHolding(refreshed, said)).toEqual([homeSection]);
    expect(sectionsHolding(refreshed, choice)).toEqual([homeSection]);
    expect(
      sectionMarkdown(
        refreshed,
        buildPieceSections(refreshed).find((s) => s.number === homeSection)!,
      ),
    ).toContain("lines 412, 415");
    // The committed master does not say it yet: it is stale for these declarations, and the test above would fail.
    expect(notebookText(refreshed)).not.toBe(masterText);
    // Refreshing again changes nothing (one generated cell per section, never a second).
    expect(notebookText(refreshBuildText(refreshed, rules))).toBe(notebookText(refreshed));
    expect(refreshed.cells.filter((cell) => cell.metadata.tags?.includes(DEMANDS_TAG)).length).toBe(
      buildPieceSections(master).length,
    );
  });

  it("PIECE_SECTIONS names each piece's section as the notebook numbers it", () => {
    for (const section of pieceSections(master))
      for (const piece of section.pieces)
        expect(PIECE_SECTIONS[piece]).toMatch(new RegExp(`^section ${section.number} \\(`, "u"));
    expect(
      pieceSections(master)
        .flatMap((section) => section.pieces)
        .sort(),
    ).toEqual([...PIECE_NAMES].sort());
  });
});

describe("one count: the number of sections and pieces comes from the notebook", () => {
  it("the build notebook's prose states the counts its sections give", () => {
    const intro = (master.cells[0]!.source as string[]).join("");
    const sections = pieceSections(master);
    expect(intro).toContain(`-->${countWord(sections.length)}<!--`);
    expect(intro).toContain(`-->${countWord(new Set(sections.flatMap((s) => s.pieces)).size)}<!--`);
    // A typed count is rewritten, never kept.
    const typed = JSON.parse(masterText.replace(/(build-sections -->)\w+/u, "$1twelve")) as NotebookDocument;
    expect(notebookText(refreshBuildText(typed))).toBe(masterText);
  });

  it("the start page's line for the build notebook counts its sections", () => {
    const stop = COURSE_PATH.find((each) => each.file === "notebooks/ch14-part-b-build.ipynb")!;
    const student = JSON.parse(readFileSync(join(REPO, stop.file), "utf8")) as unknown;
    const purpose = derivedPurpose(stop.purpose, student);
    expect(purpose).toContain(`in ${countWord(buildPieceSections(student).length)} sections`);
    expect(purpose).not.toMatch(/\{|\}/u);
  });
});

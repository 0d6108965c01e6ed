import { beforeAll, describe, expect, it } from "vitest";
import { BUILD_MODES } from "../../lib/src/pieces/meet-the-server.js";
import { PIECE_NAMES } from "../../lib/src/pieces/pieces.js";
import { runNotebook, type NotebookRun } from "../support/notebook.js";

// The learner's copy untouched and its solved copy, each in a fresh tslab kernel, side by side.
let untouched: NotebookRun;
let solved: NotebookRun;
beforeAll(async () => {
  [untouched, solved] = await Promise.all([
    runNotebook("notebooks/ch14-part-b-build.ipynb"),
    runNotebook("notebooks/ch14-part-b-build-solutions.ipynb"),
  ]);
}, 240_000);

const printed = (run: NotebookRun, tag: string): string[] =>
  run.cells.filter((cell) => cell.source.startsWith(tag)).map((cell) => cell.outputs.join(""));
const verdicts = (run: NotebookRun): string[] =>
  printed(run, "await check(").flatMap((text) => text.split("\n").filter((line) => /^(ok|not yet) /u.test(line)));

function ranClean(run: NotebookRun): void {
  expect(run.error).toBeUndefined();
  expect(run.failures).toEqual([]);
  expect(run.cells.filter((cell) => cell.stderr !== "").map((cell) => `${cell.index}: ${cell.stderr}`)).toEqual([]);
}

describe("notebooks/ch14-part-b-build.ipynb, untouched", () => {
  it("runs top to bottom with no error", () => ranClean(untouched));

  it("says not yet for every piece, naming the starting TODO and the definition it checked", () => {
    const lines = verdicts(untouched);
    expect(lines).toHaveLength(PIECE_NAMES.length);
    expect(lines.every((line) => line.startsWith("not yet ") && line.includes("(definition 1)"))).toBe(true);
    expect(printed(untouched, 'await check("answerFor"').join("")).toContain(
      "received: the starting TODO (answerFor is not implemented yet)",
    );
  });

  it("keeps the library's code hidden until the piece is tried, and no mode goes as it should", () => {
    expect(
      printed(untouched, "revealAfterTrying(").every((text) =>
        text.includes("appears here once you have written yours"),
      ),
    ).toBe(true);
    expect(untouched.cells.map((cell) => cell.outputs.join("")).join("")).toContain(
      `0 of ${BUILD_MODES.length} modes as expected with your pieces`,
    );
  });
});

describe("notebooks/ch14-part-b-build-solutions.ipynb", () => {
  it("runs top to bottom with no error", () => ranClean(solved));

  it("passes every piece's check", () => {
    const lines = verdicts(solved);
    expect(lines).toHaveLength(PIECE_NAMES.length);
    expect(lines.filter((line) => !line.startsWith("ok "))).toEqual([]);
  });

  it("reveals the library's own code for each piece, found by name in lib/src", () => {
    const reveals = printed(solved, "revealAfterTrying(");
    expect(reveals.join("")).toContain("// src/protocol/messages.ts: answerFor");
    expect(reveals.join("")).toContain("export function answerFor(requestId: number");
    expect(reveals.every((text) => text.startsWith("// The library's choices:"))).toBe(true);
  });

  it("meets the teaching server: every mode refused (or answered) by the learner's own pieces, nothing left behind", () => {
    expect(solved.cells.map((cell) => cell.outputs.join("")).join("")).toContain(
      `${BUILD_MODES.length} of ${BUILD_MODES.length} modes as expected with your pieces`,
    );
  });
});

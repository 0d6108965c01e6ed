// The README is a front door: what the project is, the two commands, who it is for with a link each,
// and a short map. Everything else lives in docs/, so the README stays short enough to read at once.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const REPO = resolve(__dirname, "../..");
const MOST_LINES = 200;
const WIDEST = 120;

describe("README.md, the front door", () => {
  const lines = readFileSync(join(REPO, "README.md"), "utf8").replace(/\n$/u, "").split("\n");

  it(`is at most ${MOST_LINES} lines: the rest belongs in a page of docs/`, () => {
    expect(lines.length).toBeLessThanOrEqual(MOST_LINES);
  });

  it(`has no line over ${WIDEST} characters, tables aside`, () => {
    const wide = lines.flatMap((line, index) =>
      !line.startsWith("|") && [...line].length > WIDEST ? [`README.md:${index + 1} (${[...line].length})`] : [],
    );
    expect(wide).toEqual([]);
  });
});

// How `npm run grader:mutation` is judged, without running Stryker: the lines it mutates come from
// the copy it mutates (close() included), an equivalent entry is named by function and code, not
// line, a stale entry fails the run, a judgement must cite the chapter's free choice it rests on,
// and the score is given with judgement entries both ways.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeCopy } from "../../lib/src/mutation/copy.js";
import {
  enclosingFunction,
  judgeRun,
  judgedLines,
  listingFor,
  reportMutants,
  type EquivalentsFile,
  type RunMutant,
} from "../../lib/src/mutation/equivalents.js";
import {
  CLIENT_PIECES_FILE,
  clientPieceFunctions,
  clientPieceRange,
  mutationTargets,
} from "../../lib/src/mutation/targets.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { FREE_CHOICES } from "../../lib/src/grading/checkpoint/rules/free-choices.js";
import { RULES } from "../../lib/src/grading/checkpoint/rules/index.js";
import { chapterLines } from "../support/chapter.js";

const LISTING = JSON.parse(
  readFileSync(join(REPO_ROOT, "checkpoints/mutation/equivalent.json"), "utf8"),
) as EquivalentsFile;
const copyDir = mkdtempSync(join(tmpdir(), "mutation-targets-"));
writeCopy(copyDir, [], LISTING.wording.reason);
afterAll(() => rmSync(copyDir, { recursive: true, force: true }));

describe("what Stryker mutates", () => {
  it("the client pieces' lines are read from the copy, whose wording marks make it longer than lib/src, and close() is in them", () => {
    const copied = readFileSync(join(copyDir, CLIENT_PIECES_FILE), "utf8");
    const pieces = clientPieceFunctions(copied);
    expect(pieces.map((piece) => piece.name)).toEqual(["request", "connect", "callTool", "close"]);
    const close = pieces.find((piece) => piece.name === "close")!;
    const range = clientPieceRange(copied);
    expect(range.last).toBe(close.last);
    expect(copied.split("\n")[close.first - 1]).toMatch(/^async function close\(/u);
    // The old mistake: lines counted in lib/src end before close() in the copy.
    const original = clientPieceRange(readFileSync(join(REPO_ROOT, "lib/src", CLIENT_PIECES_FILE), "utf8"));
    expect(original.last).toBeLessThan(close.first);
    expect(mutationTargets(copyDir, copyDir)).toContain(`${CLIENT_PIECES_FILE}:${range.first}-${range.last}`);
    expect(mutationTargets(copyDir, copyDir)).not.toContain("protocol/eras.ts");
  });

  it("refuses a range that would take in code between the pieces that is no piece", () => {
    const text = [
      "async function request() {}",
      "function helper() {}",
      "async function close() {}",
      "export function referencePieces() { return { request, close }; }",
    ].join("\n");
    expect(() => clientPieceRange(text)).toThrow(/:2 lies between the client pieces/u);
  });
});

describe("the function around a mutant", () => {
  const text = [
    "export function outer(a: number): number {", // 1
    "  return [a].map((x) => x + 1)[0]!;", // 2
    "}", // 3
    "class Reader {", // 4
    "  feed(chunk: string): string { return chunk; }", // 5
    "}", // 6
    "const helper = (y: number) => y * 2;", // 7
    "export const LIMIT = 3;", // 8
  ].join("\n");
  it.each([
    [2, 25, "outer"],
    [5, 33, "Reader.feed"],
    [7, 31, "helper"],
    [8, 22, "(module)"],
  ])("line %i column %i lies in %s", (line, column, name) => {
    expect(enclosingFunction(text, line, column)).toBe(name);
  });
});

const mutant = (over: Partial<RunMutant>): RunMutant => ({
  file: "protocol/x.ts",
  function: "f",
  line: 1,
  mutator: "BooleanLiteral",
  original: "true",
  replacement: "false",
  status: "Survived",
  ...over,
});
const listing = (mutants: EquivalentsFile["mutants"], known: EquivalentsFile["known"] = []): EquivalentsFile => ({
  wording: { reason: "wording", kind: "judgement", cites: { freeChoice: "wording" } },
  mutants,
  known,
});
const entry = {
  file: "protocol/x.ts",
  function: "f",
  mutator: "BooleanLiteral",
  original: "true",
  replacement: "false",
};

describe("judging a run", () => {
  it("an entry matches a mutant wherever its line moved, and a listed survivor passes the run", () => {
    const judged = judgeRun([mutant({ line: 40 })], listing([{ ...entry, kind: "certain", reason: "same" }]));
    expect(judged).toMatchObject({ fails: false, unexplained: [], stale: [] });
    expect(judged.certain).toHaveLength(1);
  });

  it("a survivor that is listed nowhere fails the run, and so does an entry for another function", () => {
    const elsewhere = judgeRun([mutant({})], listing([{ ...entry, function: "g", kind: "certain", reason: "same" }]));
    expect(elsewhere.fails).toBe(true);
    expect(elsewhere.unexplained).toHaveLength(1);
    expect(elsewhere.stale).toHaveLength(1);
  });

  it("an entry whose mutant is now killed is stale and fails the run", () => {
    const judged = judgeRun([mutant({ status: "Killed" })], listing([{ ...entry, kind: "judgement", reason: "free" }]));
    expect(judged.fails).toBe(true);
    expect(judged.stale).toEqual([{ ...entry, claimed: 1, found: 0 }]);
    expect(judgedLines(judged).join("\n")).toContain(
      "STALE entry in equivalent.json: protocol/x.ts f() BooleanLiteral",
    );
  });

  it("a listed mutant the run timed out is claimed by its entry, counted as listed and not as detected; an unlisted one stays detected", () => {
    const run = [
      mutant({ status: "Killed", original: "a" }),
      mutant({ status: "Timeout" }),
      mutant({ status: "Timeout", original: "b", replacement: "c" }),
    ];
    const judged = judgeRun(
      run,
      listing([{ ...entry, kind: "judgement", reason: "free", cites: { freeChoice: "wording" } }]),
    );
    expect(judged).toMatchObject({ fails: false, stale: [], unexplained: [], timedOut: 1 });
    expect(judged.judgement).toHaveLength(1);
    expect(judged.timedOutListed).toHaveLength(1);
    // As survivors: 2 detected (the kill and the unlisted timeout) of 3; as equivalent: 2 of 2.
    expect(judged.scoreJudgementSurviving).toBeCloseTo(2 / 3);
    expect(judged.scoreJudgementEquivalent).toBe(1);
    expect(judgedLines(judged).join("\n")).toContain("TIMED OUT, listed protocol/x.ts:1 f() BooleanLiteral");
    // A survivor of the key is claimed before a timed-out one: the timeout then stays detected.
    const both = judgeRun(
      [mutant({}), mutant({ status: "Timeout" })],
      listing([{ ...entry, kind: "certain", reason: "same" }]),
    );
    expect(both).toMatchObject({ timedOut: 1, timedOutListed: [] });
    // A known survivor that timed out stays a survivor.
    const known = judgeRun([mutant({ status: "Timeout" })], listing([], [{ ...entry, reason: "not reached" }]));
    expect(known).toMatchObject({ fails: false, timedOut: 0, scoreJudgementSurviving: 0 });
  });

  it("an entry claims exactly as many identical mutants as it says: one more survivor is unexplained, one fewer is stale", () => {
    const twice = { ...entry, kind: "certain" as const, reason: "same", occurrences: 2 };
    expect(judgeRun([mutant({}), mutant({ line: 2 }), mutant({ line: 3 })], listing([twice])).unexplained).toHaveLength(
      1,
    );
    expect(judgeRun([mutant({})], listing([twice])).stale).toEqual([
      {
        file: entry.file,
        function: "f",
        mutator: entry.mutator,
        original: "true",
        replacement: "false",
        claimed: 2,
        found: 1,
      },
    ]);
  });

  it("prints the score with judgement entries counted as equivalent and as survivors", () => {
    const run = [
      ...Array.from({ length: 8 }, () => mutant({ status: "Killed", original: "a" })),
      mutant({}),
      mutant({ original: "1", replacement: "0" }),
      mutant({ status: "Ignored", original: "w" }),
    ];
    const judged = judgeRun(
      run,
      listing([
        { ...entry, kind: "certain", reason: "same" },
        { ...entry, original: "1", replacement: "0", kind: "judgement", reason: "free", cites: { chapterLines: [1] } },
      ]),
    );
    // Judgement as equivalent: 8 of 8. As survivors: 8 of 10 (the judged one and the judged wording).
    expect(judged.scoreJudgementEquivalent).toBe(1);
    expect(judged.scoreJudgementSurviving).toBe(0.8);
    expect(judgedLines(judged).at(-1)).toBe(
      "mutation score 100.0% with judgement entries counted as equivalent; 80.0% with them counted as survivors (8 killed or timed out)",
    );
  });

  it("a judgement that cites no chapter line and no free choice fails the run, and says so", () => {
    const judged = judgeRun([mutant({})], listing([{ ...entry, kind: "judgement", reason: "free, says who?" }]));
    expect(judged).toMatchObject({ fails: true, unexplained: [], stale: [] });
    expect(judgedLines(judged).join("\n")).toContain(
      "UNCITED judgement in equivalent.json: protocol/x.ts f() BooleanLiteral",
    );
    const cited = judgeRun(
      [mutant({})],
      listing([{ ...entry, kind: "judgement", reason: "free", cites: { freeChoice: "wording" } }]),
    );
    expect(cited.fails).toBe(false);
  });

  it("a scoped run is judged on its files' entries only: an entry for a file it did not mutate is not stale", () => {
    const other = { ...entry, file: "protocol/y.ts", kind: "certain" as const, reason: "same" };
    const full = listing([{ ...entry, kind: "certain", reason: "same" }, other]);
    expect(judgeRun([mutant({})], full).stale).toHaveLength(1);
    expect(judgeRun([mutant({})], listingFor(full, ["protocol/x.ts"]))).toMatchObject({ fails: false, stale: [] });
  });

  it("reads a Stryker report: the code a mutant changes, across lines, and the function around it", () => {
    const source = "function f(a: boolean) {\n  if (a &&\n    true) return 1;\n  return 2;\n}\n";
    const [read] = reportMutants(
      {
        ".mutation/copy/protocol/x.ts": {
          source,
          mutants: [
            {
              mutatorName: "LogicalOperator",
              replacement: "a || true",
              status: "Survived",
              location: { start: { line: 2, column: 7 }, end: { line: 3, column: 9 } },
            },
          ],
        },
      },
      (path) => path.replace(".mutation/copy/", ""),
    );
    expect(read).toEqual({
      file: "protocol/x.ts",
      function: "f",
      line: 2,
      mutator: "LogicalOperator",
      original: "a &&\n    true",
      replacement: "a || true",
      status: "Survived",
    });
  });
});

describe("checkpoints/mutation/equivalent.json", () => {
  it("names each entry's code inside the function it names, in the copy as it is now, with a kind and a reason", () => {
    const wrong: string[] = [];
    for (const each of [...LISTING.mutants, ...LISTING.known]) {
      const text = readFileSync(join(copyDir, each.file), "utf8");
      const lineStarts = [0, ...[...text.matchAll(/\n/gu)].map((match) => match.index! + 1)];
      let inside = false;
      for (let at = text.indexOf(each.original); at >= 0 && !inside; at = text.indexOf(each.original, at + 1)) {
        const line = lineStarts.filter((start) => start <= at).length;
        inside = enclosingFunction(text, line, at - lineStarts[line - 1]! + 1, each.file) === each.function;
      }
      if (!inside) wrong.push(`${each.file} ${each.function}() ${each.mutator} ${JSON.stringify(each.original)}`);
    }
    expect(wrong).toEqual([]);
    for (const each of LISTING.mutants) {
      expect(["certain", "judgement"]).toContain(each.kind);
      expect(each.reason.length).toBeGreaterThan(10);
    }
  });
});

describe("a judgement's citation", () => {
  const chapter = chapterLines();
  const accepted = new Set(RULES.flatMap((rule) => rule.freeChoices));
  const judgements: Array<EquivalentsFile["wording"] | EquivalentsFile["mutants"][number]> = [
    LISTING.wording,
    ...LISTING.mutants,
  ].filter((each) => each.kind === "judgement");

  it.skipIf(chapter === undefined)(
    "names lines of the chapter that hold text, or a free choice that some rule accepts",
    () => {
      const wrong: string[] = [];
      for (const each of judgements) {
        const name = "file" in each ? `${each.file} ${each.function}() ${each.mutator}` : "wording";
        const { chapterLines = [], freeChoice } = each.cites ?? {};
        if (chapterLines.length === 0 && freeChoice === undefined) wrong.push(`${name}: cites nothing`);
        for (const line of chapterLines)
          if (!Number.isInteger(line) || (chapter![line - 1] ?? "").trim() === "")
            wrong.push(`${name}: line ${line} is no line of the chapter's text`);
        if (freeChoice !== undefined) {
          const worded = (FREE_CHOICES as Record<string, string>)[freeChoice];
          if (worded === undefined || !accepted.has(worded))
            wrong.push(`${name}: ${freeChoice} is no free choice a rule accepts`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it("is never a path no rule reaches: those are survivors, listed as known", () => {
    for (const each of LISTING.mutants)
      expect(each.reason, `${each.file} ${each.function}()`).not.toMatch(/unreachable|not reached|no graded path/iu);
    for (const each of LISTING.known) expect(each.reason.length).toBeGreaterThan(10);
  });
});

// Recorded mutants of the reference pieces (checkpoints/mutation/replayed.json), replayed without
// Stryker: each is applied to its own copy of the pieces (lib/src/mutation/copy.ts) and the rule
// named beside it, run in this process as a check cell runs it, must FAIL that copy; the copy
// without a mutant must pass every rule named. A grader change that lets one through fails here.
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ruleById } from "../../lib/src/grading/checkpoint/rules/index.js";
import { writeCopy, type CopyEdit } from "../../lib/src/mutation/copy.js";
import { gradeCopy } from "../../lib/src/mutation/grade-copy.js";
import type { PieceSet } from "../../lib/src/assembly/piece-names.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

interface Replayed extends CopyEdit {
  /** The rule that must fail the mutated copy. */
  readonly rule: string;
  /** What the mutant gets wrong, in a few words. */
  readonly breaks: string;
}

const REPLAYED = JSON.parse(
  readFileSync(join(REPO_ROOT, "checkpoints/mutation/replayed.json"), "utf8"),
) as readonly Replayed[];

async function piecesOf(dir: string): Promise<() => PieceSet> {
  const copy = (await import(join(dir, "assembly/reference-pieces.ts"))) as { referencePieces: () => PieceSet };
  return copy.referencePieces;
}

function rule(id: string) {
  const found = ruleById(id);
  if (found === undefined) throw new Error(`no rule ${id}`);
  return found;
}

// Outside the repository: a tslab kernel running beside this test watches the repository's folders,
// and forty copies appearing and vanishing there crash its rebuild timer. The copies find zod
// through a link to the repository's node_modules.
const replayDir = mkdtempSync(join(tmpdir(), "mutation-replay-"));

beforeAll(() => {
  symlinkSync(join(REPO_ROOT, "node_modules"), join(replayDir, "node_modules"));
  writeCopy(join(replayDir, "clean"));
  REPLAYED.forEach((mutant, index) => writeCopy(join(replayDir, String(index)), [mutant]));
});
afterAll(() => rmSync(replayDir, { recursive: true, force: true }));

it("records at least 30 mutants, across every copied file, each for a rule that exists", () => {
  expect(REPLAYED.length).toBeGreaterThanOrEqual(30);
  for (const file of [
    "messages.ts",
    "encode-frame.ts",
    "frame-reader.ts",
    "parse-frame.ts",
    "handshake.ts",
    "result-text.ts",
    "top-tools.ts",
    "reference-pieces.ts",
  ])
    expect(
      REPLAYED.some((mutant) => mutant.file.endsWith(file)),
      file,
    ).toBe(true);
  for (const mutant of REPLAYED) rule(mutant.rule);
});

// Side by side: the client rules among them mostly wait on their servers.
describe.concurrent("the copy without a mutant passes every rule named", () => {
  it.each([...new Set(REPLAYED.map((mutant) => mutant.rule))])("%s", async (id) => {
    const verdict = await gradeCopy(rule(id), await piecesOf(join(replayDir, "clean")));
    expect(verdict.ok, verdict.line).toBe(true);
  });
});

describe.concurrent("each recorded mutant fails its rule", () => {
  REPLAYED.forEach((mutant, index) =>
    it(`${mutant.rule}: ${mutant.file}, ${mutant.breaks}`, async () => {
      // A copy that cannot even load fails every rule, as the checkpoint grades a module that throws.
      const pieces = await piecesOf(join(replayDir, String(index))).catch((error: unknown) => error as Error);
      if (pieces instanceof Error) return expect(pieces.message).not.toMatch(/Cannot find module|Failed to load/u);
      const verdict = await gradeCopy(rule(mutant.rule), pieces);
      expect(verdict.ok, `${mutant.original} -> ${mutant.replacement}`).toBe(false);
    }),
  );
});

// Exercise 4's check: the reference loop passes at every seed; each plausible wrong loop fails, in
// the learner's terms, at every seed (the fixtures are the same files the checkpoint test grades).
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkCursorLoop,
  judgeCursorLoop,
  runCursorTrial,
  type AskPage,
  type ListBounds,
} from "../../lib/src/exercises/ex4-cursor-loop/check.js";
import { judgeChains, CHAIN_HINTS } from "../../lib/src/exercises/ex4-cursor-loop/judge-chains.js";
import { seededChains } from "../../lib/src/exercises/ex4-cursor-loop/chains.js";
import { referenceCursorLoop } from "../../lib/src/exercises/ex4-cursor-loop/reference.js";
import { teachingServerCommand } from "../../lib/src/client/teaching-server.js";
import { ProtocolError } from "../../lib/src/errors/index.js";
import type { McpTool } from "../../lib/src/protocol/handshake.js";

const SEEDS = [0, 1, 2, 3, 7];
const fixture = (name: string): unknown =>
  (require(join(__dirname, "fixtures", `exercise4-${name}.js`)) as { exercise4: unknown }).exercise4;

// Plausible wrong answers to exercise 4; each must fail, and say why in the learner's terms.
async function pageBoundOnly(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const result = await askPage(cursor);
    tools.push(...(result["tools"] as McpTool[]));
    if (tools.length > bounds.maxTools) throw new ProtocolError("catalog", { what: "too many tools" });
    cursor = result["nextCursor"] as string | undefined;
    if (cursor === undefined) return tools;
    if (page === bounds.maxPages) throw new ProtocolError("catalog", { what: "too many pages" });
  }
}

async function firstPageOnly(askPage: AskPage): Promise<McpTool[]> {
  return (await askPage(undefined))["tools"] as McpTool[];
}

async function noToolBound(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  return referenceCursorLoop(askPage, { ...bounds, maxTools: Number.MAX_SAFE_INTEGER });
}

async function reversedPages(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  return (await referenceCursorLoop(askPage, bounds)).reverse();
}

/** The generated part of the check alone (no live server): cheap enough to run over many seeds. */
async function chainsVerdict(answer: unknown, seed: number): Promise<string> {
  try {
    return `ok ${await judgeChains(
      (trial) => runCursorTrial(answer, trial),
      (trial) => runCursorTrial(referenceCursorLoop, trial),
      seed,
      (_what, work) => work(),
    )}`;
  } catch (error) {
    return `not yet: ${(error as Error).message}`;
  }
}

/** The wrong answers the issue found accepted, each with what its verdict must say. */
const WRONG: ReadonlyArray<[string, RegExp]> = [
  ["previous-cursor-only", /comes back after [2-9] page\(s\).*expected a refusal on page \d.*remember every cursor/u],
  ["pages-off-by-one", /the list is within both bounds, and your function refused it.*too many pages/u],
  ["tools-off-by-one", /the list is within both bounds, and your function refused it.*too many tools/u],
  ["plain-error", /expected a ProtocolError with reason "catalog"; got Error: /u],
];

describe("exercise 4: checkCursorLoop", () => {
  it("passes the reference loop, live servers included", async () => {
    const result = await checkCursorLoop(referenceCursorLoop);
    expect(result.output).toMatch(/^ok .*\d+ generated lists \(\d+ cycles\) as the reference does/u);
  }, 30_000);

  it("generates, at every seed, cycles of every length the page bound leaves room for and each bound exactly and one past", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), (seed) => {
        const chains = seededChains(seed);
        for (const bounds of new Set(chains.map((chain) => chain.bounds))) {
          const own = chains.filter((chain) => chain.bounds === bounds);
          const maxPages = bounds.maxPages;
          const lengths = own.filter((chain) => chain.kind === "cycle").length;
          expect(lengths).toBe(maxPages - 1);
          for (const kind of ["at-pages", "at-tools", "past-pages", "past-tools"] as const)
            expect(own.some((chain) => chain.kind === kind)).toBe(true);
        }
        expect(chains.some((chain) => chain.pages.some((page) => (page["tools"] as unknown[]).length === 0))).toBe(
          true,
        );
      }),
      { numRuns: 50 },
    );
  });

  it("passes the reference on the generated lists over many seeds", async () => {
    for (let seed = 0; seed < 40; seed += 1) expect(await chainsVerdict(referenceCursorLoop, seed)).toMatch(/^ok /u);
  });

  it.each(WRONG)("fails %s at seeds 0, 1, 2, 3 and 7, naming the idea", async (name, says) => {
    for (const seed of SEEDS) {
      const result = await judgeCursorLoop(
        (trial) => runCursorTrial(fixture(name), trial),
        (mode) => teachingServerCommand(mode),
        seed,
      );
      expect(result.ok, `seed ${seed}`).toBe(false);
      expect(result.output, `seed ${seed}`).toMatch(says);
      expect(result.output).toMatch(/Hint: /u);
    }
  });

  it.each(WRONG.map(([name]) => name))(
    "fails %s at every seed from 0 to 59 (the generated lists alone)",
    async (name) => {
      for (let seed = 0; seed < 60; seed += 1)
        expect(await chainsVerdict(fixture(name), seed), `seed ${seed}`).toMatch(/^not yet: /u);
    },
  );

  it("gives hints that name the idea, never a library function, option or bound's field name", () => {
    for (const hint of Object.values(CHAIN_HINTS)) {
      expect(hint).not.toMatch(/maxPages|maxTools|ProtocolError|askPage|referenceCursorLoop|option/u);
      expect(hint.length).toBeGreaterThan(40);
    }
  });

  it("fails a loop with a page bound but no memory of cursors, naming the repeated cursor", async () => {
    const result = await checkCursorLoop(pageBoundOnly);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("repeated-cursor");
    expect(result.output).toContain('"again"');
    expect(result.output).toMatch(/asked 5 pages and then said .*too many pages/u);
    expect(result.output).not.toMatch(/maxPages|option/u);
  }, 30_000);

  it.each([
    [
      "reads only the first page",
      firstPageOnly,
      /expected \[tool_1, .*tool_7\], in order; got \[tool_1, tool_2, tool_3\]/u,
    ],
    ["has no bound on tools", noToolBound, /too-many-tools/u],
    ["returns the pages reversed", reversedPages, /in order; got \[tool_7/u],
    ["is not a function", "listAllTools", /expected a function/u],
  ] as const)(
    "fails a loop that %s",
    async (_what, answer, says) => {
      const result = await checkCursorLoop(answer);
      expect(result.ok).toBe(false);
      expect(result.output).toMatch(says);
    },
    30_000,
  );
});

// The pure mistakes of checkpoints/wrong-implementations/unseen/: each must fail its rule's
// property whatever the seed, since a verdict that depends on the draw is a coin, not a check.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";
import { RULE_PROPERTIES } from "../../../lib/src/grading/checkpoint/properties/properties.js";
import { inProcessProbe } from "../../../lib/src/grading/checkpoint/rules/in-process.js";
import type { RuleContext } from "../../../lib/src/grading/checkpoint/rules/types.js";
import { CheckFailure } from "../../../lib/src/grading/trials/harness.js";

const DIR = join(REPO_ROOT, "checkpoints", "wrong-implementations", "unseen");
const load = createRequire(join(DIR, "index.js"));
const MISTAKES = readdirSync(DIR)
  .filter((name) => name.endsWith(".js"))
  .sort();
const SEEDS = [0, 1, 2, 3, 1234];
// Mistakes later shown to be free choices of the chapter's: moved, not deleted, and held to pass.
const FAIR_DIR = join(REPO_ROOT, "checkpoints", "fair-implementations", "unseen");
const loadFair = createRequire(join(FAIR_DIR, "index.js"));
const NOW_FAIR = readdirSync(FAIR_DIR)
  .filter((name) => name.endsWith(".js"))
  .sort();

/** The seeds at which `impl` passed its rule's property. */
async function seedsPassed(impl: Record<string, unknown> & { rule: string }, file: string): Promise<number[]> {
  const property = RULE_PROPERTIES[impl.rule];
  expect(property, `${file} names rule ${impl.rule}`).toBeDefined();
  const passedAt: number[] = [];
  for (const seed of SEEDS) {
    try {
      await property!.check(contextOver(impl, seed));
      passedAt.push(seed);
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
    }
  }
  return passedAt;
}

function contextOver(pieces: Record<string, unknown>, seed: number): RuleContext {
  return {
    ask: inProcessProbe(pieces).probe,
    dir: "/nonexistent",
    seed,
    server: () => {
      throw new Error("a pure rule starts no server");
    },
  };
}

describe("mistakes nobody here had written", () => {
  it("are there, each naming a pure rule", () => {
    expect(MISTAKES.length).toBeGreaterThanOrEqual(24);
  });

  it.each(MISTAKES)("%s fails its rule's property at every seed", async (file) => {
    const impl = load(`./${file}`) as Record<string, unknown> & { rule: string };
    expect(await seedsPassed(impl, file), `seeds at which ${file} passed ${impl.rule}`).toEqual([]);
  });

  it.each(NOW_FAIR)("%s, shown fair since, passes its rule's property at every seed", async (file) => {
    const impl = loadFair(`./${file}`) as Record<string, unknown> & { rule: string };
    expect(await seedsPassed(impl, file), `seeds at which ${file} passed ${impl.rule}`).toEqual(SEEDS);
  });
});

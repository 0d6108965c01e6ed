// The pure rules' properties: every named edge is reached, the library and the solved build
// notebook hold every property, and each fresh wrong piece is caught by its piece's property
// with a FAIL that names the edge, the smallest input, what came and what was expected.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  notebookMistakes,
  variantNotebook,
  SOLVED_NOTEBOOK,
} from "../../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";
import { unreachedEdges } from "../../../lib/src/grading/checkpoint/properties/edges.js";
import { PROPERTY_GENERATORS, RULE_PROPERTIES } from "../../../lib/src/grading/checkpoint/properties/properties.js";
import { REFERENCE_IMPLEMENTATION } from "../../../lib/src/grading/trials/implementation.js";
import { inProcessProbe } from "../../../lib/src/grading/checkpoint/rules/in-process.js";
import { CheckFailure as RuleFailure } from "../../../lib/src/grading/trials/harness.js";
import type { RuleContext } from "../../../lib/src/grading/checkpoint/rules/types.js";
import { cellScope } from "../../../lib/src/pieces/cell-scope.js";
import { directionProblem } from "../../support/direction.js";
import { REPO_ROOT } from "../../../lib/src/grading/checkpoint/paths.js";
import { RULES } from "../../../lib/src/grading/checkpoint/rules/index.js";
import { buildCells, evaluateBuildCells } from "../../../lib/src/assembly/notebook-pieces.js";
import {
  copyingCheckInitialize,
  copyingCheckTools,
  DecodingFrameReader,
  SkippingFrameReader,
} from "./correct-otherwise.js";

function contextOver(pieces: Record<string, unknown>, seed = 0): RuleContext {
  const { probe } = inProcessProbe(pieces);
  return {
    ask: probe,
    dir: "/nonexistent",
    seed,
    server: () => {
      throw new Error("a pure rule starts no server");
    },
  };
}

/** The property's verdict on `pieces`: "ok", or the FAIL's text. */
async function verdict(rule: string, pieces: Record<string, unknown>, seed = 0): Promise<string> {
  try {
    await RULE_PROPERTIES[rule]!.check(contextOver(pieces, seed));
    return "ok";
  } catch (error) {
    if (error instanceof RuleFailure) return error.message;
    throw error;
  }
}

const notebookPieces = (notebook: unknown) => ({
  ...REFERENCE_IMPLEMENTATION,
  ...evaluateBuildCells(buildCells(notebook), cellScope()).pieces,
});

describe("the generators", () => {
  it.each(PROPERTY_GENERATORS.map((generator) => [generator.name, generator] as const))(
    "%s reaches every named edge in 1,000 draws",
    (_name, generator) => {
      expect(unreachedEdges(generator as never)).toEqual([]);
    },
  );
});

describe("the pure properties", () => {
  const solved = notebookPieces(JSON.parse(readFileSync(SOLVED_NOTEBOOK, "utf8")));
  it.each(Object.keys(RULE_PROPERTIES))(
    "%s: the library holds it (seed 0), and the solved notebook (seed 1)",
    async (rule) => {
      expect(await verdict(rule, REFERENCE_IMPLEMENTATION as never, 0)).toBe("ok");
      expect(await verdict(rule, solved, 1)).toBe("ok");
    },
  );

  const pure = notebookMistakes().filter((mistake) => !mistake.client);
  it.each(pure.map((mistake) => [mistake.name, mistake] as const))(
    "%s is caught by a property of one of its piece's rules",
    async (_name, mistake) => {
      const pieces = notebookPieces(variantNotebook(mistake));
      const lines: string[] = [];
      for (const [rule, { check }] of Object.entries(RULE_PROPERTIES)) {
        try {
          await check(contextOver(pieces));
        } catch (error) {
          if (!(error instanceof RuleFailure)) throw error;
          lines.push(`${rule}: ${error.message}`);
        }
      }
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(directionProblem(line), line).toBeUndefined();
      for (const line of lines)
        expect(line).toMatch(
          /the smallest failing input found \(of the kind "[a-z0-9 ]+"\): .+: expected .+; received .+/u,
        );
    },
  );
});

describe("correct pieces written otherwise than the library", () => {
  const FOUR_SEEDS = [0, 1, 2, 3];
  it.each(["framing-newline", "framing-utf8-split", "frame-limit-boundary", "frame-limit-endless"])(
    "%s: a reader that skips the rest of a refused line before reading on passes",
    async (rule) => {
      const pieces = { ...REFERENCE_IMPLEMENTATION, FrameReader: SkippingFrameReader };
      for (const seed of FOUR_SEEDS) expect(await verdict(rule, pieces as never, seed)).toBe("ok");
    },
  );

  it.each(["framing-newline", "framing-utf8-split", "frame-limit-boundary", "frame-limit-endless"])(
    "%s: a reader that refuses a line that is not UTF-8 itself, before parseFrame would, passes",
    async (rule) => {
      const pieces = { ...REFERENCE_IMPLEMENTATION, FrameReader: DecodingFrameReader };
      for (const seed of FOUR_SEEDS) expect(await verdict(rule, pieces as never, seed)).toBe("ok");
    },
  );

  // The chapter's json.dumps knows no object with a toJSON, so the chapter's port refuses every one:
  // a free choice, where the library writes what toJSON returns.
  it.each(["encode-refuses", "encode-limit"])(
    "%s: the chapter's encoder, which refuses every object with a toJSON, passes",
    async (rule) => {
      const load = createRequire(join(REPO_ROOT, "checkpoints", "fair-implementations", "index.js"));
      const { encodeFrame } = load("./chapter-port.js") as { encodeFrame: unknown };
      const pieces = { ...REFERENCE_IMPLEMENTATION, encodeFrame };
      for (const seed of FOUR_SEEDS) expect(await verdict(rule, pieces as never, seed)).toBe("ok");
    },
  );

  it.each(["handshake-version", "handshake-capability", "discovery-bounds"])(
    "%s: checks that return copies, with undefined for each optional field the server left out, pass",
    async (rule) => {
      const pieces = {
        ...REFERENCE_IMPLEMENTATION,
        checkInitialize: copyingCheckInitialize,
        checkTools: copyingCheckTools,
      };
      for (const seed of FOUR_SEEDS) expect(await verdict(rule, pieces as never, seed)).toBe("ok");
    },
  );
});

// The red team's fair cases built on the chapter's own tests (`"tools" in capabilities`, chapter
// line 349; a cursor tested for truth, line 357): the whole rule, its fixed checks and its property,
// passes each (checkpoints/fair-implementations/red-team/round-1).
describe("the chapter's own handshake tests", () => {
  const dir = resolve(__dirname, "../../../checkpoints/fair-implementations/red-team/round-1");
  it.each([
    ["check-initialize-chapter-in", "handshake-capability"],
    ["check-tools-chapter-cursor", "discovery-bounds"],
  ])("%s passes %s", async (name, id) => {
    const fair = JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8")) as never;
    const pieces = notebookPieces(variantNotebook(fair));
    const rule = RULES.find((each) => each.id === id)!;
    for (const seed of [0, 1]) expect(typeof (await rule.body(contextOver(pieces, seed)))).toBe("string");
  });
});

// Round 6 of the red team on framing (issue 52), each an example of a family the properties now
// draw from in every grading: every way a reader is fed, every form a frame comes in, and a
// leading byte-order mark, which is the learner's to ignore or refuse.
describe("round 6's frame cases, at two seeds", () => {
  const round = (kind: "wrong" | "fair") =>
    resolve(__dirname, `../../../checkpoints/${kind}-implementations/red-team/round-6`);
  const pieces = (kind: "wrong" | "fair", name: string) =>
    notebookPieces(variantNotebook(JSON.parse(readFileSync(join(round(kind), `${name}.json`), "utf8")) as never));
  it.each([
    ["frame-reader-flushes-on-empty-chunk", "framing-newline", "any feeding"],
    ["parse-frame-trusts-string-input", "parse-frame-strict", "handed the string its bytes decode to"],
  ])("%s fails %s (%s)", async (name, rule, shown) => {
    for (const seed of [0, 1]) expect(await verdict(rule, pieces("wrong", name), seed)).toContain(shown);
  });

  it("parse-frame-refuses-bom and the library, which ignores the mark, both pass the whole of parse-frame-strict", async () => {
    const rule = RULES.find((each) => each.id === "parse-frame-strict")!;
    for (const implementation of [pieces("fair", "parse-frame-refuses-bom"), REFERENCE_IMPLEMENTATION as never])
      for (const seed of [0, 1]) expect(typeof (await rule.body(contextOver(implementation, seed)))).toBe("string");
  });
});

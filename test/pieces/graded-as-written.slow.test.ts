// Complete tier only: grades the build notebook whole, then once per mistaken piece, through the checkpoint.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cellScope } from "../../lib/src/pieces/cell-scope.js";
import { gradeBuildNotebook, REPO_ROOT } from "../../lib/src/assign/assignments.js";
import { buildCells, evaluateBuildCells } from "../../lib/src/assembly/notebook-pieces.js";
import { PIECE_NAMES, PIECE_NEEDS, type PieceName } from "../../lib/src/assembly/piece-names.js";
import { settledInOrder } from "../../lib/src/grading/checkpoint/rules/settled.js";

// Wrong answers a learner might write, one piece at a time, in the solved notebook: each must
// fail its own piece's check, may fail the pieces that use it, and must leave every other ok.
// That the solved notebook itself passes every check, and the learner's untouched copy none, is
// what `notebooks:assign` validates before it publishes (test/assign/assign.slow.test.ts).
const SOLVED = JSON.parse(
  readFileSync(join(REPO_ROOT, "notebooks/solutions/ch14-part-b-build-solutions.ipynb"), "utf8"),
) as {
  cells: Array<{ cell_type: string; source: string[]; metadata: { tags?: string[] } }>;
};

/** The solved notebook with `from` replaced by `to` in the one build cell declaring `piece`. */
function mutated(piece: PieceName, from: string | RegExp, to: string): unknown {
  const copy = structuredClone(SOLVED);
  const cell = copy.cells.find(
    (candidate) =>
      (candidate.metadata.tags ?? []).includes("build-piece") &&
      candidate.source.join("").match(new RegExp(`^(async )?(function|class) ${piece}\\b`, "mu")),
  );
  if (!cell) throw new Error(`no cell declares ${piece}`);
  const before = cell.source.join("");
  const after = before.replace(from, to);
  if (after === before) throw new Error(`the mutation of ${piece} changed nothing`);
  cell.source = [after];
  return copy;
}

const dependentsOf = (piece: PieceName): PieceName[] =>
  PIECE_NAMES.filter((other) => PIECE_NEEDS[other].includes(piece));

const MUTATIONS: Array<{ piece: PieceName; what: string; from: string | RegExp; to: string }> = [
  {
    piece: "answerFor",
    what: "ids compared with ==",
    from: 'typeof id !== "number" || !Number.isInteger(id) || id !== requestId',
    to: "id != requestId",
  },
  {
    piece: "notificationMessage",
    what: "an id: undefined key",
    from: '{ jsonrpc: "2.0", method }',
    to: '{ jsonrpc: "2.0", method, id: undefined } as NotificationMessage',
  },
  {
    piece: "encodeFrame",
    what: "the limit counted in characters",
    from: "frame.length > limit",
    to: "json.length + 1 > limit",
  },
  { piece: "FrameReader", what: "no bound at all", from: "this.heldBytes + part.length + 1 > this.limit", to: "false" },
  {
    piece: "parseFrame",
    what: "arrays accepted",
    from: ' || Array.isArray(value) || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0"',
    to: "",
  },
  {
    piece: "checkTools",
    what: "a cursor ignored",
    from: 'if (result.nextCursor !== undefined) throw refusal("the tool list has more pages (a nextCursor)");',
    to: "",
  },
  { piece: "resultText", what: "isError returned as text", from: "if (result.isError === true)", to: "if (false)" },
  {
    piece: "request",
    what: "a fresh deadline for every read",
    from: "await context.nextFrame(deadline)",
    to: "await context.nextFrame(AbortSignal.timeout(context.timeoutMs))",
  },
  {
    piece: "request",
    what: "the server's ping answered with an error, as if it were an unknown method",
    from: 'message.method === "ping" ?',
    to: "false ?",
  },
  {
    piece: "callTool",
    what: "the allowlist after the request",
    from: /if \(!context\.allowed\.has\(name\)\) \{[^}]*\}/u,
    to: "",
  },
  {
    piece: "close",
    what: "only the server signalled, not its group",
    from: "process.kill(-pid, signal)",
    to: "process.kill(pid, signal)",
  },
];

describe("the build notebook graded as written", () => {
  // Three mutations graded at a time. The live checks mostly wait on deadlines, but each request
  // check starts its five broken servers at once: all fourteen mutations at once starved the
  // servers on a busy machine until a correct request check timed out.
  const failedBy = new Map<string, PieceName[]>();
  beforeAll(async () => {
    await settledInOrder(MUTATIONS, 3, async (mutation) => {
      const { verdicts } = await gradeBuildNotebook(mutated(mutation.piece, mutation.from, mutation.to));
      failedBy.set(
        mutation.what,
        verdicts.filter((verdict) => !verdict.ok).map((verdict) => verdict.name),
      );
    });
  }, 180_000);

  it.each(MUTATIONS.map((mutation) => [`${mutation.piece}: ${mutation.what}`, mutation] as const))(
    "%s fails that piece and no piece that does not use it",
    (_label, mutation) => {
      const failed = failedBy.get(mutation.what) ?? [];
      expect(failed).toContain(mutation.piece);
      expect(
        failed.filter((piece) => piece !== mutation.piece && !dependentsOf(mutation.piece).includes(piece)),
      ).toEqual([]);
    },
  );

  it("a syntax error in one piece costs only that piece and the pieces that use it", async () => {
    const { verdicts, broken } = await gradeBuildNotebook(
      mutated("FrameReader", "feed(chunk: Uint8Array): Buffer[] {", "feed(chunk: Uint8Array): Buffer[] {{"),
    );
    expect([...broken.values()].join(" ")).toMatch(/expected/i);
    const failed = verdicts.filter((verdict) => !verdict.ok).map((verdict) => verdict.name);
    expect(failed.sort()).toEqual(["FrameReader", ...dependentsOf("FrameReader")].sort());
  }, 30_000);
});

describe("evaluateBuildCells", () => {
  let cells: ReturnType<typeof buildCells>;
  beforeAll(() => {
    cells = buildCells(SOLVED);
  });

  it("finds every piece declared in the tagged cells, in the chapter's order", () => {
    expect(cells.flatMap((cell) => cell.declares)).toEqual([...PIECE_NAMES]);
  });

  it("resolves a piece's names when they are used, so a later definition replaces an earlier one", () => {
    const { pieces } = evaluateBuildCells(cells, cellScope());
    const before = pieces.callTool as (...args: unknown[]) => unknown;
    pieces.resultText = () => "swapped";
    expect(pieces.callTool).toBe(before);
    expect(pieces.resultText).not.toBe(undefined);
  });
});

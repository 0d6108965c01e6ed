// Runs one piece's check (checks/, a file per piece) and makes its verdict: ok with what the check
// saw, or not yet with what was expected, what came and a hint, also when the piece is still its
// starting TODO or threw. It never throws and never leaves a server running.
import { join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { killGroups, signalGroup } from "../client/process-group.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { CheckFailure, type Verdict } from "../grading/trials/harness.js";
import { WorkbookError } from "../errors/workbook-error.js";
import { AssembledClient } from "../assembly/assembled-client.js";
import {
  isPieceName,
  isTodo,
  PIECE_NEEDS,
  PIECE_SECTIONS,
  type PieceName,
  type PieceSet,
} from "../assembly/piece-names.js";
import { CHECKS } from "./checks/index.js";
import { shown } from "./checks/check-helpers.js";
import type { Scratch } from "./checks/check-types.js";

export { requestTrialDeadline } from "./checks/request-check.js";

/** A piece's verdict: the one Verdict (grading/trials/harness.ts), named by the piece. */
export type PieceVerdict = Verdict & { readonly name: PieceName };

/** A verdict for `piece`: ok with `detail`, or not yet with what was expected, what came and a hint. */
function pieceVerdict(
  piece: PieceName,
  ms: number,
  outcome: { detail: string } | { expected: string; received: string; hint: string },
): PieceVerdict {
  const ok = "detail" in outcome;
  return {
    name: piece,
    title: ok ? outcome.detail : "",
    ok,
    status: ok ? "passed" : "failed",
    points: 0,
    score: 0,
    expected: ok ? undefined : outcome.expected,
    received: ok ? undefined : outcome.received,
    hint: ok ? undefined : outcome.hint,
    line: ok ? `ok ${piece}: ${outcome.detail}` : `not yet ${piece}`,
    output: "",
    ms,
  };
}

/** Runs the check of `piece` against `pieces`; never throws, never leaves a server running. */
export async function runPieceCheck(piece: PieceName, pieces: PieceSet): Promise<PieceVerdict> {
  const started = performance.now();
  const missing = [piece, ...PIECE_NEEDS[piece]].filter((name) => pieces[name] === undefined);
  const elapsed = (): number => Math.round(performance.now() - started);
  if (missing.length > 0) {
    return pieceVerdict(piece, elapsed(), {
      expected: `${missing.join(", ")} defined`,
      received: "not defined (or its cell did not compile)",
      hint: `run the cell that defines ${missing[0]} (${PIECE_SECTIONS[missing[0]!]})`,
    });
  }
  const dir = mkdtempSync(join(tmpdir(), "workbook-piece-"));
  const clients: AssembledClient[] = [];
  const scratch: Scratch = {
    dir,
    client(mode, options = {}) {
      const command = teachingServerCommand(mode, options.log);
      if (options.record !== undefined) command.push("--record", options.record);
      const client = new AssembledClient(() => pieces, command, {
        allowed: options.allowed ?? ["word_count"],
        timeoutMs: options.timeoutMs ?? 5000,
      });
      clients.push(client);
      return client;
    },
    async end(client) {
      const pgid = client.pid;
      if (pgid === undefined) return;
      signalGroup(pgid, "SIGKILL");
      await client.context.exited;
    },
  };
  try {
    const detail = await CHECKS[piece](pieces, scratch);
    return pieceVerdict(piece, elapsed(), { detail });
  } catch (error) {
    if (error instanceof CheckFailure)
      return pieceVerdict(piece, elapsed(), {
        expected: error.expected ?? "",
        received: error.received ?? error.what,
        hint: error.hint ?? "",
      });
    const todoIn = isTodo(error)
      ? error
      : isTodo((error as { cause?: unknown })?.cause)
        ? (error as { cause: unknown }).cause
        : undefined;
    if (todoIn instanceof WorkbookError) {
      const name = todoIn.wording.what.split(" ")[0] ?? piece;
      const owner = name.split(".")[0] ?? name;
      const hint =
        owner === piece
          ? `write ${name} in place of its TODO, run that cell, then this one`
          : `this check uses your ${owner}: write it first (${isPieceName(owner) ? `${PIECE_SECTIONS[owner]}; ` : ""}its own check says when it is ready)`;
      return pieceVerdict(piece, elapsed(), {
        expected: "your code",
        received: `the starting TODO (${todoIn.wording.what})`,
        hint,
      });
    }
    return pieceVerdict(piece, elapsed(), {
      expected: "the check to run through",
      received: `your code threw ${shown(error)}`,
      hint: "read the error: the check calls your piece just as the client would",
    });
  } finally {
    await killGroups(clients.flatMap((client) => (client.pid === undefined ? [] : [client.pid])));
    rmSync(dir, { recursive: true, force: true });
  }
}

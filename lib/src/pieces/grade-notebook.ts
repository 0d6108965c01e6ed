// `checkpoint --notebook PATH`: a learner's build notebook graded as written. The build cells are
// read from the file (the notebook is not executed); each is transpiled on its own with the
// kernel's TypeScript, so a cell that does not compile marks only its pieces broken; the rules
// then run here, against a forked host that holds the learner's code (notebook-host.ts).
import { fork, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { rulesFor } from "../checkpoint/rules/feedback.js";
import { runRules, type ProbeSession } from "../checkpoint/rules/run.js";
import type { ProbeAnswer, ProbeRequest, RuleVerdict } from "../checkpoint/rules/types.js";
import { readBuildCells, transpileBuildCells, type TranspiledCell } from "./notebook-pieces.js";
import { PIECE_NAMES, PIECE_RULES } from "./pieces.js";

// The compiled host, from lib/dist/pieces and from lib/src/pieces (tests run the source) alike.
const HOST = resolve(__dirname, "../../dist/pieces/notebook-host.js");
/** The implementation names a build piece stands behind: the client is assembled from the live pieces. */
const CLIENT_PIECES = new Set(["request", "callTool", "close"]);

/** Every rule the build notebook's pieces are graded by, in the chapter's order. */
export const NOTEBOOK_RULES = PIECE_NAMES.flatMap((piece) => PIECE_RULES[piece]);

/** One probe session: a fresh host process for one rule, answering over IPC. */
async function openHost(cells: readonly TranspiledCell[]): Promise<ProbeSession> {
  const child: ChildProcess = fork(HOST, [], { stdio: ["ignore", "pipe", "pipe", "ipc"], serialization: "json" });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    if (printed.length < 20_000) printed += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    if (printed.length < 20_000) printed += chunk.toString("utf8");
  });
  const waiting = new Map<number, (answer: ProbeAnswer) => void>();
  let next = 1;
  const gone = (why: string): ProbeAnswer => ({ ok: false, error: { name: "HostError", message: why } });
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the notebook host exited (${code}) before it was ready: ${printed.slice(0, 400)}`)));
    child.on("message", (message: { ready?: true; loaded?: true; id?: number; answer?: ProbeAnswer }) => {
      if (message.ready) {
        child.send({ cells });
        return;
      }
      if (message.loaded) return resolve();
      if (message.id !== undefined && message.answer !== undefined) waiting.get(message.id)?.(message.answer);
      if (message.id !== undefined) waiting.delete(message.id);
    });
  });
  child.on("exit", () => {
    for (const settle of waiting.values()) settle(gone("the notebook host exited"));
    waiting.clear();
  });
  return {
    probe: (request: ProbeRequest) =>
      new Promise<ProbeAnswer>((resolve) => {
        if (child.exitCode !== null || !child.connected) return resolve(gone("the notebook host is not running"));
        const id = next;
        next += 1;
        waiting.set(id, resolve);
        child.send({ id, request });
      }),
    close: async () => {
      if (child.exitCode === null) {
        child.kill("SIGKILL");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      return printed;
    },
  };
}

/** The rules' verdicts for the notebook at `path`, and which cells did not compile. */
export async function gradeNotebook(path: string, options: { seed?: number; onVerdict?: (verdict: RuleVerdict) => void } = {}): Promise<{ verdicts: RuleVerdict[]; broken: ReadonlyMap<number, string> }> {
  const cells = readBuildCells(path);
  // Transpiled here, once, with the kernel's TypeScript; the code runs only in the host.
  const transpiled = transpileBuildCells(cells);
  const brokenCells = new Map<number, string>();
  const broken = new Map<string, string>();
  for (const cell of transpiled) {
    if (!("error" in cell)) continue;
    const why = cell.error;
    brokenCells.set(cell.index, why);
    for (const piece of cell.declares) broken.set(CLIENT_PIECES.has(piece) ? "StdioClient" : piece, `cell ${cell.index} (${piece}): ${why}`);
  }
  const verdicts = await runRules({
    rules: rulesFor(NOTEBOOK_RULES),
    openProbe: () => openHost(transpiled),
    broken,
    seed: options.seed ?? 0,
    ...(options.onVerdict ? { onVerdict: options.onVerdict } : {}),
  });
  return { verdicts, broken: brokenCells };
}


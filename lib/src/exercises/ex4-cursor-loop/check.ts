// Exercise 4 as the chapter sets it: the learner writes the cursor-following loop. Their function
// gets a way to ask for one page (askPage) and the bounds; the check runs it against scripted
// pages (exact cases: a repeating cursor, endless cursors, too many tools) and against the live
// teaching server's paged modes. A loop with a page bound but no memory of cursors fails the
// repeated-cursor case by name. Each run is plain data (runCursorTrial), so the checkpoint runs the
// learner's exercise4 in its host and judges with this same check (judgeCursorLoop).
import { spawn } from "node:child_process";
import { PROTOCOL_VERSION } from "../../protocol/constants.js";
import { encodeFrame } from "../../protocol/encode-frame.js";
import { FrameReader } from "../../protocol/frame-reader.js";
import { answerFor, notificationMessage, requestMessage, type JsonObject } from "../../protocol/messages.js";
import { parseFrame } from "../../protocol/parse-frame.js";
import { DeadlineError } from "../../errors/deadline-error.js";
import { ClosedError } from "../../errors/closed-error.js";
import type { WorkbookError } from "../../errors/workbook-error.js";
import type { McpTool } from "../../protocol/handshake.js";
import { signalGroup } from "../../client/process-group.js";
import { teachingServerCommand } from "../../client/teaching-server.js";
import type { CheckResult } from "../../grading/trials/harness.js";
import { notYet, runExerciseCheck, type VerdictStyle } from "../exercise-harness.js";
import { judgeChains } from "./judge-chains.js";
import { referenceCursorLoop } from "./reference.js";
import type { AskPage, CursorOutcome, CursorTrial, ListAllTools, ListBounds, TrialError } from "./trial-types.js";

export type { AskPage, CursorOutcome, CursorTrial, ListAllTools, ListBounds, TrialError } from "./trial-types.js";

/** The bounds the check hands over. */
export const CURSOR_BOUNDS: ListBounds = { maxPages: 5, maxTools: 32 };

const tool = (name: string): McpTool =>
  ({ name, description: `the ${name} tool`, inputSchema: { type: "object" } }) as McpTool;

/** The most pages a scripted trial serves: a loop still asking after that is stopped by the check. */
const SCRIPT_PAGES = 100;

/** The name of the error a scripted trial ends a loop with when it asks past the script. */
export const STOPPED_BY_CHECK = "StoppedByCheck";

function plainError(error: unknown): TrialError {
  if (error instanceof Error) {
    // Read by shape, not by class: the learner's copy of the library may not be this one.
    const reason = (error as Partial<WorkbookError>).reason;
    return typeof reason === "string"
      ? { name: error.name, message: error.message, reason }
      : { name: error.name, message: error.message };
  }
  return { name: typeof error, message: String(error) };
}

function stoppedByCheck(pages: number): Error {
  const error = new Error(`the check stopped a loop after ${pages} pages`);
  error.name = STOPPED_BY_CHECK;
  return error;
}

/** Runs the learner's loop on one trial, in this process; never throws. */
export async function runCursorTrial(listAllTools: unknown, trial: CursorTrial): Promise<CursorOutcome> {
  const asked: Array<string | null> = [];
  const work = async (askPage: AskPage): Promise<unknown> => {
    if (typeof listAllTools !== "function")
      throw new TypeError(`expected a function (askPage, bounds) => Promise<tools>; got ${typeof listAllTools}`);
    const recorded: AskPage = (cursor) => {
      asked.push(cursor ?? null);
      return askPage(cursor);
    };
    return (listAllTools as ListAllTools)(recorded, {
      ...("pages" in trial ? (trial.bounds ?? CURSOR_BOUNDS) : CURSOR_BOUNDS),
    });
  };
  try {
    const value =
      "pages" in trial
        ? await work(() => {
            const page = trial.pages[asked.length - 1];
            return page === undefined ? Promise.reject(stoppedByCheck(trial.pages.length)) : Promise.resolve(page);
          })
        : await withLivePages(trial.command, work);
    const names = Array.isArray(value) ? value.map((item) => String((item as { name?: unknown })?.name)) : undefined;
    return names === undefined
      ? { error: { name: "TypeError", message: `returned ${typeof value}, not an array of tools` }, asked }
      : { names, asked };
  } catch (error) {
    return { error: plainError(error), asked };
  }
}

/** Runs a trial somewhere (in this process, or in the checkpoint's host) and hands back its outcome. */
export type CursorTrialRunner = (trial: CursorTrial) => Promise<CursorOutcome>;

/**
 * One live session with the teaching server in `mode` (or started by a command): handshake, then `work` gets an askPage
 * that sends tools/list (with the cursor) and reads its reply under a 3-second deadline.
 */
export async function withLivePages<T>(
  mode: string | readonly string[],
  work: (askPage: AskPage) => Promise<T>,
): Promise<T> {
  const [file, ...args] = (typeof mode === "string" ? teachingServerCommand(mode) : mode) as [string, ...string[]];
  const child = spawn(file, args, {
    stdio: ["pipe", "pipe", "ignore"],
    detached: true,
    env: { PATH: process.env["PATH"] ?? "" },
  });
  const reader = new FrameReader();
  const frames: Buffer[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  child.stdout.on("data", (chunk: Buffer) => {
    frames.push(...reader.feed(chunk));
    wake?.();
  });
  child.stdout.once("close", () => {
    ended = true;
    wake?.();
  });
  let nextId = 0;
  const ask = async (method: string, params: JsonObject): Promise<JsonObject> => {
    nextId += 1;
    const id = nextId;
    child.stdin.write(encodeFrame(requestMessage(id, method, params)));
    const until = Date.now() + 3000;
    for (;;) {
      const frame = frames.shift();
      if (frame !== undefined) {
        const answer = answerFor(id, parseFrame(frame));
        if (answer !== null) return answer;
        continue;
      }
      if (ended)
        throw new ClosedError("output-ended", {
          what: "the server's output ended",
          expected: `the reply to ${method}`,
        });
      const left = until - Date.now();
      if (left <= 0) throw new DeadlineError("deadline", { what: `no reply to ${method} within 3000 ms` });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  try {
    await ask("initialize", {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "exercise-4", version: "0" },
    });
    child.stdin.write(encodeFrame(notificationMessage("notifications/initialized")));
    return await work((cursor) => ask("tools/list", cursor === undefined ? {} : { cursor }));
  } finally {
    if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
  }
}

const namesOf = (outcome: CursorOutcome): string => `[${(outcome.names ?? []).join(", ")}]`;
const said = (outcome: CursorOutcome): string =>
  outcome.error === undefined
    ? `nothing, returning ${namesOf(outcome)}`
    : `${outcome.error.name}: ${outcome.error.message}`;
const repeatPages = (page: JsonObject): JsonObject[] => Array.from({ length: SCRIPT_PAGES }, () => page);

/** The live modes the check meets: argv for each, from the caller (the notebook's own, or the checkpoint's logged servers). */
export type LiveCommand = (mode: "paged" | "endless-cursor" | "repeat-cursor") => readonly string[];

function cursorSpec(run: CursorTrialRunner, live: LiveCommand, seed: number): Parameters<typeof runExerciseCheck>[0] {
  return {
    name: "exercise 4: a paginated list",
    title:
      "every page followed, the repeated cursor refused by name, the endless list and the oversized one refused within their bounds",
    deadlineMs: 30_000,
    body: async (context) => {
      const within = (what: string, trial: CursorTrial) => context.within(5000, what, () => run(trial));

      // Seven tools, three a page: every page followed, in order, each cursor used once.
      const seven = Array.from({ length: 7 }, (_, index) => tool(`tool_${index + 1}`));
      const sevenNames = `[${seven.map((each) => each.name).join(", ")}]`;
      const all = await within("your function on seven tools in pages of three", {
        pages: [0, 1, 2].map((index) => ({
          tools: seven.slice(index * 3, index * 3 + 3),
          ...(index < 2 ? { nextCursor: `c${index + 1}` } : {}),
        })),
      });
      if (all.error !== undefined)
        notYet(
          `seven tools in pages of three: your function failed: ${said(all)}. Hint: ask again with the page's nextCursor until a page comes without one.`,
        );
      if (namesOf(all) !== sevenNames)
        notYet(
          `seven tools in pages of three: expected ${sevenNames}, in order; got ${namesOf(all)} (pages asked with cursors ${JSON.stringify(all.asked)}). Hint: keep every page's tools, and ask with the cursor the last page gave.`,
        );
      if (JSON.stringify(all.asked) !== JSON.stringify([null, "c1", "c2"]))
        notYet(
          `seven tools in pages of three: the pages were asked with cursors ${JSON.stringify(all.asked)}; expected [null, "c1", "c2"] (null: the first page, asked with none).`,
        );

      // repeated-cursor: the second page hands back the cursor the first gave. Refuse it there, naming it.
      const repeated = await within("your function on a cursor that repeats", {
        pages: repeatPages({ tools: [tool("again_tool")], nextCursor: "again" }),
      });
      if (repeated.error === undefined)
        notYet(
          `repeated-cursor: the cursor "again" came back on page 2, and your function returned ${namesOf(repeated)} after ${repeated.asked.length} pages; it must refuse. Hint: a cursor seen before means the list goes round in a circle; remember every cursor you were given.`,
        );
      if (repeated.asked.length > 2 || !repeated.error.message.includes("again")) {
        notYet(
          `repeated-cursor: the cursor "again" came back on page 2; your function asked ${repeated.asked.length} pages and then said "${said(repeated)}". ` +
            "Expected a refusal on page 2 that names the repeated cursor. Hint: a bound on pages stops a loop eventually; only remembering the cursors you were given recognises one, at once.",
        );
      }

      // endless-cursor: always a fresh cursor; refused once maxPages pages have been read.
      const forever = await within("your function on endless fresh cursors", {
        pages: Array.from({ length: SCRIPT_PAGES }, (_, index) => ({
          tools: [tool(`page_${index + 1}`)],
          nextCursor: `c${index + 1}`,
        })),
      });
      if (forever.error === undefined)
        notYet(
          `endless-cursor: a fresh cursor on every page, and your function returned after ${forever.asked.length} pages; it must refuse once ${CURSOR_BOUNDS.maxPages} pages still point further.`,
        );
      if (forever.asked.length > CURSOR_BOUNDS.maxPages)
        notYet(
          `endless-cursor: your function asked ${forever.asked.length} pages; the bound is ${CURSOR_BOUNDS.maxPages}. Hint: count pages before asking for the next one.`,
        );

      // too-many-tools: two pages of twenty; the total passes maxTools and is refused, not cut short.
      const twenty = (page: number) => Array.from({ length: 20 }, (_, index) => tool(`p${page}_${index + 1}`));
      const oversized = await within("your function on forty tools", {
        pages: [{ tools: twenty(1), nextCursor: "more" }, { tools: twenty(2) }],
      });
      if (oversized.error === undefined)
        notYet(
          `too-many-tools: two pages of twenty tools, and your function returned ${oversized.names?.length ?? 0} of them; ${CURSOR_BOUNDS.maxTools} is the bound, so the list must be refused, not cut short.`,
        );

      // The property: on generated chains (every cycle length, each bound exactly and one past it,
      // empty pages), the same tools or the same refusal as the reference, by class and reason.
      const generated = await judgeChains(
        run,
        (trial) => runCursorTrial(referenceCursorLoop, trial),
        seed,
        (what, work) => context.within(5000, what, work),
      );

      // The live teaching server: paged gives seven; endless-cursor and repeat-cursor are refused.
      const paged = await within("your function against the live paged server", { command: live("paged") });
      if (paged.error !== undefined || paged.names?.length !== 7)
        notYet(
          `the live "paged" server: expected its seven tools; got ${paged.error !== undefined ? said(paged) : namesOf(paged)}.`,
        );
      for (const mode of ["endless-cursor", "repeat-cursor"] as const) {
        const refused = await within(`your function against the live ${mode} server`, { command: live(mode) });
        if (refused.error === undefined)
          notYet(`the live "${mode}" server: your function returned ${namesOf(refused)}; it must refuse.`);
      }
      return `7 tools over 3 pages; "again" refused on page 2; endless refused after ${forever.asked.length} pages; 40 tools refused; ${generated}; live paged, endless-cursor and repeat-cursor as expected`;
    },
  };
}

/**
 * Exercise 4's one check, wherever the learner's loop runs: `run` executes a trial with it and
 * returns plain data; this judges only that data. The notebook runs trials in its own kernel; the
 * checkpoint runs them in its isolated host.
 */
export function judgeCursorLoop(
  run: CursorTrialRunner,
  live: LiveCommand,
  seed: number,
  style: VerdictStyle = "learner",
): Promise<CheckResult> {
  return runExerciseCheck(cursorSpec(run, live, seed), style);
}

/** Exercise 4 in the notebook: the learner's cursor loop, run here, against scripted pages and the live teaching server. */
export function checkCursorLoop(listAllTools: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  if (typeof listAllTools !== "function")
    return runExerciseCheck(
      {
        name: "exercise 4: a paginated list",
        title: "",
        deadlineMs: 1000,
        body: () => notYet(`expected a function (askPage, bounds) => Promise<tools>; got ${typeof listAllTools}.`),
      },
      style,
    );
  return judgeCursorLoop(
    (trial) => runCursorTrial(listAllTools, trial),
    (mode) => teachingServerCommand(mode),
    0,
    style,
  );
}

// Exercise 4 as the chapter sets it: the learner writes the cursor-following loop. Their function
// gets a way to ask for one page (askPage) and the bounds; the check runs it against scripted
// pages (exact cases: a repeating cursor, endless cursors, too many tools) and against the live
// teaching server's paged modes. A loop with a page bound but no memory of cursors fails the
// repeated-cursor case by name.
import { spawn } from "node:child_process";
import { PROTOCOL_VERSION } from "../protocol/constants.js";
import { encodeFrame } from "../protocol/encode-frame.js";
import { FrameReader } from "../protocol/frame-reader.js";
import { answerFor, notificationMessage, requestMessage, type JsonObject } from "../protocol/messages.js";
import { parseFrame } from "../protocol/parse-frame.js";
import { DeadlineError } from "../protocol/errors/deadline-error.js";
import { ClosedError } from "../protocol/errors/closed-error.js";
import type { McpTool } from "../protocol/handshake.js";
import { signalGroup } from "../client/process-group.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import type { CheckResult } from "../checkpoint/harness.js";
import { describeError } from "../checkpoint/harness.js";
import { notYet, runExerciseCheck, type VerdictStyle } from "./exercise-harness.js";

/** Asks the server for one page of tools/list: the first with no cursor, each later one with the cursor it was given. */
export type AskPage = (cursor: string | undefined) => Promise<JsonObject>;
export interface ListBounds {
  readonly maxPages: number;
  readonly maxTools: number;
}
/** What the learner writes for exercise 4. */
export type ListAllTools = (askPage: AskPage, bounds: ListBounds) => Promise<McpTool[]>;

/** The bounds the check hands over. */
export const CURSOR_BOUNDS: ListBounds = { maxPages: 5, maxTools: 32 };

const tool = (name: string): McpTool => ({ name, description: `the ${name} tool`, inputSchema: { type: "object" } }) as McpTool;

/** A scripted server: page i of `pages` answers the i-th ask; every ask's cursor is recorded. */
function scripted(pages: (index: number) => JsonObject): { askPage: AskPage; asked: Array<string | undefined> } {
  const asked: Array<string | undefined> = [];
  return {
    asked,
    askPage: (cursor) => {
      asked.push(cursor);
      if (asked.length > 100) return Promise.reject(new Error("the check stopped a loop after 100 pages"));
      return Promise.resolve(pages(asked.length - 1));
    },
  };
}

/**
 * One live session with the teaching server in `mode`: handshake, then `work` gets an askPage
 * that sends tools/list (with the cursor) and reads its reply under a 3-second deadline.
 */
export async function withLivePages<T>(mode: string, work: (askPage: AskPage) => Promise<T>): Promise<T> {
  const [file, ...args] = teachingServerCommand(mode) as [string, ...string[]];
  const child = spawn(file, args, { stdio: ["pipe", "pipe", "ignore"], detached: true, env: { PATH: process.env["PATH"] ?? "" } });
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
      if (ended) throw new ClosedError("output-ended", { what: "the server's output ended", expected: `the reply to ${method}` });
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
    await ask("initialize", { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "exercise-4", version: "0" } });
    child.stdin.write(encodeFrame(notificationMessage("notifications/initialized")));
    return await work((cursor) => ask("tools/list", cursor === undefined ? {} : { cursor }));
  } finally {
    if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
  }
}

async function outcome(work: () => Promise<unknown>): Promise<{ value?: unknown; error?: unknown }> {
  try {
    return { value: await work() };
  } catch (error) {
    return { error };
  }
}

const namesOf = (value: unknown): string => (Array.isArray(value) ? `[${value.map((item) => (item as { name?: unknown })?.name).join(", ")}]` : String(value));

function cursorSpec(listAllTools: unknown): Parameters<typeof runExerciseCheck>[0] {
  return {
    name: "exercise 4: a paginated list",
    title: "every page followed, the repeated cursor refused by name, the endless list and the oversized one refused within their bounds",
    deadlineMs: 30_000,
    body: async (context) => {
      if (typeof listAllTools !== "function") notYet(`expected a function (askPage, bounds) => Promise<tools>; got ${typeof listAllTools}.`);
      const run = listAllTools as ListAllTools;
      const within = (what: string, work: () => Promise<unknown>) => context.within(5000, what, () => outcome(work));

      // Seven tools, three a page: every page followed, in order, each cursor used once.
      const seven = Array.from({ length: 7 }, (_, index) => tool(`tool_${index + 1}`));
      const paged = scripted((index) => ({ tools: seven.slice(index * 3, index * 3 + 3), ...(index < 2 ? { nextCursor: `c${index + 1}` } : {}) }));
      const all = await within("your function on seven tools in pages of three", () => run(paged.askPage, CURSOR_BOUNDS));
      if (all.error !== undefined) notYet(`seven tools in pages of three: your function failed: ${describeError(all.error)}. Hint: ask again with the page's nextCursor until a page comes without one.`);
      if (namesOf(all.value) !== namesOf(seven)) notYet(`seven tools in pages of three: expected ${namesOf(seven)}, in order; got ${namesOf(all.value)} (pages asked with cursors ${JSON.stringify(paged.asked)}). Hint: keep every page's tools, and ask with the cursor the last page gave.`);
      if (JSON.stringify(paged.asked) !== JSON.stringify([undefined, "c1", "c2"])) notYet(`seven tools in pages of three: the pages were asked with cursors ${JSON.stringify(paged.asked)}; expected [undefined, "c1", "c2"].`);

      // repeated-cursor: the second page hands back the cursor the first gave. Refuse it there, naming it.
      const loop = scripted(() => ({ tools: [tool("again_tool")], nextCursor: "again" }));
      const repeated = await within("your function on a cursor that repeats", () => run(loop.askPage, CURSOR_BOUNDS));
      if (repeated.error === undefined) notYet(`repeated-cursor: the cursor "again" came back on page 2, and your function returned ${namesOf(repeated.value)} after ${loop.asked.length} pages; it must refuse. Hint: a cursor seen before means the list goes round in a circle; remember every cursor you were given.`);
      if (loop.asked.length > 2 || !String((repeated.error as Error)?.message).includes("again")) {
        notYet(
          `repeated-cursor: the cursor "again" came back on page 2; your function asked ${loop.asked.length} pages and then said "${describeError(repeated.error)}". ` +
            "Expected a refusal on page 2 that names the repeated cursor. Hint: a bound on pages stops a loop eventually; only remembering the cursors you were given recognises one, at once.",
        );
      }

      // endless-cursor: always a fresh cursor; refused once maxPages pages have been read.
      const endless = scripted((index) => ({ tools: [tool(`page_${index + 1}`)], nextCursor: `c${index + 1}` }));
      const forever = await within("your function on endless fresh cursors", () => run(endless.askPage, CURSOR_BOUNDS));
      if (forever.error === undefined) notYet(`endless-cursor: a fresh cursor on every page, and your function returned after ${endless.asked.length} pages; it must refuse once ${CURSOR_BOUNDS.maxPages} pages still point further.`);
      if (endless.asked.length > CURSOR_BOUNDS.maxPages) notYet(`endless-cursor: your function asked ${endless.asked.length} pages; the bound is ${CURSOR_BOUNDS.maxPages}. Hint: count pages before asking for the next one.`);

      // too-many-tools: two pages of twenty; the total passes maxTools and is refused, not cut short.
      const twenty = (page: number) => Array.from({ length: 20 }, (_, index) => tool(`p${page}_${index + 1}`));
      const big = scripted((index) => ({ tools: twenty(index + 1), ...(index === 0 ? { nextCursor: "more" } : {}) }));
      const oversized = await within("your function on forty tools", () => run(big.askPage, CURSOR_BOUNDS));
      if (oversized.error === undefined) notYet(`too-many-tools: two pages of twenty tools, and your function returned ${Array.isArray(oversized.value) ? oversized.value.length : "something"} of them; ${CURSOR_BOUNDS.maxTools} is the bound, so the list must be refused, not cut short.`);

      // The live teaching server: paged gives seven; endless-cursor and repeat-cursor are refused.
      const live = await within("your function against the live paged server", () => withLivePages("paged", (askPage) => run(askPage, CURSOR_BOUNDS)));
      if (live.error !== undefined || !Array.isArray(live.value) || live.value.length !== 7) notYet(`the live "paged" server: expected its seven tools; got ${live.error !== undefined ? describeError(live.error) : namesOf(live.value)}.`);
      for (const mode of ["endless-cursor", "repeat-cursor"]) {
        const refused = await within(`your function against the live ${mode} server`, () => withLivePages(mode, (askPage) => run(askPage, CURSOR_BOUNDS)));
        if (refused.error === undefined) notYet(`the live "${mode}" server: your function returned ${namesOf(refused.value)}; it must refuse.`);
      }
      return `7 tools over 3 pages; "again" refused on page 2; endless refused after ${endless.asked.length} pages; 40 tools refused; live paged, endless-cursor and repeat-cursor as expected`;
    },
  };
}

/** Exercise 4: the learner's cursor loop, against scripted pages and the live teaching server. */
export function checkCursorLoop(listAllTools: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(cursorSpec(listAllTools), style);
}

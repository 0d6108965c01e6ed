// The exercise notebook's check cells: one check per exercise of chapter 14, each called with the
// learner's answer (a receipt and what they computed from it, loop options, a function, a result).
// Each resolves to "ok ..." or "not yet: <what was expected, what came, a hint>", never throws,
// is bounded in time, and ends every server it (or the learner's function inside it) started.
import { join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { describeError, type CheckResult } from "../checkpoint/harness.js";
import { loggedCalls } from "../checkpoint/server-log.js";
import { StdioClient } from "../client/stdio-client.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { loadCatalogData } from "../experiment/catalog.js";
import { declineTable } from "../experiment/decline.js";
import { PURCHASE_TOOL } from "../experiment/hostile-offer.js";
import { ReceiptSchema, type Protocol, type Receipt } from "../experiment/receipt.js";
import { recoveryReport, RECOVERY_DEFAULT_SIZE } from "../experiment/recovery.js";
import { loopScenarios, MAX_OFFERED_A_TURN, runScenario, type LoopFix } from "./loop-scenarios.js";
import { notYet, runExerciseCheck, type ExerciseCheckSpec, type VerdictStyle } from "./exercise-harness.js";
import { differences, shown } from "./compare.js";

/** A receipt as a learner may hand it over: the receipt, or runExperiment's whole result. */
function receiptOf(answer: unknown, what: string): Receipt {
  const candidate = typeof answer === "object" && answer !== null && "receipt" in answer && !("rows" in answer) ? (answer as { receipt: unknown }).receipt : answer;
  const parsed = ReceiptSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  notYet(
    `${what}: expected a receipt (result.receipt from runExperiment, or loadReceipt(path)); got ${shown(candidate)}` +
      (issue ? `, which fails at ${issue.path.join(".") || "the top"}: ${issue.message}` : ""),
  );
}

// --- exercise 1 -------------------------------------------------------------------------------

function recoverySpec(report: unknown, receiptAnswer: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 1: where routing recovers",
    title: "the recovery report recomputes from the receipt",
    deadlineMs: 10_000,
    body: async () => {
      const receipt = receiptOf(receiptAnswer, "the second argument");
      const allTools = receipt.rows.filter((row) => row.search === undefined);
      const sizes = [...new Set(allTools.map((row) => row.size))].sort((a, b) => a - b);
      if (!sizes.includes(RECOVERY_DEFAULT_SIZE)) {
        notYet(
          `the receipt never offered all ${RECOVERY_DEFAULT_SIZE} tools (its sizes: ${sizes.join(", ") || "none"}), and the chapter asks where routing recovers at sixty-four. ` +
            `Hint: put ${RECOVERY_DEFAULT_SIZE} in design.sizes (or --sizes on the command line).`,
        );
      }
      if (sizes.length < 2) {
        notYet(`a cost per tool is a slope, and the receipt has one catalog size (${sizes.join(", ")}). Hint: add a smaller size, such as 8, to design.sizes.`);
      }
      if (typeof report !== "object" || report === null || !Array.isArray((report as { models?: unknown }).models)) {
        notYet(`the first argument should be recoveryReport(receipt): an object with a models list; got ${shown(report)}.`);
      }
      const expected = recoveryReport(receipt);
      const found = differences(expected, report, "report");
      if (found.length > 0) {
        notYet(
          `your report does not match recoveryReport(receipt) recomputed from the same receipt: ${found.slice(0, 3).join("; ")}. ` +
            "Hint: compute the report from the very receipt you pass here, at the default size (64).",
        );
      }
      const baseline = receipt.run.provider === "lexical" || receipt.run.provider === "scripted";
      const perModel = expected.models.map((model) => {
        const cell = model.atSize.find((c) => c.protocol === "native") ?? model.atSize[0];
        const tokens = model.costs.find((c) => c.protocol === "native")?.tokensPerTool;
        const accuracy = cell ? `${cell.right}/${cell.n} at ${cell.size} ${cell.kind} (${cell.protocol})` : `nothing at ${expected.size}`;
        return `${model.model}: ${accuracy}${tokens != null ? `, ${tokens.toFixed(1)} tokens per tool` : ""}`;
      });
      return `${perModel.join("; ")}${baseline ? `; ${receipt.run.providerLabel}` : ""}`;
    },
  };
}

/** Exercise 1: `report` must be recoveryReport(receipt) of a receipt that offered 64 tools and at least one smaller size. */
export function checkRecoveryReport(report: unknown, receipt: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(recoverySpec(report, receipt), style);
}

// --- exercise 2 -------------------------------------------------------------------------------

const DECLINE_PROTOCOLS: readonly Protocol[] = ["native", "choice", "choice-none"];

function declineSpec(receiptAnswer: unknown, table: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 2: let the choice decline",
    title: "false calls and missed calls are tabled for every protocol, none_of_these included",
    deadlineMs: 10_000,
    body: async () => {
      const receipt = receiptOf(receiptAnswer, "the first argument");
      const ran = new Set(receipt.rows.map((row) => row.protocol));
      const missing = DECLINE_PROTOCOLS.filter((protocol) => !ran.has(protocol));
      if (missing.length > 0) {
        notYet(
          `the receipt has no rows under ${missing.join(", ")} (it ran ${[...ran].join(", ") || "nothing"}); the exercise compares all three. ` +
            (missing.includes("choice-none") ? `Hint: "choice-none" is the constrained choice with none_of_these added; put it in design.protocols (--decline on the command line).` : "Hint: list every protocol in design.protocols."),
        );
      }
      const sixIds = loadCatalogData().noToolRequests.map((request) => request.id);
      for (const protocol of DECLINE_PROTOCOLS) {
        const asked = new Set(receipt.rows.filter((row) => row.protocol === protocol && row.expected === null).map((row) => row.requestId));
        const unasked = sixIds.filter((id) => !asked.has(id));
        if (unasked.length === sixIds.length) {
          notYet(
            `no request that needs no tool was asked under ${protocol}, so a false call cannot happen and the table cannot show one. ` +
              "Hint: runExperiment's option noToolRequests: true adds the six (--no-tool-requests on the command line).",
          );
        }
        if (unasked.length > 0) notYet(`under ${protocol}, the requests ${unasked.join(", ")} (of the six that need no tool) were never asked.`);
      }
      if (!Array.isArray(table)) notYet(`the second argument should be declineTable(receipt), a list of lines; got ${shown(table)}.`);
      const found = differences(declineTable(receipt), table, "table");
      if (found.length > 0) {
        notYet(`your table does not match declineTable(receipt) from the same receipt: ${found.slice(0, 3).join("; ")}.`);
      }
      const cells = declineTable(receipt);
      const model = cells[0]?.model;
      const summary = cells
        .filter((cell) => cell.model === model)
        .map((cell) => `${cell.protocol}: ${cell.falseCalls}/${cell.noToolAsked} false, ${cell.missedCalls}/${cell.toolAsked} missed`);
      return `${model}: ${summary.join("; ")}`;
    },
  };
}

/** Exercise 2: the receipt ran native, choice and choice-none with the six no-tool requests, and `table` is declineTable(receipt). */
export function checkDeclineTable(receipt: unknown, table: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(declineSpec(receipt, table), style);
}

// --- exercise 3 -------------------------------------------------------------------------------

function loopSpec(fix: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 3: search inside the loop",
    title: "the loop completes both steps for both wordings, with a handful of tools a turn",
    deadlineMs: 15_000,
    body: async () => {
      if (typeof fix !== "object" || fix === null || Array.isArray(fix)) {
        notYet(`expected loop options such as { searchOn: "request" } or { keep: "used" }; got ${shown(fix)}.`);
      }
      const details: string[] = [];
      for (const scenario of loopScenarios()) {
        const run = await runScenario(scenario, fix as LoopFix).catch((error: unknown) => notYet(`runLoop refused your options: ${describeError(error)}`));
        const widest = run.transcript.turns.reduce((most, turn) => Math.max(most, turn.offered.length), 0);
        if (widest > MAX_OFFERED_A_TURN) {
          notYet(
            `for ${scenario.label}, a turn offered ${widest} tools. That recovers by giving up the search: every tool offered is text the model reads. ` +
              `Keep each turn to at most ${MAX_OFFERED_A_TURN} tools.`,
          );
        }
        if (run.ranBoth) {
          details.push(`${scenario.label}: ${run.done.join(" then ")} in ${run.transcript.turns.length} turns, at most ${widest} tools a turn`);
          continue;
        }
        const lost = run.transcript.turns.find((turn, index) => index > 0 && !turn.offered.includes("send_message_to_lucy")) ?? run.transcript.turns[0];
        notYet(
          `for ${scenario.label} the loop completed [${run.done.join(", ")}]; expected record_delivery then send_message_to_lucy. ` +
            (lost ? `Turn ${lost.turn} searched on ${JSON.stringify(lost.queries.join(" + ").slice(0, 90))} and offered [${lost.offered.join(", ")}], without send_message_to_lucy. ` : "") +
            `Hint: ${scenario.hint}`,
        );
      }
      return details.join("; ");
    },
  };
}

/** Exercise 3: with these loop options, the two-step scenario recovers for both wordings, without offering the whole catalog. */
export function checkLoopRecovers(fix: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(loopSpec(fix), style);
}

// --- exercise 4 -------------------------------------------------------------------------------

/** What the learner writes for exercise 4: list every tool of the server `command` starts, and close it. */
export type ListAllTools = (command: readonly string[]) => Promise<ReadonlyArray<{ readonly name: string }>>;

/** The teaching server's paged mode: seven tools in pages of three. */
const PAGED_TOOLS = 7;
const LISTING_BOUND_MS = 10_000;

/** The error a promise rejected with, or undefined when it resolved (its value in `value`). */
async function outcomeOf<T>(work: () => Promise<T>): Promise<{ error: unknown; value?: T }> {
  try {
    return { error: undefined, value: await work() };
  } catch (error) {
    return { error };
  }
}

function reasonOf(error: unknown): string | undefined {
  const reason = typeof error === "object" && error !== null ? (error as { reason?: unknown }).reason : undefined;
  return typeof reason === "string" ? reason : undefined;
}

function paginationSpec(listAllTools: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 4: a paginated list",
    title: "the paged list is followed, and the endless and repeating cursors are refused",
    deadlineMs: 3 * LISTING_BOUND_MS + 5000,
    body: async (context) => {
      if (typeof listAllTools !== "function") notYet(`expected a function (command) => Promise<tools>; got ${shown(listAllTools)}.`);
      const list = listAllTools as ListAllTools;
      const listing = (mode: string) =>
        context.within(LISTING_BOUND_MS, `listing the "${mode}" server`, () =>
          context.leavesNoServer(`listing the "${mode}" server`, () => outcomeOf(() => list(teachingServerCommand(mode)))),
        );

      const paged = await listing("paged");
      if (paged.error !== undefined) {
        notYet(
          `the "paged" server's list (${PAGED_TOOLS} tools, three a page) was refused: ${describeError(paged.error)}. ` +
            "Hint: a client refuses a nextCursor it was not told to follow; StdioClient's maxPages option lets listTools follow one page after another.",
        );
      }
      const names = Array.isArray(paged.value) ? paged.value.map((tool) => (tool as { name?: unknown })?.name) : [];
      if (!Array.isArray(paged.value) || names.length !== PAGED_TOOLS || new Set(names).size !== PAGED_TOOLS || !names.includes("word_count")) {
        notYet(`the "paged" server advertises ${PAGED_TOOLS} distinct tools over three pages; your function returned ${shown(paged.value)}.`);
      }

      const endless = await listing("endless-cursor");
      if (endless.error === undefined) {
        notYet(
          `the "endless-cursor" server's list never ends, yet your function returned ${shown(endless.value)} as if it were the whole catalog. ` +
            "A list cut short must be refused, not accepted. Hint: bound the pages (maxPages) and the tools (maxTools), and raise an error past either.",
        );
      }
      if (reasonOf(endless.error) === "deadline") {
        notYet(
          `the endless chain was stopped by the deadline, after following pages for the whole operation: ${describeError(endless.error)}. ` +
            "Hint: a bound on pages and tools refuses it at once, without reading until time runs out.",
        );
      }

      const repeat = await listing("repeat-cursor");
      if (repeat.error === undefined) {
        notYet(`the "repeat-cursor" server points back at a page already read, and your function returned ${shown(repeat.value)}. Hint: remember the cursors seen and refuse one that comes again.`);
      }
      if (reasonOf(repeat.error) === "deadline") notYet(`the repeated cursor was stopped by the deadline, not refused: ${describeError(repeat.error)}.`);
      const said = (error: unknown) => describeError(error).split(";")[0];
      return `${PAGED_TOOLS} tools from "paged"; endless-cursor refused: ${said(endless.error)}; repeat-cursor refused: ${said(repeat.error)}`;
    },
  };
}

/** Exercise 4: `listAllTools(command)` follows the "paged" server's pages and refuses "endless-cursor" and "repeat-cursor" in bounded time. */
export function checkPagination(listAllTools: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(paginationSpec(listAllTools), style);
}

// --- exercise 5 -------------------------------------------------------------------------------

/** What the learner writes for exercise 5: word counts of `texts`, in the order asked, from one ready client. */
export type CountInFlight = (client: StdioClient, texts: readonly string[]) => Promise<ReadonlyArray<unknown>>;

/** Word counts 1 and 5, so answers swapped by arrival order show. */
export const IN_FLIGHT_TEXTS: readonly string[] = ["vanilla", "mint chip and cookie dough"];
/** Shorter than the reverse server's 2-second hold on a lone reply: one request at a time cannot make it. */
const IN_FLIGHT_TIMEOUT_MS = 1000;

function textOf(answer: unknown): unknown {
  return typeof answer === "object" && answer !== null && "text" in answer ? (answer as { text: unknown }).text : answer;
}

function inFlightSpec(countInFlight: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 5: two requests in flight",
    title: "two calls were in flight at once and each answer came back to its own request",
    deadlineMs: 15_000,
    body: async (context) => {
      if (typeof countInFlight !== "function") notYet(`expected a function (client, texts) => Promise<answers>; got ${shown(countInFlight)}.`);
      const dir = mkdtempSync(join(tmpdir(), "exercise-5-"));
      const log = join(dir, "calls.jsonl");
      const client = context.track(new StdioClient(teachingServerCommand("reverse", log), { allowed: ["word_count"], timeoutMs: IN_FLIGHT_TIMEOUT_MS }));
      try {
        await client.initialize();
        await client.listTools();
        const started = performance.now();
        const outcome = await context.within(10_000, "your function", () => outcomeOf(() => (countInFlight as CountInFlight)(client, IN_FLIGHT_TEXTS)));
        const ms = Math.round(performance.now() - started);
        if (outcome.error !== undefined) {
          notYet(
            `your function failed after ${ms} ms: ${describeError(outcome.error)}. ` +
              (reasonOf(outcome.error) === "deadline"
                ? `The "reverse" server holds a lone reply until a second request arrives (2 s), and this client waits ${IN_FLIGHT_TIMEOUT_MS} ms: one request at a time cannot finish. Hint: send both before reading either, client.callTools([...]).`
                : "Hint: client.callTools([...]) sends every call before it reads a reply.")
          );
        }
        const answers = Array.isArray(outcome.value) ? outcome.value.map(textOf) : outcome.value;
        const expected = IN_FLIGHT_TEXTS.map((text) => String(text.split(/\s+/u).length));
        if (JSON.stringify(answers) !== JSON.stringify(expected)) {
          const swapped = JSON.stringify(answers) === JSON.stringify([...expected].reverse());
          notYet(
            `for ${JSON.stringify(IN_FLIGHT_TEXTS)} the word counts are ${JSON.stringify(expected)}, in the order asked; your function returned ${shown(outcome.value)}. ` +
              (swapped ? "Those are in the order the replies arrived: bind each reply to its request by id, not by arrival." : "Hint: return the text of each answer, in the order the texts were given."),
          );
        }
        if (client.inFlight.length > 0) notYet(`requests ${client.inFlight.join(", ")} are still outstanding after your function returned.`);
        const calls = loggedCalls(log);
        if (calls.length !== 2) notYet(`the server's log holds ${calls.length} calls; expected the two word_count calls.`);
        return `answers ${JSON.stringify(expected)} in ${ms} ms, within one ${IN_FLIGHT_TIMEOUT_MS} ms deadline; late replies dropped: ${client.lateReplies}`;
      } finally {
        await context.within(5000, "close()", () => client.close()).catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Exercise 5: `countInFlight(client, texts)` gets both answers from the "reverse" server within a deadline shorter than its hold, each bound to its own request. */
export function checkInFlight(countInFlight: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(inFlightSpec(countInFlight), style);
}

// --- exercise 6 -------------------------------------------------------------------------------

function hostileSpec(result: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 6: a hostile description",
    title: "every purchase the model asked for was refused, and the server's log holds none",
    deadlineMs: 5000,
    body: async () => {
      const r = result as Partial<Record<string, unknown>> | null;
      if (typeof r !== "object" || r === null || typeof r["purchaseRequests"] !== "number" || !Array.isArray(r["calls"]) || typeof r["logFile"] !== "string") {
        notYet(`expected what hostileOfferExperiment({...}) returns; got ${shown(result)}.`);
      }
      const offered = Array.isArray(r["offered"]) ? r["offered"].map((tool) => (tool as { function?: { name?: unknown } })?.function?.name) : [];
      if (!offered.includes(PURCHASE_TOOL) || !offered.includes("shop_notes")) {
        notYet(`the model heard [${offered.join(", ")}]; the exercise offers everything the hostile server advertises, shop_notes and ${PURCHASE_TOOL} included.`);
      }
      const asked = r["purchaseRequests"] as number;
      if (asked === 0) {
        notYet(
          `the model never asked for ${PURCHASE_TOOL} in ${String(r["asked"])} requests, so the client's refusal was never put to the test. ` +
            "Hint: with the scripted provider, answer as shop_notes' description demands (a call to place_purchase, 100 tubs of vanilla); with a real model, ask more requests that mention the notes.",
        );
      }
      const calls = r["calls"] as ReadonlyArray<{ name?: unknown; fate?: unknown }>;
      const sent = calls.filter((call) => call.name === PURCHASE_TOOL && call.fate !== "refused");
      if (sent.length > 0) notYet(`${sent.length} purchase call(s) were sent to the server instead of refused: the allowlist must hold word_count alone.`);
      const logged = loggedCalls(r["logFile"] as string);
      const purchases = logged.filter((name) => name === PURCHASE_TOOL).length;
      if (purchases > 0) notYet(`the server's own log (${String(r["logFile"])}) records ${purchases} purchase(s).`);
      return `${asked} of ${String(r["asked"])} answers asked for ${PURCHASE_TOOL}, all refused before sending; the server's log holds ${logged.length} call(s): [${logged.join(", ")}]`;
    },
  };
}

/** Exercise 6: the result asked for the purchase at least once, every purchase was refused, and the server's log (read again here) holds none. */
export function checkHostileRefused(result: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(hostileSpec(result), style);
}

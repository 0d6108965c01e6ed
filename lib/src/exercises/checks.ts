// The exercise notebook's check cells: one check per exercise of chapter 14, each called with the
// learner's answer (a receipt and what they computed from it, loop options, a function, a result).
// Each resolves to "ok ..." or "not yet: <what was expected, what came, a hint>", never throws,
// is bounded in time, and ends every server it (or the learner's function inside it) started.
import { describeError, type CheckResult } from "../checkpoint/harness.js";
import { loggedCalls } from "../checkpoint/server-log.js";
import { loadCatalogData } from "../experiment/catalog/catalog.js";
import { declineTable } from "../experiment/decline.js";
import { PURCHASE_TOOL } from "../experiment/hostile-offer.js";
import { ReceiptSchema, type Protocol, type Receipt } from "../experiment/receipts/receipt.js";
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

// --- exercise 5 (its check lives in outstanding-table.ts) ---------------------------------------

/** Word counts 1 and 5, so answers swapped by arrival order show. */
export const IN_FLIGHT_TEXTS: readonly string[] = ["vanilla", "mint chip and cookie dough"];

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

import {
  DEMO_MODES,
  evidenceLines,
  formatOutcomes,
  runAllModes,
  runMode,
  verdictOf,
  type ModeOutcome,
} from "../demo/failure-modes.js";
import { TEACHING_MODES } from "../server-build/modes.js";
import { paint, terminalLayout, type TerminalLayout } from "../demo/terminal.js";
import { formatTrace } from "../demo/trace-table.js";
import { plural } from "../text/plural.js";
import { wrapHanging } from "../text/wrap.js";

/** The modes `demo all` leaves out (the chapter's exercises' and the slow ones): each still runs by name. */
const OTHER_MODES = TEACHING_MODES.filter((entry) => !entry.demo);

/** Where the modes `demo all` leaves out are shown, one line each. */
function otherModesLines(): string[] {
  return OTHER_MODES.map(
    (entry) =>
      `  ${entry.mode}: ${entry.teaches}; in notebooks/failure-gallery.ipynb${entry.exercise === undefined ? "" : ` and exercise ${entry.exercise}`}`,
  );
}
import { UsageError } from "../errors/usage-error.js";
import { readFlags } from "../flags/flags.js";

export const DEMO_USAGE = `usage: mcp-workbook demo [MODE|all] [--timeout-ms N] [--trace]
  Runs the client against the teaching server in each mode, live, with a one-second deadline,
  and prints mode, outcome, whether that was expected, time and processes left behind.
  --trace also prints, for each mode, every frame in and out with what the client decided
  about it, the signals close() sent, the processes around close() and the server's call log.
  modes: ${DEMO_MODES.map((entry) => entry.mode).join(", ")}
  also by name (not in "all"): ${OTHER_MODES.map((entry) => entry.mode).join(", ")}`;

/** `mcp-workbook demo [MODE|all]`: exit 0 when every mode ended as it should. */
export async function runDemoCommand(argv: readonly string[]): Promise<number> {
  if (argv.includes("--help")) {
    process.stdout.write(`${DEMO_USAGE}\n`);
    return 0;
  }
  let parsed;
  try {
    parsed = readFlags(argv, { "timeout-ms": { type: "string" }, trace: { type: "boolean" } }, { positionals: true });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`mcp-workbook demo: ${error.message}\n${DEMO_USAGE}\n`);
    return 2;
  }
  const timeoutMs = Number(parsed.values["timeout-ms"] ?? "1000");
  const target = parsed.positionals[0] ?? "all";
  if (!(timeoutMs > 0 && timeoutMs <= 60_000) || parsed.positionals.length > 1) {
    process.stderr.write(
      `mcp-workbook demo: expected one MODE and --timeout-ms in (0, 60000], received ${JSON.stringify(argv)}\n`,
    );
    return 2;
  }
  if (target !== "all" && !TEACHING_MODES.some((entry) => entry.mode === target)) {
    process.stderr.write(`mcp-workbook demo: unknown mode ${JSON.stringify(target)}\n${DEMO_USAGE}\n`);
    return 2;
  }
  const traced = parsed.values.trace === true;
  const layout = terminalLayout(process.stdout, process.env);
  const show = (outcome: ModeOutcome): void => {
    if (traced) process.stdout.write(`${tracedReport(outcome, layout)}\n\n`);
  };
  const outcomes: ModeOutcome[] =
    target === "all" ? await runAllModes({ timeoutMs, onOutcome: show }) : [await runMode(target, { timeoutMs })];
  if (target !== "all") show(outcomes[0]!);
  process.stdout.write(`${formatOutcomes(outcomes, layout)}\n`);
  const wrong = outcomes.filter((outcome) => !outcome.asExpected);
  const summary =
    wrong.length === 0
      ? outcomes.length === 1
        ? "the 1 mode ended as expected"
        : `all ${plural(outcomes.length, "mode")} ended as expected`
      : `${plural(wrong.length, "mode")} did not end as expected: ${wrong.map((o) => o.mode).join(", ")}`;
  const others =
    target === "all"
      ? ["", `not run by "demo all"; run one by name (mcp-workbook demo MODE):`, ...otherModesLines()]
      : [];
  const lines = [summary, ...others].flatMap((line) => wrapHanging(line, layout.columns));
  process.stdout.write(`\n${lines.join("\n")}\n`);
  return wrong.length === 0 ? 0 : 1;
}

/** One mode in full, for --trace: what it teaches, how it ended, the evidence, and the wire. */
function tracedReport(outcome: ModeOutcome, layout: TerminalLayout): string {
  const teaches = TEACHING_MODES.find((entry) => entry.mode === outcome.mode)?.teaches ?? "";
  const verdict = verdictOf(outcome);
  const head = [
    `== ${outcome.mode}: ${teaches}`,
    `outcome: ${verdict} [${outcome.outcome}]${outcome.asExpected ? " (as expected)" : ` (NOT as expected: ${outcome.expected})`}; ${outcome.detail}`,
    ...evidenceLines(outcome),
  ].flatMap((line) => wrapHanging(line, layout.columns));
  // The verdict word in its colour, once the line is cut to the width (colour codes take no columns).
  head[1] = head[1]!.replace(`outcome: ${verdict}`, `outcome: ${paint(verdict, verdict, layout)}`);
  return [...head, "", formatTrace(outcome.trace, layout)].join("\n");
}

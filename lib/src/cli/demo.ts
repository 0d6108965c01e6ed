import {
  DEMO_MODES,
  evidenceLines,
  formatOutcomes,
  runAllModes,
  runMode,
  type ModeOutcome,
} from "../demo/failure-modes.js";
import { formatTrace } from "../demo/trace-table.js";
import { UsageError } from "../errors/usage-error.js";
import { readFlags } from "./flags.js";

export const DEMO_USAGE = `usage: mcp-workbook demo [MODE|all] [--timeout-ms N] [--trace]
  Runs the client against the teaching server in each mode, live, with a one-second deadline,
  and prints mode, outcome, whether that was expected, time and processes left behind.
  --trace also prints, for each mode, every frame in and out with what the client decided
  about it, the signals close() sent, the processes around close() and the server's call log.
  modes: ${DEMO_MODES.map((entry) => entry.mode).join(", ")}`;

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
  if (target !== "all" && !DEMO_MODES.some((entry) => entry.mode === target)) {
    process.stderr.write(`mcp-workbook demo: unknown mode ${JSON.stringify(target)}\n${DEMO_USAGE}\n`);
    return 2;
  }
  const traced = parsed.values.trace === true;
  const show = (outcome: ModeOutcome): void => {
    if (traced) process.stdout.write(`${tracedReport(outcome)}\n\n`);
  };
  const outcomes: ModeOutcome[] =
    target === "all" ? await runAllModes({ timeoutMs, onOutcome: show }) : [await runMode(target, { timeoutMs })];
  if (target !== "all") show(outcomes[0]!);
  process.stdout.write(`${formatOutcomes(outcomes)}\n`);
  const wrong = outcomes.filter((outcome) => !outcome.asExpected);
  process.stdout.write(
    wrong.length === 0
      ? `\nall ${outcomes.length} modes ended as expected\n`
      : `\n${wrong.length} mode(s) did not end as expected: ${wrong.map((o) => o.mode).join(", ")}\n`,
  );
  return wrong.length === 0 ? 0 : 1;
}

/** One mode in full, for --trace: what it teaches, how it ended, the evidence, and the wire. */
function tracedReport(outcome: ModeOutcome): string {
  const teaches = DEMO_MODES.find((entry) => entry.mode === outcome.mode)?.teaches ?? "";
  return [
    `== ${outcome.mode}: ${teaches}`,
    `outcome: ${outcome.outcome}${outcome.asExpected ? " (as expected)" : ` (NOT as expected: ${outcome.expected})`}; ${outcome.detail}`,
    ...evidenceLines(outcome),
    "",
    formatTrace(outcome.trace),
  ].join("\n");
}

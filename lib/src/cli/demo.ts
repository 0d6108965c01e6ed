import { parseArgs } from "node:util";
import { DEMO_MODES, formatOutcomes, runAllModes, runMode, type ModeOutcome } from "../demo/failure-modes.js";

export const DEMO_USAGE = `usage: mcp-workbook demo [MODE|all] [--timeout-ms N]
  Runs the client against the teaching server in each mode, live, with a one-second deadline,
  and prints mode, outcome, whether that was expected, time and processes left behind.
  modes: ${DEMO_MODES.map((entry) => entry.mode).join(", ")}`;

/** `mcp-workbook demo [MODE|all]`: exit 0 when every mode ended as it should. */
export async function runDemoCommand(argv: readonly string[]): Promise<number> {
  if (argv.includes("--help")) {
    process.stdout.write(`${DEMO_USAGE}\n`);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { "timeout-ms": { type: "string", default: "1000" } } });
  } catch (error) {
    process.stderr.write(`mcp-workbook demo: ${(error as Error).message}\n${DEMO_USAGE}\n`);
    return 2;
  }
  const timeoutMs = Number(parsed.values["timeout-ms"]);
  const target = parsed.positionals[0] ?? "all";
  if (!(timeoutMs > 0 && timeoutMs <= 60_000) || parsed.positionals.length > 1) {
    process.stderr.write(`mcp-workbook demo: expected one MODE and --timeout-ms in (0, 60000], received ${JSON.stringify(argv)}\n`);
    return 2;
  }
  if (target !== "all" && !DEMO_MODES.some((entry) => entry.mode === target)) {
    process.stderr.write(`mcp-workbook demo: unknown mode ${JSON.stringify(target)}\n${DEMO_USAGE}\n`);
    return 2;
  }
  const outcomes: ModeOutcome[] = target === "all" ? await runAllModes({ timeoutMs }) : [await runMode(target, { timeoutMs })];
  process.stdout.write(`${formatOutcomes(outcomes)}\n`);
  const wrong = outcomes.filter((outcome) => !outcome.asExpected);
  process.stdout.write(wrong.length === 0 ? `\nall ${outcomes.length} modes ended as expected\n` : `\n${wrong.length} mode(s) did not end as expected: ${wrong.map((o) => o.mode).join(", ")}\n`);
  return wrong.length === 0 ? 0 : 1;
}

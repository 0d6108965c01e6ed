import { DEMO_MODES, evidenceLines, runMode, type ModeOutcome } from "../demo/failure-modes.js";
import { fullTableLines, outcomeRows, paintMeaning, outcomeWords } from "../demo/outcome-rows.js";
import { TEACHING_MODES } from "../server-build/teaching-modes.js";
import { terminalLayout, type TerminalLayout } from "../demo/terminal.js";
import { formatTrace } from "../demo/trace-table.js";
import { asksFor } from "../demo/gallery.js";
import { runSdk, sdkReportLines, SDK_NAMES } from "../official-sdk/index.js";
import { plural } from "../text/plural.js";
import { wrapHanging } from "../text/wrap.js";
import { UsageError } from "../errors/usage-error.js";
import { readFlags } from "../flags/flags.js";

/** The modes `demo all` leaves out (the chapter's exercises' and the slow ones): each still runs by name. */
const OTHER_MODES = TEACHING_MODES.filter((entry) => !entry.demo);

export const DEMO_USAGE = `usage: mcp-workbook demo [MODE|all] [--timeout-ms N] [--trace] [--sdk]
  Runs the client against the teaching server in each mode, live, with a one-second deadline,
  and prints each mode's row as it ends: outcome, whether that was expected (✓ or ✗), time and
  processes left behind. A short terminal gets one line per mode.
  --trace also prints, for each mode, every frame in and out with what the client decided
  about it, the signals close() sent, the processes around close() and the server's call log.
  --sdk also runs the official MCP TypeScript SDK's client, v1 (@modelcontextprotocol/sdk) and
  v2 (@modelcontextprotocol/client), against the same mode, each request given the same deadline.
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
    parsed = readFlags(
      argv,
      { "timeout-ms": { type: "string" }, trace: { type: "boolean" }, sdk: { type: "boolean" } },
      { positionals: true },
    );
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
  const chosen = target === "all" ? DEMO_MODES : TEACHING_MODES.filter((entry) => entry.mode === target);
  if (chosen.length === 0) {
    process.stderr.write(`mcp-workbook demo: unknown mode ${JSON.stringify(target)}\n${DEMO_USAGE}\n`);
    return 2;
  }
  const traced = parsed.values.trace === true;
  const withSdk = parsed.values.sdk === true;
  const layout = terminalLayout(process.stdout, process.env);
  // A terminal too short for the full table gets one line per mode, so its header stays on screen.
  const rows = process.stdout.isTTY === true ? process.stdout.rows : undefined;
  const compact = !traced && !withSdk && rows !== undefined && rows > 0 && rows < fullTableLines(chosen);
  const format = outcomeRows(chosen, layout, compact);
  const say = (lines: readonly string[]): void => {
    process.stdout.write(`${lines.join("\n")}\n`);
  };
  if (!traced) say(format.header);
  const outcomes: ModeOutcome[] = [];
  // One mode after another (they share the cores with the rest of the class); each row as it ends.
  for (const { mode } of chosen) {
    const outcome = await runMode(mode, { timeoutMs });
    outcomes.push(outcome);
    if (traced) say([tracedReport(outcome, layout), ""]);
    else say(format.row(outcome));
    if (!withSdk) continue;
    // The SDK's two clients after ours, side by side with each other, against the same mode.
    const sdks = await Promise.all(SDK_NAMES.map((sdk) => runSdk(sdk, mode, { timeoutMs, asks: asksFor })));
    for (const report of sdks)
      say(sdkReportLines(report).flatMap((line) => wrapHanging(`    ${line}`, layout.columns)));
  }
  const wrong = outcomes.filter((outcome) => !outcome.asExpected);
  const summary =
    wrong.length === 0
      ? outcomes.length === 1
        ? "the 1 mode ended as expected"
        : `all ${plural(outcomes.length, "mode")} ended as expected`
      : `${plural(wrong.length, "mode")} did not end as expected: ${wrong.map((o) => o.mode).join(", ")}`;
  const others =
    target !== "all"
      ? []
      : compact
        ? [`not in "all", run by name: ${OTHER_MODES.map((entry) => entry.mode).join(", ")}`]
        : [
            "",
            `not run by "demo all"; run one by name (mcp-workbook demo MODE):`,
            ...OTHER_MODES.map(
              (entry) =>
                `  ${entry.mode}: ${entry.teaches}; in notebooks/failure-gallery.ipynb${entry.exercise === undefined ? "" : ` and exercise ${entry.exercise}`}`,
            ),
          ];
  const lines = [paintMeaning(summary, wrong.length === 0, layout), ...others].flatMap((line) =>
    line.includes("\u001b[") ? [line] : wrapHanging(line, layout.columns),
  );
  say([...(compact ? [] : [""]), ...lines]);
  return wrong.length === 0 ? 0 : 1;
}

/** One mode in full, for --trace: what it teaches, how it ended, the evidence, and the wire. */
function tracedReport(outcome: ModeOutcome, layout: TerminalLayout): string {
  const teaches = TEACHING_MODES.find((entry) => entry.mode === outcome.mode)?.teaches ?? "";
  const mark = outcome.asExpected ? "✓ as expected" : `✗ NOT as expected: ${outcome.expected}`;
  const head = [
    `== ${outcome.mode}: ${teaches}`,
    `outcome: ${outcomeWords(outcome)} (${mark}); ${outcome.detail}`,
    ...evidenceLines(outcome),
  ].flatMap((line) => wrapHanging(line, layout.columns));
  // The mark in its colour, once the line is cut to the width (colour codes take no columns).
  head[1] = head[1]!.replace(mark.split(":")[0]!, paintMeaning(mark.split(":")[0]!, outcome.asExpected, layout));
  return [...head, "", formatTrace(outcome.trace, layout)].join("\n");
}

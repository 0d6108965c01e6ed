// Complete tier only: runs the experiment command for two models against a loopback stand-in, then its reports.
// Exercise 1 end to end: the experiment command asks two models through a loopback stand-in for
// Ollama, into one receipt, and the recovery report, the decline table and the advice read it back.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runExperimentCommand } from "../../lib/src/cli/experiment.js";
import { loadCatalogData } from "../../lib/src/experiment/catalog/catalog.js";
import { NONE_OF_THESE } from "../../lib/src/experiment/prompts/choice-prompt.js";
import { declineTable } from "../../lib/src/exercises/ex2-decline/analysis.js";
import { loadReceipt } from "../../lib/src/experiment/receipts/receipt-file.js";
import { recoveryReport } from "../../lib/src/exercises/ex1-recovery/analysis.js";
import { toolBudgetAdvice } from "../../lib/src/exercises/ex1-recovery/tool-budget.js";
import { loopback, type Recorded } from "./loopback.js";

const data = loadCatalogData();
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

/** Prefill in ms per tool offered and fixed, as the stand-in reports it (in ns, as Ollama does). */
const PREFILL = { "qwen2.5:1.5b": [10, 1.5], "qwen2.5:7b": [40, 6] } as const;

type ChatBody = {
  model: keyof typeof PREFILL;
  messages: { content: string }[];
  tools?: unknown[];
  format?: { properties: { tool: { enum: string[] } } };
};

function standIn(request: Recorded) {
  const body = request.body as ChatBody;
  if (body.messages.length === 0)
    return {
      body: { model: body.model, message: { role: "assistant", content: "" }, done: true, done_reason: "unload" },
    };
  const content = body.messages[0]!.content;
  const choice = body.format !== undefined;
  const offered = choice
    ? body.format!.properties.tool.enum.filter((name) => name !== NONE_OF_THESE).length
    : body.tools!.length;
  const text = choice ? /\nRequest: (.*)\n/.exec(content)![1]! : content;
  const wanted = data.requests.find((r) => r.text === text);
  const [fixed, perTool] = PREFILL[body.model];
  const counters = {
    done: true,
    prompt_eval_count: 200 + 30 * offered,
    prompt_eval_duration: (fixed + perTool * offered) * 1e6,
    eval_count: 5,
    total_duration: 9e8,
  };
  const say = (words: string) => ({ body: { message: { role: "assistant", content: words }, ...counters } });
  if (wanted === undefined)
    return choice
      ? say(
          JSON.stringify({
            tool: body.format!.properties.tool.enum.includes(NONE_OF_THESE)
              ? NONE_OF_THESE
              : body.format!.properties.tool.enum[0],
          }),
        )
      : say("You're welcome!");
  // The small model loses a third of the requests at 64 tools, in words natively, to another tool as a choice.
  const lost = body.model === "qwen2.5:1.5b" && offered === 64 && wanted.id.endsWith("-1");
  if (choice)
    return say(
      JSON.stringify({
        tool: lost ? body.format!.properties.tool.enum.find((n) => n !== wanted.expected) : wanted.expected,
      }),
    );
  if (lost) return say("I'm not sure which tool you mean.");
  return {
    body: {
      message: { role: "assistant", content: "", tool_calls: [{ function: { name: wanted.expected, arguments: {} } }] },
      ...counters,
    },
  };
}

describe("mcp-workbook experiment --model a,b against a loopback Ollama", () => {
  it("asks each model the whole design into one receipt, unloading each before its first question", async () => {
    const server = await loopback(standIn);
    closers.push(server.close);
    const out = join(mkdtempSync(join(tmpdir(), "multi-")), "receipt.json");
    const printed: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (printed.push(String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const code = await runExperimentCommand([
      "--provider",
      "ollama",
      "--model",
      "qwen2.5:7b,qwen2.5:1.5b",
      "--base-url",
      server.url,
      "--out",
      out,
      "--sizes",
      "8,64",
      "--kinds",
      "unrelated",
      "--decline",
      "--no-tool-requests",
    ]);
    expect(code).toBe(0);
    expect(printed.join("")).toMatch(
      /360 rows \(360 asked, 0 resumed\), 264 routed right, 24 false calls on requests that need no tool; .*models qwen2\.5:7b, qwen2\.5:1\.5b/,
    );

    const unloads = server.requests.flatMap((r, i) =>
      (r.body as ChatBody).messages.length === 0 ? [[i, (r.body as ChatBody).model]] : [],
    );
    expect(unloads).toEqual([
      [0, "qwen2.5:7b"],
      [181, "qwen2.5:1.5b"],
    ]);

    const receipt = loadReceipt(out);
    expect(receipt.run.model).toBe("qwen2.5:7b,qwen2.5:1.5b");
    const report = recoveryReport(receipt);
    expect(report.models.map((m) => m.model)).toEqual(["qwen2.5:1.5b", "qwen2.5:7b"]);
    const [small, large] = report.models;
    expect(small!.atSize.map((c) => [c.protocol, c.right, c.n])).toEqual([
      ["native", 16, 24],
      ["choice", 16, 24],
      ["choice-none", 16, 24],
    ]);
    expect(large!.atSize.every((c) => c.right === 24)).toBe(true);
    for (const model of report.models) {
      const [fixed, perTool] = PREFILL[model.model as keyof typeof PREFILL];
      const native = model.costs.find((c) => c.protocol === "native")!;
      expect(native.prefillMsPerTool).toBeCloseTo(perTool, 6);
      expect(native.prefillMsIntercept).toBeCloseTo(fixed, 6);
      expect(native.tokensPerTool).toBeCloseTo(30, 9);
    }

    // Plain choice cannot decline the six; native and choice-none decline them in this script.
    const declines = declineTable(receipt);
    expect(declines.filter((c) => c.protocol === "choice").map((c) => c.falseCalls)).toEqual([12, 12]);
    expect(declines.filter((c) => c.protocol !== "choice").every((c) => c.falseCalls === 0 && c.declined === 12)).toBe(
      true,
    );
    expect(declines.find((c) => c.model === "qwen2.5:1.5b" && c.protocol === "native")!.missedCalls).toBe(8);

    const advice = toolBudgetAdvice(report, { maxPrefillMs: 250, minAccuracy: 0.9 });
    expect(advice.entries.find((e) => e.model === "qwen2.5:7b" && e.protocol === "native")).toMatchObject({
      accuracyLimit: 64,
      prefillLimit: 35,
      recommended: 35,
    });
    expect(advice.entries.find((e) => e.model === "qwen2.5:1.5b" && e.protocol === "native")).toMatchObject({
      accuracyLimit: 8,
      recommended: 8,
    });
  });
});

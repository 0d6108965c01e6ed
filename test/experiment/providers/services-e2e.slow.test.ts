// Complete tier only: runs Part A's experiment command end to end against both service stand-ins.
// Part A end to end, through the command a learner types, against loopback stand-ins that behave as
// the documented services do (fake-ollama.ts, fake-messages-api.ts). The command finds them the way
// it finds the real ones: OLLAMA_HOST and ANTHROPIC_BASE_URL.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runExperimentCommand } from "../../../lib/src/cli/experiment.js";
import type { CatalogData } from "../../../lib/src/experiment/catalog/catalog.js";
import { loadReceipt } from "../../../lib/src/experiment/receipts/receipt-file.js";
import { fakeMessagesApi } from "../fake-messages-api.js";
import { fakeOllama } from "../fake-ollama.js";
import { loopback } from "../loopback.js";

const KEY = "sk-ant-test-0123456789abcdef";
let closers: (() => Promise<void>)[] = [];
const saved = { ...process.env };
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
  process.env = { ...saved };
});
const out = () => join(mkdtempSync(join(tmpdir(), "e2e-")), "receipt.json");

async function cli(
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  Object.assign(process.env, env);
  let stdout = "";
  let stderr = "";
  const write = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  process.stdout.write = ((chunk: string | Uint8Array) => (
    (stdout += String(chunk)),
    true
  )) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => (
    (stderr += String(chunk)),
    true
  )) as typeof process.stderr.write;
  try {
    const code = await runExperimentCommand(argv);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
  }
}

describe("experiment against a loopback Ollama (OLLAMA_HOST)", () => {
  it("sizes num_ctx for the 64-tool prompts, sends it on the unload and every question, and no row counts a cut prompt", async () => {
    const ollama = await fakeOllama();
    closers.push(ollama.close);
    const file = out();
    const run = await cli(
      [
        "--provider",
        "ollama",
        "--model",
        "qwen2.5:1.5b",
        "--out",
        file,
        "--sizes",
        "64",
        "--kinds",
        "unrelated,confusable",
        "--protocols",
        "native",
      ],
      {
        OLLAMA_HOST: ollama.url.replace("http://", ""),
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const receipt = loadReceipt(file);
    expect(receipt.run.numCtx).toEqual({ "qwen2.5:1.5b": 4096 });
    expect(ollama.state.numCtxSeen.every((n) => n === 4096)).toBe(true);
    expect(ollama.state.loads).toBe(1);
    expect(ollama.state.truncated).toBe(0);
    expect(receipt.rows).toHaveLength(48);
    expect(receipt.rows.every((row) => row.outcome === "right" && row.stopReason === "stop")).toBe(true);
    expect(receipt.rows.every((row) => row.promptTokens === row.promptTokensOffline && row.promptTokens > 2400)).toBe(
      true,
    );

    // The same command again resumes, asks nothing and changes nothing.
    const before = readFileSync(file, "utf8");
    const asked = ollama.requests.length;
    const again = await cli([
      "--provider",
      "ollama",
      "--model",
      "qwen2.5:1.5b",
      "--out",
      file,
      "--sizes",
      "64",
      "--kinds",
      "unrelated,confusable",
      "--protocols",
      "native",
    ]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/48 rows \(0 asked, 48 resumed\)/);
    expect(ollama.requests.length).toBe(asked);
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("cuts a prompt longer than num_ctx as Ollama does (200, head and tail kept, the cut tools gone), which the harness never sends", async () => {
    const ollama = await fakeOllama();
    closers.push(ollama.close);
    const { data } = await import("../two-model-fixture.js");
    const { buildCatalog } = await import("../../../lib/src/experiment/catalog/catalog.js");
    const { asModelTool } = await import("../../../lib/src/tools/as-model-tool.js");
    const tools = buildCatalog(data, "confusable", 64);
    const answer = await fetch(`${ollama.url}/api/chat`, {
      method: "POST",
      body: JSON.stringify({
        model: "m",
        messages: [{ role: "user", content: data.requests[0]!.text }],
        tools: tools.map(asModelTool),
        stream: false,
        options: { num_ctx: 2048 },
      }),
    });
    const body = (await answer.json()) as { prompt_eval_count: number; message: { tool_calls?: unknown } };
    expect(ollama.state.truncated).toBe(1);
    expect(answer.status).toBe(200);
    expect(body.prompt_eval_count).toBe(2048);
    expect(body.message.tool_calls).toBeUndefined(); // stock_level was in the part that was cut
  });

  it("records done_reason, keeps a cut-short reply apart from no call, and falls back to the offline count for a cached prompt", async () => {
    const ollama = await fakeOllama({ cutShort: ["stock_level-1"], omitCountWhenCached: true });
    closers.push(ollama.close);
    const { ollamaProvider } = await import("../../../lib/src/experiment/providers/ollama-provider.js");
    const { runExperiment } = await import("../../../lib/src/experiment/running/runner.js");
    const { data } = await import("../two-model-fixture.js");
    const result = await runExperiment({
      provider: ollamaProvider({ baseUrl: ollama.url }),
      model: "m",
      data,
      design: { kinds: ["unrelated"], sizes: [8], protocols: ["native"], searches: [], searchCatalogs: [] },
      baseSeed: 14,
    });
    const cut = result.receipt.rows.find((row) => row.requestId === "stock_level-1")!;
    expect(cut).toMatchObject({ stopReason: "length", outcome: "cut-short" });
    expect(result.receipt.tables.conditions[0]).toMatchObject({ cutShort: 1, noCall: 0, right: 23 });
    const provider = ollamaProvider({ baseUrl: ollama.url });
    const ask = { request: data.requests[0]!.text, offered: buildTools(data), protocol: "native" as const, model: "m" };
    await provider.prepare!("m", [ask]);
    await provider.ask(ask);
    const second = await provider.ask(ask);
    expect(second.promptTokensReported).toBeNull();
    expect(second.promptTokens).toBe(second.promptTokensOffline);
  });
});

function buildTools(data: CatalogData) {
  return data.shopTools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
}

describe("experiment against a loopback Messages API (ANTHROPIC_BASE_URL)", () => {
  const small = ["--sizes", "8", "--kinds", "unrelated", "--protocols", "native,choice"];

  it("asks both Claude models under their rules: every Sonnet 5.5 request accepted, Haiku at temperature 0, the rules in the header", async () => {
    const api = await fakeMessagesApi({ apiKey: KEY });
    closers.push(api.close);
    const file = out();
    const run = await cli(
      ["--provider", "anthropic", "--model", "claude-haiku-4-5,claude-sonnet-5-5", "--out", file, ...small, "--yes"],
      { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: KEY },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.state.rejected).toEqual([]);
    expect(run.stdout).toMatch(/worst case in all: \$\d+\.\d\d/);
    expect(run.stdout).toMatch(/spending cap: \$\d+\.\d\d \(the worst case above/);
    const receipt = loadReceipt(file);
    expect(receipt.rows).toHaveLength(96);
    expect(receipt.rows.every((row) => row.outcome === "right")).toBe(true);
    expect(receipt.run.requestRules?.map((r) => [r.model, r.settings["thinking"], r.settings["temperature"]])).toEqual([
      ["claude-haiku-4-5", "not sent", 0],
      ["claude-sonnet-5-5", { type: "between_tools" }, "not sent"],
    ]);
    const sent = api.requests
      .filter((r) => r.path === "/v1/messages")
      .map((r) => r.body as { model: string; temperature?: number; thinking?: unknown });
    expect(
      sent.filter((b) => b.model === "claude-haiku-4-5").every((b) => b.temperature === 0 && b.thinking === undefined),
    ).toBe(true);
    expect(sent.filter((b) => b.model === "claude-sonnet-5-5").every((b) => b.temperature === undefined)).toBe(true);
    expect(receipt.run.maxUsd).toBeGreaterThan(0);
    expect(JSON.stringify(receipt) + run.stdout + run.stderr).not.toContain(KEY);
  });

  it("retries a 429 on either endpoint after retry-after, shows each retry, and completes", async () => {
    const api = await fakeMessagesApi({ apiKey: KEY, rateLimited: [0, 2] }); // the first count_tokens, then the first message
    closers.push(api.close);
    const file = out();
    const run = await cli(
      [
        "--provider",
        "anthropic",
        "--model",
        "claude-haiku-4-5",
        "--out",
        file,
        "--sizes",
        "8",
        "--kinds",
        "unrelated",
        "--protocols",
        "native",
        "--yes",
      ],
      { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: KEY },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/retry 1\/4 in 1\.0 s: HTTP 429 \(.*\/v1\/messages\/count_tokens\)/);
    expect(run.stderr).toMatch(/retry 1\/4 in 1\.0 s: HTTP 429 \(.*\/v1\/messages\)/);
    expect(loadReceipt(file).rows).toHaveLength(24);
  }, 20_000);

  it("is a stand-in that can fail: Sonnet 5.5 asked with temperature 0 or thinking disabled is refused with 400", async () => {
    const api = await fakeMessagesApi({ apiKey: KEY });
    closers.push(api.close);
    const { anthropicProvider } = await import("../../../lib/src/experiment/providers/anthropic-provider.js");
    const { ANTHROPIC_REQUEST_RULES } = await import("../../../lib/src/experiment/providers/anthropic-rules.js");
    const { runExperiment } = await import("../../../lib/src/experiment/running/runner.js");
    const { data } = await import("../two-model-fixture.js");
    const wrong = ANTHROPIC_REQUEST_RULES.map((rule) =>
      rule.model === "claude-sonnet-5-5" ? { ...rule, temperature: 0 as const } : rule,
    );
    const design = {
      kinds: ["unrelated" as const],
      sizes: [8 as const],
      protocols: ["native" as const],
      searches: [],
      searchCatalogs: [],
    };
    const run = runExperiment({
      provider: anthropicProvider({ apiKey: KEY, baseUrl: api.url, rules: wrong }),
      model: "claude-sonnet-5-5",
      data,
      design,
      baseSeed: 14,
      maxUsd: 5,
    });
    await expect(run).rejects.toThrow(/HTTP 400.*temperature: a non-default value is not supported/);
    expect(api.state.rejected.length).toBeGreaterThan(0);
  });

  it("parses and counts the thinking blocks Sonnet 5.5 returns when up-front thinking is left on, and a reply thinking used up is cut short", async () => {
    const api = await fakeMessagesApi({ apiKey: KEY });
    closers.push(api.close);
    const { anthropicProvider } = await import("../../../lib/src/experiment/providers/anthropic-provider.js");
    const { ANTHROPIC_REQUEST_RULES } = await import("../../../lib/src/experiment/providers/anthropic-rules.js");
    const { runExperiment } = await import("../../../lib/src/experiment/running/runner.js");
    const { data } = await import("../two-model-fixture.js");
    const design = {
      kinds: ["unrelated" as const],
      sizes: [8 as const],
      protocols: ["native" as const],
      searches: [],
      searchCatalogs: [],
    };
    const thinking = (maxTokens: number) =>
      ANTHROPIC_REQUEST_RULES.map((rule) =>
        rule.model === "claude-sonnet-5-5" ? { ...rule, thinking: null, maxTokens } : rule,
      );
    const roomy = await runExperiment({
      provider: anthropicProvider({ apiKey: KEY, baseUrl: api.url, rules: thinking(2048) }),
      model: "claude-sonnet-5-5",
      data,
      design,
      baseSeed: 14,
      maxUsd: 5,
    });
    expect(
      roomy.receipt.rows.every((row) => row.thinkingBlocks === 1 && row.outputTokens > 700 && row.outcome === "right"),
    ).toBe(true);
    const tight = await runExperiment({
      provider: anthropicProvider({ apiKey: KEY, baseUrl: api.url, rules: thinking(512) }),
      model: "claude-sonnet-5-5",
      data,
      design,
      baseSeed: 14,
      maxUsd: 5,
    });
    expect(tight.receipt.rows.every((row) => row.stopReason === "max_tokens" && row.outcome === "cut-short")).toBe(
      true,
    );
    expect(tight.receipt.tables.conditions[0]).toMatchObject({ cutShort: 24, noCall: 0, right: 0 });
  });

  it("keeps a max_tokens stop apart from no call", async () => {
    const api = await fakeMessagesApi({ apiKey: KEY, cutShort: ["word_count-2"] });
    closers.push(api.close);
    const file = out();
    const run = await cli(
      [
        "--provider",
        "anthropic",
        "--model",
        "claude-sonnet-5-5",
        "--out",
        file,
        "--sizes",
        "8",
        "--kinds",
        "unrelated",
        "--protocols",
        "native",
        "--yes",
      ],
      { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: KEY },
    );
    expect(run.code, run.stderr).toBe(0);
    const receipt = loadReceipt(file);
    expect(receipt.rows.find((row) => row.requestId === "word_count-2")).toMatchObject({
      stopReason: "max_tokens",
      outcome: "cut-short",
    });
    expect(receipt.tables.conditions[0]).toMatchObject({ cutShort: 1, noCall: 0 });
  });

  it("refuses a redirect, naming it, so the key never reaches the other address", async () => {
    const elsewhere = await loopback(() => ({ body: {} }));
    closers.push(elsewhere.close);
    const api = await fakeMessagesApi({ apiKey: KEY, redirectTo: elsewhere.url });
    closers.push(api.close);
    const run = await cli(
      [
        "--provider",
        "anthropic",
        "--model",
        "claude-haiku-4-5",
        "--out",
        out(),
        "--sizes",
        "8",
        "--kinds",
        "unrelated",
        "--protocols",
        "native",
        "--yes",
      ],
      { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: KEY },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /answered HTTP 307, a redirect to http:\/\/127\.0\.0\.1:\d+\/v1\/messages; redirects are not followed/,
    );
    expect(elsewhere.requests).toHaveLength(0);
  });

  it("never prints or stores the key, even when an error body echoes the request's headers", async () => {
    const api = await fakeMessagesApi({ apiKey: KEY, echoHeaders: true });
    closers.push(api.close);
    const file = out();
    const run = await cli(
      [
        "--provider",
        "anthropic",
        "--model",
        "claude-haiku-4-5",
        "--out",
        file,
        "--sizes",
        "8",
        "--kinds",
        "unrelated",
        "--protocols",
        "native",
        "--yes",
      ],
      { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: KEY },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/HTTP 400/);
    expect(run.stderr).toContain("[key hidden]");
    expect(run.stdout + run.stderr + (existsSync(file) ? readFileSync(file, "utf8") : "")).not.toContain(KEY);
  });

  it("records spending that produced no row in the ledger, and a resume asks that request again and counts it", async () => {
    const api = await fakeMessagesApi({ apiKey: KEY, garbledAt: [2] });
    closers.push(api.close);
    const file = out();
    const argv = [
      "--provider",
      "anthropic",
      "--model",
      "claude-haiku-4-5",
      "--out",
      file,
      "--sizes",
      "8",
      "--kinds",
      "unrelated",
      "--protocols",
      "native",
      "--yes",
    ];
    const first = await cli(argv, { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: KEY });
    expect(first.code).toBe(1);
    const stopped = loadReceipt(file);
    expect(stopped.rows).toHaveLength(2);
    expect(stopped.run.ledger).toHaveLength(1);
    const owed = stopped.run.ledger![0]!.usd;
    expect(owed).toBeGreaterThan(0);
    const second = await cli(argv);
    expect(second.code, second.stderr).toBe(0);
    const done = loadReceipt(file);
    expect(done.rows).toHaveLength(24);
    expect(done.run.ledger).toEqual(stopped.run.ledger);
    const rowsCost = done.rows.reduce((sum, row) => sum + row.costUsd!, 0);
    expect(done.run.spentUsd).toBeCloseTo(rowsCost + owed, 12);
    expect(done.run.runs).toHaveLength(2);
  });

  it("needs --yes without a terminal, and contacts nothing then", async () => {
    const api = await fakeMessagesApi({ apiKey: KEY });
    closers.push(api.close);
    const run = await cli(["--provider", "anthropic", "--model", "claude-haiku-4-5", "--out", out(), ...small], {
      ANTHROPIC_BASE_URL: api.url,
      ANTHROPIC_API_KEY: KEY,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/needs --yes/);
    expect(api.requests).toHaveLength(0);
  });
});

describe("experiment --dry-run", () => {
  it("prints the rows, the offline tokens per condition and the worst case per model, contacting nothing", async () => {
    const run = await cli(
      [
        "--provider",
        "anthropic",
        "--model",
        "claude-haiku-4-5,claude-sonnet-5-5",
        "--out",
        out(),
        "--sizes",
        "8,64",
        "--kinds",
        "unrelated",
        "--protocols",
        "native",
        "--dry-run",
      ],
      {
        ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
        ANTHROPIC_API_KEY: KEY,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^dry run, nothing contacted: 96 rows: 2 models \(claude-haiku-4-5, claude-sonnet-5-5\) × 2 conditions × 24 requests/,
    );
    expect(run.stdout).toMatch(/unrelated 8 native\s+48\s+5\d\d, /);
    expect(run.stdout).toMatch(/unrelated 64 native\s+48\s+27\d\d, /);
    expect(run.stdout).toMatch(/claude-haiku-4-5: 48 rows, worst case \$0\.\d\d at list price/);
    expect(run.stdout).toMatch(/worst case in all: \$\d\.\d\d/);
  });
});

describe("resuming across designs and models (the lexical baseline)", () => {
  it("adds --kinds confusable to an unrelated receipt, then another model, recording each run and rewriting none", async () => {
    const file = out();
    const first = await cli(["--provider", "lexical", "--out", file, "--kinds", "unrelated", "--sizes", "8"]);
    expect(first.code, first.stderr).toBe(0);
    const second = await cli(["--provider", "lexical", "--out", file, "--kinds", "confusable", "--sizes", "8"]);
    expect(second.code, second.stderr).toBe(0);
    const third = await cli([
      "--provider",
      "lexical",
      "--model",
      "bm25-again",
      "--out",
      file,
      "--kinds",
      "confusable",
      "--sizes",
      "8",
    ]);
    expect(third.code, third.stderr).toBe(0);
    const receipt = loadReceipt(file);
    expect(receipt.rows).toHaveLength(144);
    expect(receipt.run.model).toBe("bm25-top1");
    expect(receipt.run.runs?.map((r) => [r.models.join(","), r.design.split(";")[0], r.asked])).toEqual([
      ["bm25-top1", "kinds unrelated", 48],
      ["bm25-top1", "kinds confusable", 48],
      ["bm25-again", "kinds confusable", 48],
    ]);
    expect(receipt.run.date).toBe(receipt.run.runs![0]!.date);
  });
});

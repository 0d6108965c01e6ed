// Complete tier only: runs the experiment's runner end to end against loopback Ollama and Messages API stand-ins.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { anthropicProvider } from "../../../lib/src/experiment/providers/anthropic-provider.js";
import { loadCatalogData } from "../../../lib/src/experiment/catalog/catalog.js";
import type { Design } from "../../../lib/src/experiment/running/design.js";
import { readSecret } from "../../../lib/src/experiment/providers/dotenv.js";
import { ollamaProvider } from "../../../lib/src/experiment/providers/ollama-provider.js";
import { loadReceipt } from "../../../lib/src/experiment/receipts/receipt-file.js";
import { runExperiment } from "../../../lib/src/experiment/running/runner.js";
import { loopback, type Recorded } from "../loopback.js";

const data = loadCatalogData();
const design: Design = {
  kinds: ["unrelated"],
  sizes: [8],
  protocols: ["native", "choice"],
  searches: [],
  searchCatalogs: [],
};
const out = () => join(mkdtempSync(join(tmpdir(), "loopback-")), "receipt.json");
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

/** The expected tool of a request text, so the stand-in can answer right, wrong or in words by script. */
const expectedFor = (text: string) =>
  data.requests.find((r) => text === r.text || text.includes(`Request: ${r.text}\n`))!;

describe("the runner against a loopback Ollama", () => {
  it("unloads the model first, then routes native calls, text and constrained choices into rows", async () => {
    const server = await loopback((request: Recorded) => {
      const body = request.body as { messages: { content: string }[]; format?: unknown; keep_alive?: number };
      if (body.messages.length === 0)
        return { body: { model: "m", message: { role: "assistant", content: "" }, done: true, done_reason: "unload" } };
      const wanted = expectedFor(body.messages[0]!.content);
      const counters = {
        done: true,
        prompt_eval_count: 500,
        prompt_eval_duration: 200_000_000,
        eval_count: 10,
        total_duration: 400_000_000,
      };
      if (body.format !== undefined)
        return {
          body: { message: { role: "assistant", content: JSON.stringify({ tool: wanted.expected }) }, ...counters },
        };
      if (wanted.id.endsWith("-3"))
        return { body: { message: { role: "assistant", content: "Sorry, I can't." }, ...counters } };
      return {
        body: {
          message: {
            role: "assistant",
            content: "",
            tool_calls: [{ function: { name: wanted.expected, arguments: {} } }],
          },
          ...counters,
        },
      };
    });
    closers.push(server.close);
    const file = out();
    await runExperiment({
      provider: ollamaProvider({ baseUrl: server.url }),
      model: "qwen2.5:1.5b",
      data,
      design,
      baseSeed: 14,
      out: file,
    });
    expect(server.requests[0]!.body).toEqual({
      model: "qwen2.5:1.5b",
      messages: [],
      keep_alive: 0,
      options: { num_ctx: 2048 },
    });
    expect(server.requests.every((r) => r.path === "/api/chat")).toBe(true);
    const receipt = loadReceipt(file);
    const native = receipt.tables.conditions.find((c) => c.protocol === "native")!;
    const choice = receipt.tables.conditions.find((c) => c.protocol === "choice")!;
    expect(native).toMatchObject({ n: 24, right: 16, noCall: 8, medianPrefillMs: 200 });
    expect(choice).toMatchObject({ n: 24, right: 24 });
  });

  it("keeps the rows before an HTTP failure", async () => {
    const server = await loopback((_request, index) =>
      index === 6
        ? { status: 500, body: { error: "model runner crashed" } }
        : { body: { message: { role: "assistant", content: "x" }, done: true } },
    );
    closers.push(server.close);
    const file = out();
    const failure = runExperiment({
      provider: ollamaProvider({ baseUrl: server.url }),
      model: "m",
      data,
      design,
      baseSeed: 14,
      out: file,
    });
    await expect(failure).rejects.toThrow(/HTTP 500.*model runner crashed/);
    await expect(failure).rejects.toMatchObject({
      name: "ServiceError",
      code: "service",
      reason: "http-status",
      status: 500,
    });
    expect(loadReceipt(file).rows).toHaveLength(5); // request 0 was the unload
  });
});

describe("the runner against a loopback Messages API", () => {
  const messages = (onCount?: () => void) =>
    loopback((request: Recorded) => {
      if (request.path === "/v1/messages/count_tokens") {
        onCount?.();
        return { body: { input_tokens: 1000 } };
      }
      const body = request.body as { messages: { content: string }[]; output_config?: unknown };
      const wanted = expectedFor(body.messages[0]!.content);
      const usage = { input_tokens: 1000, output_tokens: 50 };
      if (body.output_config !== undefined)
        return {
          body: {
            content: [{ type: "text", text: JSON.stringify({ tool: wanted.expected }) }],
            stop_reason: "end_turn",
            usage,
          },
        };
      return {
        body: {
          content: [{ type: "tool_use", id: "toolu_1", name: wanted.expected, input: {} }],
          stop_reason: "tool_use",
          usage,
        },
      };
    });

  it("sends the key only as x-api-key, bills each row at list price and records the prices", async () => {
    const server = await messages();
    closers.push(server.close);
    const file = out();
    await runExperiment({
      provider: anthropicProvider({ apiKey: "sk-test-secret", baseUrl: server.url }),
      model: "claude-haiku-4-5",
      data,
      design,
      baseSeed: 14,
      out: file,
      maxUsd: 10,
    });
    expect(
      server.requests.every(
        (r) => r.headers["x-api-key"] === "sk-test-secret" && r.headers["anthropic-version"] === "2023-06-01",
      ),
    ).toBe(true);
    const receipt = loadReceipt(file);
    expect(receipt.rows.every((r) => r.outcome === "right" && r.costUsd === (1000 * 1 + 50 * 5) / 1e6)).toBe(true);
    expect(receipt.run.prices?.[0]).toMatchObject({ model: "claude-haiku-4-5", inputUsdPerMTok: 1 });
    expect(JSON.stringify(receipt)).not.toContain("sk-test-secret");
    expect((server.requests.find((r) => r.path === "/v1/messages")!.body as { temperature?: number }).temperature).toBe(
      0,
    );
  });

  it("counts tokens first and stops before a request that could pass --max-usd", async () => {
    let counted = 0;
    const server = await messages(() => counted++);
    closers.push(server.close);
    const file = out();
    // Worst case per request: 1000 input at $1/MTok + 1024 output at $5/MTok = $0.00612; each costs $0.00125.
    // The sixth would start at $0.00625 spent, and 0.00625 + 0.00612 > 0.012: five rows, six counts.
    const result = await runExperiment({
      provider: anthropicProvider({ apiKey: "k", baseUrl: server.url }),
      model: "claude-haiku-4-5",
      data,
      design,
      baseSeed: 14,
      out: file,
      maxUsd: 0.012,
    });
    expect(result.receipt.rows).toHaveLength(5);
    expect(counted).toBe(6);
    expect(server.requests.filter((r) => r.path === "/v1/messages")).toHaveLength(5);
    expect(loadReceipt(file).run.stopped).toMatch(/spending cap \$0.012/);
  });

  it("sends no temperature to a model that refuses it", async () => {
    const server = await messages();
    closers.push(server.close);
    await runExperiment({
      provider: anthropicProvider({ apiKey: "k", baseUrl: server.url }),
      model: "claude-sonnet-5-5",
      data,
      design: { ...design, protocols: ["native"] },
      baseSeed: 14,
      maxUsd: 10,
    });
    expect(server.requests.some((r) => "temperature" in (r.body as object))).toBe(false);
  });
});

describe("readSecret", () => {
  it("prefers the environment, then reads KEY=VALUE lines of ./.env", () => {
    const dir = mkdtempSync(join(tmpdir(), "env-"));
    writeFileSync(join(dir, ".env"), '# secrets\nOTHER=1\nANTHROPIC_API_KEY="from-file"\n');
    expect(readSecret("ANTHROPIC_API_KEY", {}, dir)).toBe("from-file");
    expect(readSecret("ANTHROPIC_API_KEY", { ANTHROPIC_API_KEY: "from-env" }, dir)).toBe("from-env");
    expect(readSecret("MISSING", {}, dir)).toBeUndefined();
  });
});

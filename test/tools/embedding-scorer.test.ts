import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { cosineSimilarity, ollamaEmbeddingScorer } from "../../lib/src/tools/embedding-scorer.js";
import { ServiceError } from "../../lib/src/errors/service-error.js";
import { topToolsAsync } from "../../lib/src/tools/top-tools.js";
import type { McpTool } from "../../lib/src/tools/types.js";

/** A deterministic stand-in for a sentence embedding: letter counts a–z. */
const letterVector = (text: string): number[] => {
  const v = new Array<number>(26).fill(0);
  for (const ch of text.toLowerCase()) {
    const i = ch.charCodeAt(0) - 97;
    if (i >= 0 && i < 26) v[i]! += 1;
  }
  return v;
};

type Seen = { method: string | undefined; url: string | undefined; contentType: string | undefined; body: unknown };
type Handler = (body: { model: string; input: string[] }, res: ServerResponse) => void;

/** Speaks Ollama's POST /api/embed: {model, input: string[]} → {model, embeddings: number[][], ...}. */
const ollamaLike: Handler = (body, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      model: body.model,
      embeddings: body.input.map(letterVector),
      total_duration: 1000,
      load_duration: 10,
      prompt_eval_count: 8,
    }),
  );
};

let server: Server | undefined;
async function listen(handler: Handler): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      const body = JSON.parse(text) as { model: string; input: string[] };
      seen.push({ method: req.method, url: req.url, contentType: req.headers["content-type"], body });
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, seen };
}
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const tool = (name: string, description: string): McpTool => ({ name, description, inputSchema: { type: "object" } });

describe("ollamaEmbeddingScorer", () => {
  it("posts {model, input} to /api/embed and scores by cosine similarity", async () => {
    const { baseUrl, seen } = await listen(ollamaLike);
    const score = ollamaEmbeddingScorer({ baseUrl });
    const docs = ["vanilla tubs", "docker containers"];
    const scores = await score("vanilla", docs);
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/api/embed",
        contentType: "application/json",
        body: { model: "all-minilm", input: ["vanilla", ...docs] },
      },
    ]);
    expect(scores).toEqual(docs.map((d) => cosineSimilarity(letterVector("vanilla"), letterVector(d))));
    expect(scores[0]).toBeGreaterThan(scores[1] as number);
  });

  it("embeds each document once per scorer; later calls send only the query and new texts", async () => {
    const { baseUrl, seen } = await listen(ollamaLike);
    const score = ollamaEmbeddingScorer({ baseUrl, model: "nomic-embed-text" });
    await score("first", ["a tool", "b tool"]);
    await score("second", ["b tool", "a tool", "c tool", "c tool"]);
    expect(seen.map((s) => s.body)).toEqual([
      { model: "nomic-embed-text", input: ["first", "a tool", "b tool"] },
      { model: "nomic-embed-text", input: ["second", "c tool"] },
    ]);
  });

  it("ranks tools through topToolsAsync", async () => {
    const { baseUrl } = await listen(ollamaLike);
    const tools = [tool("docker_list_containers", "List containers."), tool("stock_level", "Vanilla tubs on hand.")];
    const best = await topToolsAsync("vanilla tubs", tools, ollamaEmbeddingScorer({ baseUrl }), 1);
    expect(best.map((t) => t.name)).toEqual(["stock_level"]);
  });

  it("says clearly when Ollama is not reachable", async () => {
    const { baseUrl } = await listen(ollamaLike);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const attempt = ollamaEmbeddingScorer({ baseUrl })("vanilla", ["a"]);
    await expect(attempt).rejects.toBeInstanceOf(ServiceError);
    await expect(attempt).rejects.toMatchObject({ code: "service", reason: "unreachable", status: undefined });
    await expect(attempt).rejects.toThrow(`Ollama is not reachable at ${baseUrl}`);
    await expect(attempt).rejects.toThrow(/ollama pull all-minilm/);
  });

  it("reports Ollama's own error for a model that is not pulled", async () => {
    const { baseUrl } = await listen((body, res) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: `model "${body.model}" not found, try pulling it first` }));
    });
    const attempt = ollamaEmbeddingScorer({ baseUrl })("vanilla", ["a"]);
    await expect(attempt).rejects.toMatchObject({
      name: "ServiceError",
      code: "service",
      reason: "http-status",
      status: 404,
    });
    await expect(attempt).rejects.toThrow(
      /HTTP 404 \(is the model pulled\? "ollama pull all-minilm"\); expected .*; received .*model \\"all-minilm\\" not found/,
    );
  });

  it.each([
    ["a body without embeddings", { model: "all-minilm" }, /lacks \{embeddings: number\[\]\[\]\}/],
    ["one vector too few", { embeddings: [[1, 0]] }, /returned 1 embeddings for 2 inputs/],
    [
      "vectors of different sizes",
      {
        embeddings: [
          [1, 0],
          [1, 0, 0],
        ],
      },
      /embedding sizes differ: query 2, document 3/,
    ],
  ])("refuses %s", async (_label, answer, message) => {
    const { baseUrl } = await listen((_body, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
    const attempt = ollamaEmbeddingScorer({ baseUrl })("q", ["a"]);
    await expect(attempt).rejects.toMatchObject({ code: "service", reason: "bad-response" });
    await expect(attempt).rejects.toThrow(message);
  });

  // The HTTP work is postJson's (lib/src/http/http-json.ts): its retries and its refusal of redirects hold here too.
  it("retries an overloaded Ollama (503 with retry-after), as every model service call does", async () => {
    let asked = 0;
    const { baseUrl, seen } = await listen((body, res) => {
      asked += 1;
      if (asked === 1) {
        res.writeHead(503, { "retry-after": "0" });
        res.end("busy");
      } else ollamaLike(body, res);
    });
    const scores = await ollamaEmbeddingScorer({ baseUrl })("vanilla", ["vanilla"]);
    expect(seen).toHaveLength(2);
    expect(scores[0]).toBeCloseTo(1, 12);
  });

  it("refuses a redirect instead of following it", async () => {
    const { baseUrl } = await listen((_body, res) => {
      res.writeHead(307, { location: "http://elsewhere.invalid/api/embed" });
      res.end();
    });
    const attempt = ollamaEmbeddingScorer({ baseUrl })("q", ["a"]);
    await expect(attempt).rejects.toMatchObject({ code: "service", reason: "http-status", status: 307 });
    await expect(attempt).rejects.toThrow(/redirects are not followed/);
  });

  it("uses an injected fetch", async () => {
    const calls: string[] = [];
    const fakeFetch = (async (url: string | URL | Request) => {
      calls.push(String(url));
      return new Response(
        JSON.stringify({
          embeddings: [
            [1, 0],
            [1, 0],
            [0, 1],
          ],
        }),
        { status: 200 },
      );
    }) as typeof fetch;
    const scores = await ollamaEmbeddingScorer({ baseUrl: "http://ollama.invalid:1/", fetch: fakeFetch })("q", [
      "same",
      "other",
    ]);
    expect(calls).toEqual(["http://ollama.invalid:1/api/embed"]);
    expect(scores).toEqual([1, 0]);
  });
});

describe("cosineSimilarity", () => {
  it("is 1 for parallel, 0 for orthogonal, −1 for opposite, 0 for a zero vector", () => {
    expect(cosineSimilarity([1, 2], [2, 4])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [0, 3])).toBe(0);
    expect(cosineSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1, 12);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });
});

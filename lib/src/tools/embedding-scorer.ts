import { z } from "zod";
import { ServiceError } from "../errors/service-error.js";
import { preview } from "../errors/wording.js";
import { postJson } from "../http/http-json.js";
import type { AsyncScoreFunction } from "./types.js";

export type OllamaEmbeddingOptions = {
  /** Where Ollama listens; default http://127.0.0.1:11434. */
  baseUrl?: string;
  /** Embedding model; default all-minilm (the chapter's). */
  model?: string;
  /** Injected for tests or proxies; default the global fetch. */
  fetch?: typeof fetch;
  /** Deadline for one HTTP request, ms; default 60000 (a cold model load can take seconds). */
  timeoutMs?: number;
};

/** Ollama's POST /api/embed answer: one vector per input, in input order (other fields ignored). */
const embedResponse = z.object({ embeddings: z.array(z.array(z.number())) });

/** Cosine similarity; 0 when either vector is all zeros (no direction to compare). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * A score function that embeds the query and the documents with Ollama (POST /api/embed, body
 * {model, input: string[]}, answer {embeddings: number[][]}) and scores each document by its cosine
 * similarity to the query. Document vectors are remembered per scorer by text, so ranking the same
 * catalog for many requests embeds each tool once. Async: use it with topToolsAsync.
 */
export function ollamaEmbeddingScorer(options: OllamaEmbeddingOptions = {}): AsyncScoreFunction {
  const baseUrl = (options.baseUrl ?? "http://127.0.0.1:11434").replace(/\/+$/, "");
  const model = options.model ?? "all-minilm";
  const timeoutMs = options.timeoutMs ?? 60_000;
  const url = `${baseUrl}/api/embed`;
  const post = postJson({ timeoutMs, ...(options.fetch === undefined ? {} : { fetch: options.fetch }) });
  const remembered = new Map<string, number[]>();

  async function embed(input: string[]): Promise<number[][]> {
    let body: unknown;
    try {
      body = await post(url, { model, input });
    } catch (error) {
      throw withOllamaHint(error, baseUrl, model);
    }
    const parsed = embedResponse.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ServiceError(
        "bad-response",
        {
          what: "Ollama's /api/embed answer lacks {embeddings: number[][]}",
          expected: "{embeddings: number[][]}, one vector per input",
          received: `${preview(body)} (${issue === undefined ? "invalid" : `${issue.path.join(".") || "(answer)"}: ${issue.message}`})`,
        },
        { cause: parsed.error },
      );
    }
    const { embeddings } = parsed.data;
    if (embeddings.length !== input.length) {
      throw new ServiceError("bad-response", {
        what: `Ollama returned ${embeddings.length} embeddings for ${input.length} inputs`,
        expected: `one embedding per input (${input.length})`,
        received: String(embeddings.length),
      });
    }
    return embeddings;
  }

  return async (query, documents) => {
    const missing = [...new Set(documents.filter((d) => !remembered.has(d)))];
    const [queryVector, ...documentVectors] = await embed([query, ...missing]);
    missing.forEach((document, i) => remembered.set(document, documentVectors[i] as number[]));
    const q = queryVector as number[];
    return documents.map((document) => {
      const vector = remembered.get(document) as number[];
      if (vector.length !== q.length) {
        throw new ServiceError("bad-response", {
          what: `embedding sizes differ: query ${q.length}, document ${vector.length}`,
          expected: `every vector of the query's size (${q.length})`,
          received: `a document vector of size ${vector.length}`,
        });
      }
      return cosineSimilarity(q, vector);
    });
  };
}

/**
 * postJson's error with what to do about it in Ollama's terms: start it, or pull the model. The
 * HTTP work (deadline, retries, no redirects, the JSON body) is postJson's; only the advice is here.
 */
function withOllamaHint(error: unknown, baseUrl: string, model: string): unknown {
  if (!(error instanceof ServiceError)) return error;
  if (error.reason === "unreachable") {
    return new ServiceError(
      "unreachable",
      {
        what: `Ollama is not reachable at ${baseUrl}`,
        expected: `Ollama listening there with the model pulled (start it with "ollama serve", then "ollama pull ${model}")`,
        received: `no answer to POST /api/embed (${error.wording.what})`,
      },
      { cause: error },
    );
  }
  if (error.status === 404) {
    return new ServiceError(
      "http-status",
      {
        what: `Ollama answered POST /api/embed with HTTP 404 (is the model pulled? "ollama pull ${model}")`,
        expected: "HTTP 200 with {embeddings: number[][]}",
        ...(error.wording.received === undefined ? {} : { received: error.wording.received }),
      },
      { cause: error, status: 404 },
    );
  }
  return error;
}

// What the model hears: the function-calling shape, and tool search (BM25, embeddings, recall).
export type { McpTool, McpInputSchema, ScoreFunction, AsyncScoreFunction } from "./types.js";
export { asModelTool } from "./as-model-tool.js";
export type { ModelTool, McpToolLike } from "./as-model-tool.js";
export { toolText } from "./tool-text.js";
export { topTools, topToolsAsync } from "./top-tools.js";
export { tokenize } from "./tokenize.js";
export { Bm25Index, bm25Scorer, BM25_DEFAULT_K1, BM25_DEFAULT_B } from "./bm25.js";
export type { Bm25Options, Bm25Hit } from "./bm25.js";
export { recallAtK } from "./recall.js";
export type { Ranking, RecallAtK } from "./recall.js";
export { ollamaEmbeddingScorer, cosineSimilarity } from "./embedding-scorer.js";
export type { OllamaEmbeddingOptions } from "./embedding-scorer.js";

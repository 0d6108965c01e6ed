/**
 * The argument schema of an advertised tool. MCP requires it to describe an object: the
 * arguments always travel as one JSON object.
 * The client and Part A's catalog share this one shape.
 */
export type McpInputSchema = { type: "object"; [keyword: string]: unknown };

/** The one tool shape of the library; the client validates it in checkTools. */
export type { McpTool } from "../protocol/handshake.js";

/** A scorer for tool search: one score per document, in the documents' order; higher is better. */
export type ScoreFunction = (query: string, documents: readonly string[]) => number[];

/** The same, for scorers that must wait (an embedding service). */
export type AsyncScoreFunction = (query: string, documents: readonly string[]) => Promise<number[]> | number[];

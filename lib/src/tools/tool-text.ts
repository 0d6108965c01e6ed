import type { McpToolLike } from "./as-model-tool.js";

/**
 * The words a retriever sees for one tool: its name with underscores turned into spaces (so
 * "stock_level" can match "stock" and "level"), a full stop, then its description.
 */
export function toolText(tool: Pick<McpToolLike, "name" | "description">): string {
  return `${tool.name.replaceAll("_", " ")}. ${tool.description ?? ""}`;
}

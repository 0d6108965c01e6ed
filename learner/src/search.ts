// Which tools the model hears about: the application's choice, made by a search.
import type { ScoreFunction } from "mcp-workbook";
import { notImplemented } from "./not-implemented.js";

/**
 * The m tools whose text scores highest for the request, best first. A tool's text is its name
 * and description (mcp-workbook's toolText). Equal scores keep catalog order, so a ranking never
 * depends on the sort's stability. Returns the same tool objects in a new array; neither `tools`
 * nor the tools are changed. m larger than the catalog returns the whole catalog, ranked.
 */
export function topTools<T extends { name: string; description?: string }>(
  request: string,
  tools: readonly T[],
  score: ScoreFunction,
  m: number,
): T[] {
  // TODO: scores = score(request, tools.map(toolText)); order indexes by score (desc), then index.
  return notImplemented("topTools");
}

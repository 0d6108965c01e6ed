// Exercise 4, a paginated list: the notebook's listAllTools(askPage, bounds), graded as exercise4.
import type { McpTool } from "mcp-workbook";
import type { AskPage, ListBounds } from "mcp-workbook/exercises";
import { notImplemented } from "../not-implemented.js";

/**
 * The cursor loop. `askPage(cursor)` resolves to one page of tools/list ({ tools, nextCursor? };
 * undefined asks for the first; a page's fields are unknown until you check them). Return every
 * tool of every page, in order; refuse, with new ProtocolError("catalog", { what, expected }), a
 * list that still points further after bounds.maxPages pages, one whose tools pass
 * bounds.maxTools, and a cursor that comes back (on the page where it does, naming it).
 */
export async function exercise4(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  void askPage;
  void bounds;
  return notImplemented("exercise4");
}

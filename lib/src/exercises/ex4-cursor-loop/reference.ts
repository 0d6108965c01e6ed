// Exercise 4's reference answer: the cursor loop, written out.
import { ProtocolError } from "../../errors/protocol-error.js";
import type { McpTool } from "../../tools/types.js";
import type { AskPage, ListBounds } from "./trial-types.js";

/** Exercise 4, written out: follow nextCursor within both bounds; a cursor seen before is refused at once, by name. */
export async function referenceCursorLoop(askPage: AskPage, bounds: ListBounds): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const result = await askPage(cursor);
    const listed = result["tools"];
    if (!Array.isArray(listed))
      throw new ProtocolError("catalog", { what: `page ${page} has no tools array`, expected: "tools: [...]" });
    tools.push(...(listed as McpTool[]));
    if (tools.length > bounds.maxTools)
      throw new ProtocolError("catalog", {
        what: `the list passes ${bounds.maxTools} tools on page ${page}`,
        expected: `at most ${bounds.maxTools} tools`,
      });
    const next = result["nextCursor"];
    if (next === undefined) return tools;
    if (typeof next !== "string")
      throw new ProtocolError("catalog", {
        what: `page ${page} has a nextCursor that is not a string`,
        expected: "a string",
      });
    if (seen.has(next))
      throw new ProtocolError("catalog", {
        what: `the cursor ${JSON.stringify(next)} came back on page ${page}`,
        expected: "a new cursor on every page",
      });
    if (page === bounds.maxPages)
      throw new ProtocolError("catalog", {
        what: `the list goes on past ${bounds.maxPages} pages`,
        expected: `at most ${bounds.maxPages} pages`,
      });
    seen.add(next);
    cursor = next;
  }
}

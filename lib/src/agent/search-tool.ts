// An optional tool the loop itself answers: the model writes its own search query, and the tools it
// finds are offered on the next turn. This is how a coding agent loads tool definitions on demand;
// here it lets a loop recover when neither the request nor the results contain the words a tool needs.
import type { McpTool } from "../tools/types.js";

export const SEARCH_TOOL_NAME = "search_tools";

export const SEARCH_TOOL: McpTool = {
  name: SEARCH_TOOL_NAME,
  description:
    "Search the tools this application allows and offer the best matches on your next turn. Use it when none of the tools you were offered can do the next step.",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string", description: "What the tool you need should do, in a few words." } },
    required: ["query"],
  },
};

/** The query of a search_tools call, or undefined when the model did not give one as a non-empty string. */
export function searchQueryOf(args: Record<string, unknown>): string | undefined {
  const query = args["query"];
  return typeof query === "string" && query.trim() !== "" ? query : undefined;
}

// What a tool call gave back, as text.
import { ProtocolError, ToolError, type JsonObject } from "mcp-workbook";
import { notImplemented } from "./not-implemented.js";

export { ProtocolError, ToolError };

/**
 * The text of a tools/call result: its text content items joined by newlines. A result marked
 * isError is the tool reporting failure, so it is raised as ToolError, never returned as text.
 */
export function resultText(result: JsonObject): string {
  // TODO: result.content must be an array; keep the items of type "text"; join their text with "\n".
  return notImplemented("resultText");
}

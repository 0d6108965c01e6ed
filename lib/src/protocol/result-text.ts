import { ProtocolError } from "../errors/protocol-error.js";
import { ToolError } from "../errors/tool-error.js";
import { describeValue } from "../errors/wording.js";
import { isJsonObject, type JsonObject } from "./messages.js";

/**
 * The text of a tools/call result: its text content items joined by newlines. A result marked
 * isError is the tool reporting failure, so it is raised as ToolError, never returned as text.
 */
export function resultText(result: JsonObject): string {
  const content = result["content"];
  if (!Array.isArray(content)) {
    throw new ProtocolError("bad-response", {
      what: "tools/call result has no content array",
      expected: "content: [...]",
      received: describeValue(content),
    });
  }
  const texts = content
    .filter((item): item is JsonObject => isJsonObject(item) && item["type"] === "text")
    .map((item) => {
      const text = item["text"];
      if (typeof text !== "string") {
        throw new ProtocolError("bad-response", {
          what: "text content item has no text",
          expected: "a string",
          received: describeValue(text),
        });
      }
      return text;
    });
  const joined = texts.join("\n");
  if (result["isError"] === true) {
    throw new ToolError(joined, {
      what: `the tool reported failure: ${joined.slice(0, 200)}`,
      expected: "a result without isError",
    });
  }
  return joined;
}

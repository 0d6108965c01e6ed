// The check of resultText: the text items joined; a result marked isError is raised, never
// handed on as an answer.
import { expect, fn, mustRefuse, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const resultTextCheck: Body = async (pieces) => {
  const resultText = fn(pieces, "resultText");
  const text = resultText({
    content: [
      { type: "text", text: "3" },
      { type: "image", data: "x" },
      { type: "text", text: "words" },
    ],
  });
  expect(text === "3\nwords", '"3\\nwords"', () => shown(text), "keep the text items, join them with newlines");
  await mustRefuse(
    () => resultText({ content: [{ type: "text", text: "no such flavor" }], isError: true }),
    "ToolError",
    undefined,
    "a result marked isError",
    "isError is the tool saying it failed: raise it, never hand it on as an answer",
  );
  await mustRefuse(
    () => resultText({ content: "3" }),
    "ProtocolError",
    undefined,
    "content that is not an array",
    "a result must carry a content array",
  );
  return "text items joined; isError raised as ToolError";
};

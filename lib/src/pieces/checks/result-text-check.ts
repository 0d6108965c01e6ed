// The check of resultText: the text items joined; a result marked isError is raised, never
// handed on as an answer.
import { expect, fn, mustRefuse, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";
import { joinedWanted, separatorOf } from "../../grading/checkpoint/rules/joined-text.js";

export const resultTextCheck: Body = async (pieces) => {
  const resultText = fn(pieces, "resultText");
  const text = resultText({
    content: [
      { type: "text", text: "3" },
      { type: "image", data: "x" },
      { type: "text", text: "words" },
    ],
  });
  // The separator is the learner's (the chapter never shows result_text): "3", one separator, "words".
  expect(
    typeof text === "string" && separatorOf(["3", "words"], text) !== undefined,
    joinedWanted(["3", "words"]),
    () => shown(text),
    "keep the text items, in order, with one separator of your choice between them (a newline, say)",
  );
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

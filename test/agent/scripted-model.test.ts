// The scripted model sees only what a real model would: the conversation and this turn's tools.
import { expect, it } from "vitest";
import { callIfOffered, finalText, scriptedModel, toolCall } from "../../lib/src/agent/scripted-model.js";
import type { McpTool } from "../../lib/src/tools/types.js";

const tool = (name: string): McpTool => ({ name, inputSchema: { type: "object" } });
const user = [{ role: "user", text: "hi" }] as const;

it("callIfOffered calls only an offered tool, and otherwise answers in words", async () => {
  const step = callIfOffered("record_delivery", { quantity: 12 });
  const model = scriptedModel([step, step, callIfOffered("x", {}, toolCall("y"))]);
  expect(await model.next(user, [tool("record_delivery")])).toEqual(toolCall("record_delivery", { quantity: 12 }));
  expect(await model.next(user, [tool("word_count")])).toEqual(
    finalText("I have no tool to do that (record_delivery was not offered)."),
  );
  expect(await model.next(user, [])).toEqual(toolCall("y", {}));
});

it("a step sees its zero-based turn, the offered names and the conversation", async () => {
  const seen: unknown[] = [];
  const model = scriptedModel([
    ({ turn, offeredNames, conversation }) => {
      seen.push(turn, [...offeredNames], conversation.length);
      return finalText("ok");
    },
  ]);
  await model.next(user, [tool("a"), tool("b")]);
  expect(seen).toEqual([0, ["a", "b"], 1]);
});

// Any Part A provider can drive the loop: each turn becomes one Ask, built by pure functions.
import { describe, expect, it } from "vitest";
import { inProcessExecutor } from "../../lib/src/agent/executors.js";
import { runLoop } from "../../lib/src/agent/loop.js";
import { askFor, askText, providerModel } from "../../lib/src/agent/provider-model.js";
import { shopHandlers } from "../../lib/src/agent/shop-handlers.js";
import { completedCalls } from "../../lib/src/agent/transcript.js";
import { DELIVERY_ARGS, MESSAGE_ARGS, TWO_STEP_REQUEST, twoStepCatalog } from "../../lib/src/agent/two-step.js";
import type { Message } from "../../lib/src/agent/types.js";
import type { Ask } from "../../lib/src/experiment/providers/provider.js";
import { scriptedProvider } from "../../lib/src/experiment/providers/scripted-provider.js";

const REQUEST = "record today's delivery, then tell Lucy";

describe("askText and askFor", () => {
  it("is the user's request alone on the first turn", () => {
    expect(askText([{ role: "user", text: REQUEST }])).toBe(REQUEST);
  });

  it("adds one line per call outcome since the latest user message, refusals and failures included", () => {
    const conversation: Message[] = [
      { role: "user", text: "an earlier request" },
      { role: "tool", name: "word_count", outcome: "result", text: "3" },
      { role: "user", text: REQUEST },
      { role: "call", call: { name: "record_delivery", arguments: {} } },
      { role: "tool", name: "record_delivery", outcome: "result", text: "recorded delivery D-17" },
      { role: "call", call: { name: "place_purchase", arguments: {} } },
      { role: "tool", name: "place_purchase", outcome: "refused", text: "refused: not allowed" },
    ];
    expect(askText(conversation)).toBe(
      `${REQUEST}\n\nDone so far:\n- record_delivery (result): recorded delivery D-17\n- place_purchase (refused): refused: not allowed`,
    );
  });

  it("passes the offered tools through, in order, with the protocol (native by default) and model", () => {
    const offered = twoStepCatalog().slice(0, 3);
    const ask = askFor([{ role: "user", text: REQUEST }], offered, { model: "qwen2.5:7b" });
    expect(ask).toEqual({ request: REQUEST, offered, protocol: "native", model: "qwen2.5:7b" });
    expect(ask.offered[0]).toBe(offered[0]);
    expect(askFor([{ role: "user", text: REQUEST }], offered, { model: "m", protocol: "choice" }).protocol).toBe(
      "choice",
    );
  });
});

describe("providerModel with the scripted provider", () => {
  it("drives the two-step request to the end, one ask per turn", async () => {
    const asks: Ask[] = [];
    const provider = scriptedProvider((ask) => {
      asks.push(ask);
      if (!ask.request.includes("record_delivery (result)"))
        return { kind: "call", name: "record_delivery", arguments: { ...DELIVERY_ARGS } };
      if (!ask.request.includes("send_message_to_lucy (result)"))
        return { kind: "call", name: "send_message_to_lucy", arguments: { ...MESSAGE_ARGS } };
      return { kind: "text", text: "done" };
    });
    const catalog = twoStepCatalog();
    const executor = inProcessExecutor(shopHandlers());
    const transcript = await runLoop(TWO_STEP_REQUEST, {
      tools: catalog,
      allowed: catalog.map((tool) => tool.name),
      executor,
      searchOn: "request",
      model: providerModel(provider, { model: "scripted" }),
    });
    expect(completedCalls(transcript)).toEqual(["record_delivery", "send_message_to_lucy"]);
    expect(transcript.finalText).toBe("done");
    expect(asks).toHaveLength(3);
    expect(asks.map((ask) => ask.offered.map((tool) => tool.name))).toEqual(
      transcript.turns.map((turn) => turn.offered),
    );
    expect(asks[1]?.request).toBe(
      `${TWO_STEP_REQUEST}\n\nDone so far:\n- record_delivery (result): recorded delivery D-17 of 12 tubs of vanilla from Dairy North`,
    );
    expect(asks.every((ask) => ask.protocol === "native" && ask.model === "scripted")).toBe(true);
  });

  it("a provider's call to a tool it was not offered is refused like any model's", async () => {
    const provider = scriptedProvider((_ask, index) =>
      index === 0 ? { kind: "call", name: "create_purchase_order", arguments: {} } : { kind: "text", text: "ok" },
    );
    const catalog = twoStepCatalog();
    const executor = inProcessExecutor(shopHandlers());
    const transcript = await runLoop(TWO_STEP_REQUEST, {
      tools: catalog,
      allowed: catalog.map((tool) => tool.name),
      executor,
      model: providerModel(provider, { model: "x" }),
    });
    expect(transcript.turns[0]?.outcome?.kind).toBe("refused");
    expect(executor.calls).toHaveLength(0);
  });
});

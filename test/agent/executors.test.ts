// The in-process executor and Lucy's simulated shop tools. (The StdioClient executor runs against
// the real teaching server in stdio-loop.test.ts.)
import { describe, expect, it } from "vitest";
import { ToolError } from "../../lib/src/errors/tool-error.js";
import { inProcessExecutor, recordCalls } from "../../lib/src/agent/executors.js";
import { shopHandlers } from "../../lib/src/agent/shop-handlers.js";
import { SHOP_TOOL_NAMES } from "../../lib/src/experiment/catalog/catalog-schema.js";

describe("shopHandlers", () => {
  it("has one handler for each of Lucy's eight tools", () => {
    expect(Object.keys(shopHandlers()).sort()).toEqual([...SHOP_TOOL_NAMES].sort());
  });

  it("answers deterministically, numbering deliveries from D-17 per fresh set", async () => {
    const executor = inProcessExecutor(shopHandlers());
    const delivery = { supplier: "Dairy North", product: "vanilla", quantity: 12 };
    expect(await executor.call("record_delivery", delivery)).toBe(
      "recorded delivery D-17 of 12 tubs of vanilla from Dairy North",
    );
    expect(await executor.call("record_delivery", delivery)).toBe(
      "recorded delivery D-18 of 12 tubs of vanilla from Dairy North",
    );
    expect(await executor.call("record_delivery", { ...delivery, delivery_note: "DN-5" })).toMatch(
      /^recorded delivery DN-5 of/,
    );
    expect(await executor.call("send_message_to_lucy", { message: "12 tubs of vanilla arrived" })).toBe("message sent");
    expect(await executor.call("word_count", { text: "  vanilla stock needs review " })).toBe("4");
    expect(await inProcessExecutor(shopHandlers()).call("record_delivery", delivery)).toMatch(
      /^recorded delivery D-17 /,
    );
  });

  it("refuses arguments that miss what the tool requires, saying which", async () => {
    const executor = inProcessExecutor(shopHandlers());
    const failure = executor.call("record_delivery", { supplier: "Dairy North", quantity: 0 });
    await expect(failure).rejects.toBeInstanceOf(ToolError);
    await expect(failure).rejects.toMatchObject({
      code: "tool",
      text: expect.stringMatching(/^record_delivery: .*product: Required.*quantity: /),
      message: expect.stringMatching(
        /record_delivery: .*product: Required.*quantity: .*; received \{"supplier":"Dairy North","quantity":0\}/,
      ),
    });
    await expect(executor.call("send_message_to_lucy", { message: "x".repeat(281) })).rejects.toMatchObject({
      code: "tool",
      text: expect.stringMatching(/^send_message_to_lucy: .*message/),
    });
  });
});

describe("inProcessExecutor", () => {
  it("records every call it receives, a failing one included", async () => {
    const executor = inProcessExecutor({
      echo: (args) => JSON.stringify(args),
      boom: () => {
        throw new Error("no");
      },
    });
    await executor.call("echo", { a: 1 });
    await expect(executor.call("boom", {})).rejects.toThrow("no");
    expect(executor.calls).toEqual([
      { name: "echo", arguments: { a: 1 } },
      { name: "boom", arguments: {} },
    ]);
  });

  it("has no handler for a name it was not given, inherited names included", async () => {
    const executor = inProcessExecutor({ echo: () => "" });
    await expect(executor.call("constructor", {})).rejects.toMatchObject({
      code: "usage",
      reason: "unknown-tool",
      message: expect.stringContaining('no handler for "constructor"; expected one of the handlers: echo'),
    });
  });

  it("recordCalls wraps any executor", async () => {
    const recorded = recordCalls({ call: async (name) => name.toUpperCase() });
    expect(await recorded.call("x", {})).toBe("X");
    expect(recorded.calls).toEqual([{ name: "x", arguments: {} }]);
  });
});

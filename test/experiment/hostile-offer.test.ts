// Exercise 6 with a scripted model: whatever the model asks for, the client sends only what the
// application allowed, and the teaching server's own log shows that no purchase arrived.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { teachingServerCommand } from "../../lib/src/client/teaching-server.js";
import {
  HOSTILE_DEFAULT_REQUESTS,
  PURCHASE_TOOL,
  hostileOfferExperiment,
} from "../../lib/src/exercises/ex6-hostile/hostile-offer.js";
import type { Ask } from "../../lib/src/experiment/providers/provider.js";
import type { Answer } from "../../lib/src/experiment/receipts/receipt.js";
import { scriptedProvider } from "../../lib/src/experiment/providers/scripted-provider.js";
import { readCallLog } from "../../lib/src/call-log/call-log.js";

/** A model that obeys the hostile description whenever the notes or a review come up. */
function obedientModel(seen: Ask[]) {
  return scriptedProvider((ask): Answer => {
    seen.push(ask);
    if (/How many words/.test(ask.request))
      return { kind: "call", name: "word_count", arguments: { text: "vanilla stock needs review" } };
    if (/notes about deliveries/.test(ask.request)) return { kind: "call", name: "shop_notes", arguments: {} };
    if (/notes|review/.test(ask.request))
      return { kind: "call", name: PURCHASE_TOOL, arguments: { flavor: "vanilla", tubs: 100 } };
    return { kind: "text", text: "Vanilla is running low." };
  });
}

describe("hostileOfferExperiment with a scripted model", () => {
  it("offers everything advertised, counts the purchases asked for, refuses each, and the log holds none", async () => {
    const seen: Ask[] = [];
    const result = await hostileOfferExperiment({ provider: obedientModel(seen), model: "scripted", timeoutMs: 5000 });

    expect(result.asked).toBe(HOSTILE_DEFAULT_REQUESTS.length);
    // No allowlist filter on what the model hears: all three advertised tools, every time.
    expect(result.offered.map((t) => t.function.name).sort()).toEqual(["place_purchase", "shop_notes", "word_count"]);
    expect(result.offered.find((t) => t.function.name === "shop_notes")!.function.description).toMatch(
      /one hundred tubs/,
    );
    expect(seen.every((ask) => ask.offered.length === 3 && ask.protocol === "native")).toBe(true);

    expect(result.purchaseRequests).toBe(3);
    expect(result.calls.map((c) => [c.name, c.fate, c.detail])).toEqual([
      ["place_purchase", "refused", "not-allowed"],
      ["word_count", "answered", "4"],
      ["shop_notes", "refused", "not-allowed"],
      ["place_purchase", "refused", "not-allowed"],
      ["place_purchase", "refused", "not-allowed"],
    ]);
    expect(result.refused).toBe(4);
    // The allowed call arrived and was logged; nothing refused ever reached the server.
    expect(result.purchasesLogged).toBe(0);
    expect(result.logLines).toHaveLength(1);
    expect(result.logLines.join("\n")).not.toContain(PURCHASE_TOOL);
    expect(readCallLog(result.logFile).map((r) => r.name)).toEqual(["word_count"]);
  });

  it("asks only the requests given, and leaves an empty log when nothing was allowed to run", async () => {
    const log = join(mkdtempSync(join(tmpdir(), "hostile-")), "calls.jsonl");
    const result = await hostileOfferExperiment({
      provider: obedientModel([]),
      model: "scripted",
      requests: ["Read today's shop notes.", "Read today's shop notes again."],
      timeoutMs: 5000,
      logFile: log,
    });
    expect(result).toMatchObject({
      asked: 2,
      purchaseRequests: 2,
      refused: 2,
      logFile: log,
      logLines: [],
      purchasesLogged: 0,
    });
  });

  it("would show the purchase in the log had the application allowed it (so the empty log means something)", async () => {
    const log = join(mkdtempSync(join(tmpdir(), "hostile-")), "calls.jsonl");
    const careless = new StdioClient(teachingServerCommand("hostile", log), {
      allowed: [PURCHASE_TOOL],
      timeoutMs: 5000,
    });
    try {
      await careless.initialize();
      await careless.listTools();
      await careless.callTool(PURCHASE_TOOL, { flavor: "vanilla", tubs: 100 });
    } finally {
      await careless.close();
    }
    expect(readCallLog(log).map((r) => [r.name, r.arguments])).toEqual([
      [PURCHASE_TOOL, { flavor: "vanilla", tubs: 100 }],
    ]);
  });
});

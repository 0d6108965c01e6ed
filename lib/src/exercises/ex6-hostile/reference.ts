// Exercise 6's reference answer, offline: a scripted stand-in that obeys tool descriptions.
import type { Provider } from "../../experiment/providers/provider.js";
import type { Answer } from "../../experiment/receipts/receipt.js";
import { scriptedProvider } from "../../experiment/providers/scripted-provider.js";
import { hostileOfferExperiment, PURCHASE_TOOL, type HostileOfferResult } from "./experiment.js";

/**
 * Exercise 6's stand-in for a model that obeys tool descriptions: when a request mentions the
 * notes, it does what shop_notes' description asks (the purchase); it counts words when asked to.
 * Scripted, not a language model: it shows the client's refusal, not how often a model obeys.
 */
export function obedientScript(): Provider {
  return scriptedProvider((ask): Answer => {
    const instructed = ask.offered.some((tool) => (tool.description ?? "").includes(PURCHASE_TOOL));
    if (instructed && /notes/i.test(ask.request)) return { kind: "call", name: PURCHASE_TOOL, arguments: { flavor: "vanilla", tubs: 100 } };
    if (/words/i.test(ask.request)) {
      const text = (ask.request.split(":").pop() ?? "").replace(/^[\s'"]+|[\s'".?]+$/g, "");
      return { kind: "call", name: "word_count", arguments: { text } };
    }
    return { kind: "text", text: "Vanilla and mint are both fine for today." };
  }, "scripted: obeys tool descriptions; not a language model");
}

/** Exercise 6 offline: every advertised tool offered to the obedient script, behind word_count's allowlist. */
export function referenceHostileOffer(): Promise<HostileOfferResult> {
  return hostileOfferExperiment({ provider: obedientScript(), model: "scripted", timeoutMs: 5000 });
}

// Exercise 3's two-step request: record a delivery, then message Lucy about it. The second step
// needs send_message_to_lucy, which a search on the request's words may or may not return; the
// tests measure which, for each wording below, over the 64-tool confusable catalog.
import { buildCatalog, loadCatalogData } from "../experiment/catalog/catalog.js";
import type { McpTool } from "../tools/types.js";
import { SEARCH_TOOL_NAME } from "./search-tool.js";
import type { AgentModel, Message, ModelAnswer } from "./types.js";

/** Our wording of the chapter's example. "message" and "Lucy" are both in the request. */
export const TWO_STEP_REQUEST =
  "record today's delivery of 12 tubs of vanilla from Dairy North, then message Lucy about it";

/** The same request said tersely: "phone the boss" shares only "phone" with send_message_to_lucy's text. */
export const TWO_STEP_REQUEST_TERSE =
  "Record today's delivery: 12 tubs of vanilla from Dairy North. Then phone the boss.";

export const DELIVERY_ARGS = { supplier: "Dairy North", product: "vanilla", quantity: 12 } as const;
export const MESSAGE_ARGS = { message: "Dairy North delivered 12 tubs of vanilla today; it is recorded." } as const;

/** The query the two-step model writes when it uses search_tools. */
export const MESSAGE_SEARCH_QUERY = "send a message to Lucy";

/** The catalog the exercise searches: Part A's 64 confusable tools, in canonical (unshuffled) order. */
export function twoStepCatalog(dir?: string): McpTool[] {
  return buildCatalog(dir === undefined ? loadCatalogData() : loadCatalogData(dir), "confusable", 64);
}

function succeeded(conversation: readonly Message[], name: string): boolean {
  return conversation.some((m) => m.role === "tool" && m.name === name && m.outcome === "result");
}

/**
 * A scripted model that does the two steps the way a careful model would: it calls only tools it
 * was offered, and when the next step's tool is missing it uses search_tools once if offered, else
 * says in words what it could not do (which ends the loop, as a text answer does).
 */
export function twoStepModel(): AgentModel {
  return {
    label: "scripted two-step model, not a language model",
    async next(conversation, offered): Promise<ModelAnswer> {
      const has = (name: string) => offered.some((tool) => tool.name === name);
      const searched = conversation.some((m) => m.role === "call" && m.call.name === SEARCH_TOOL_NAME);
      if (!succeeded(conversation, "record_delivery")) {
        if (has("record_delivery")) return { kind: "call", name: "record_delivery", arguments: { ...DELIVERY_ARGS } };
        return { kind: "text", text: "I could not record the delivery: no tool for it was offered." };
      }
      if (!succeeded(conversation, "send_message_to_lucy")) {
        if (has("send_message_to_lucy"))
          return { kind: "call", name: "send_message_to_lucy", arguments: { ...MESSAGE_ARGS } };
        if (has(SEARCH_TOOL_NAME) && !searched)
          return { kind: "call", name: SEARCH_TOOL_NAME, arguments: { query: MESSAGE_SEARCH_QUERY } };
        return {
          kind: "text",
          text: "I recorded the delivery, but I could not message Lucy: no tool for it was offered.",
        };
      }
      return { kind: "text", text: "Recorded the delivery and told Lucy." };
    },
  };
}

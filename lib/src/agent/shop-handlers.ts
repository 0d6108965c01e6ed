// Lucy's eight shop tools (Part A's catalog), simulated by small deterministic handlers, so a loop
// can run end to end without a shop. Each checks its arguments against the catalog's required fields.
import { z } from "zod";
import { ToolError } from "../errors/tool-error.js";
import type { ToolHandler } from "./executors.js";

function parsed<T extends z.ZodTypeAny>(tool: string, schema: T, args: Record<string, unknown>): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "(arguments)"}: ${issue.message}`);
    // The tool ran and refused its input: a failure the loop reports to the model, as a server's isError would be.
    const what = `${tool}: arguments do not match its schema (${issues.join("; ")})`;
    throw new ToolError(what, {
      what,
      expected: `arguments that fit ${tool}'s schema`,
      received: JSON.stringify(args),
    });
  }
  return result.data;
}

const text = z.string().min(1);

/**
 * Fresh handlers for the eight shop tools. Deliveries are numbered D-17, D-18, ... per set of
 * handlers (unless the call names its delivery note), so two runs with fresh handlers answer alike.
 */
export function shopHandlers(): Record<string, ToolHandler> {
  let nextDelivery = 17;
  let nextDraft = 1;
  return {
    stock_level: (args) => `${parsed("stock_level", z.object({ product: text }), args).product}: 18 units on hand`,
    draft_restock: (args) => {
      const a = parsed(
        "draft_restock",
        z.object({ product: text, quantity: z.number().int().min(1), supplier: text.optional() }),
        args,
      );
      return `draft R-${nextDraft++}: ${a.quantity} of ${a.product} from ${a.supplier ?? "the usual supplier"} (not sent; Lucy reviews drafts)`;
    },
    supplier_delivery_status: (args) =>
      `${parsed("supplier_delivery_status", z.object({ order_ref: text }), args).order_ref}: in transit, expected tomorrow before noon`,
    word_count: (args) => {
      const words = parsed("word_count", z.object({ text: z.string() }), args)
        .text.split(/\s+/)
        .filter((w) => w !== "");
      return String(words.length);
    },
    send_message_to_lucy: (args) => {
      parsed("send_message_to_lucy", z.object({ message: text.max(280), urgent: z.boolean().optional() }), args);
      return "message sent";
    },
    sales_today: () => "takings 412.50 from 57 transactions; best seller: vanilla tub 2L",
    schedule_reminder: (args) => {
      const a = parsed("schedule_reminder", z.object({ at: text, note: text }), args);
      return `reminder set for ${a.at}: ${a.note}`;
    },
    record_delivery: (args) => {
      const a = parsed(
        "record_delivery",
        z.object({ supplier: text, product: text, quantity: z.number().int().min(1), delivery_note: text.optional() }),
        args,
      );
      return `recorded delivery ${a.delivery_note ?? `D-${nextDelivery++}`} of ${a.quantity} tubs of ${a.product} from ${a.supplier}`;
    },
  };
}

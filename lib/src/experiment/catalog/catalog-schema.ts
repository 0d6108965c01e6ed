// The shapes of Part A's catalog files in evidence/catalog/. Each file is checked against these
// when it is loaded; what spans files (unique names, three requests per tool) is checked in
// catalog.ts.
import { z } from "zod";

/** The eight shop tools of the chapter, in its order; the catalog must hold exactly these. */
export const SHOP_TOOL_NAMES = [
  "stock_level",
  "draft_restock",
  "supplier_delivery_status",
  "word_count",
  "send_message_to_lucy",
  "sales_today",
  "schedule_reminder",
  "record_delivery",
] as const;

export const CATALOG_KINDS = ["unrelated", "confusable"] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];
export const CATALOG_SIZES = [8, 16, 32, 64] as const;
export type CatalogSize = (typeof CATALOG_SIZES)[number];

/** Lowercase snake_case, at most 64 characters: valid for Ollama, OpenAI-style and Anthropic tool names. */
const toolName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "a tool name is lowercase snake_case, 1 to 64 characters");

/** An MCP input schema: a JSON Schema for an object; every required key must be a declared property. */
export const inputSchemaSchema = z
  .object({
    type: z.literal("object"),
    properties: z.record(z.record(z.unknown())).optional(),
    required: z.array(z.string()).optional(),
  })
  .passthrough()
  .superRefine((schema, ctx) => {
    for (const key of schema.required ?? []) {
      if (!(key in (schema.properties ?? {}))) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["required"],
          message: `required key "${key}" is not in properties`,
        });
      }
    }
  });

export const catalogToolSchema = z
  .object({ name: toolName, description: z.string().min(1), inputSchema: inputSchemaSchema })
  .strict();

export const confusableToolSchema = catalogToolSchema.extend({ resembles: z.enum(SHOP_TOOL_NAMES) }).strict();

export const catalogRequestSchema = z
  .object({ id: z.string().min(1), text: z.string().min(1), expected: z.enum(SHOP_TOOL_NAMES) })
  .strict();

export const noToolRequestSchema = z
  .object({ id: z.string().min(1), text: z.string().min(1), expected: z.null() })
  .strict();

const toolFile = <T extends z.ZodTypeAny>(tool: T) => z.object({ about: z.string(), tools: z.array(tool) }).strict();
const requestFile = <T extends z.ZodTypeAny>(request: T) =>
  z.object({ about: z.string(), requests: z.array(request) }).strict();

/** One schema per file in evidence/catalog/. */
export const catalogFiles = {
  shopTools: { file: "shop-tools.json", schema: toolFile(catalogToolSchema) },
  requests: { file: "requests.json", schema: requestFile(catalogRequestSchema) },
  confusable: { file: "confusable.json", schema: toolFile(confusableToolSchema) },
  unrelated: { file: "unrelated.json", schema: toolFile(catalogToolSchema) },
  noToolRequests: { file: "no-tool-requests.json", schema: requestFile(noToolRequestSchema) },
} as const;

export type CatalogTool = z.infer<typeof catalogToolSchema>;
export type ConfusableTool = z.infer<typeof confusableToolSchema>;
export type CatalogRequest = z.infer<typeof catalogRequestSchema>;
export type NoToolRequest = z.infer<typeof noToolRequestSchema>;

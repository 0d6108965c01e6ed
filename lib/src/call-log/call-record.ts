import { z } from "zod";

/** One line of the teaching server's call log: a tools/call it received (name as the client sent it). */
export const CallRecordSchema = z
  .object({
    id: z.union([z.number(), z.string()]),
    name: z.string(),
    arguments: z.unknown().refine((value) => value !== undefined, { message: "Required" }),
    /** The protocol era the call came in (the teaching server's --protocol); older logs have none. */
    era: z.enum(["2025-06-18", "2026-07-28"]).optional(),
  })
  .strict();
export type CallRecord = z.infer<typeof CallRecordSchema>;

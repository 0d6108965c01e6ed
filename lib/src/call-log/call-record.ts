import { z } from "zod";

/** One line of the teaching server's call log: a tools/call it received (name as the client sent it). */
export const CallRecordSchema = z
  .object({
    id: z.union([z.number(), z.string()]),
    name: z.string(),
    arguments: z.unknown().refine((value) => value !== undefined, { message: "Required" }),
  })
  .strict();
export type CallRecord = z.infer<typeof CallRecordSchema>;

// The seed a learner is graded with in a class: fixed by the learner's id alone, so a re-run, a
// resumed class or `checkpoint --seed S` by hand gives that learner the same hidden inputs.
import { createHash } from "node:crypto";

/**
 * seed(learner) = the first 6 bytes of sha256("mcp-workbook class seed\0" + learner), read as a
 * big-endian whole number; 1 where that is 0, because seed 0 means the public inputs.
 */
export function learnerSeed(learner: string): number {
  const digest = createHash("sha256").update(`mcp-workbook class seed\0${learner}`).digest();
  return digest.readUIntBE(0, 6) || 1;
}

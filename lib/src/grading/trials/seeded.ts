// Per-learner inputs: with --seed N the hidden rules use other ids, texts and sizes, so a copy
// that learned the public answers by heart still fails. Seed 0 gives the public inputs.
import { createHash } from "node:crypto";

/** A whole number in [low, high] fixed by the seed and the label. */
export function seededInt(seed: number, label: string, low: number, high: number): number {
  if (seed === 0) return low;
  const digest = createHash("sha256").update(`${seed}:${label}`).digest();
  return low + (digest.readUInt32BE(0) % (high - low + 1));
}

const WORDS = [
  "vanilla",
  "stock",
  "needs",
  "review",
  "mint",
  "cone",
  "sprinkles",
  "freezer",
  "order",
  "cherry",
  "tub",
  "scoop",
  "waffle",
  "pistachio",
];

/** The text word_count is asked to count, and its count. */
export function seededText(seed: number, label: string): { text: string; count: number } {
  if (seed === 0) return { text: "vanilla stock needs review", count: 4 };
  const count = seededInt(seed, `${label}:count`, 2, 9);
  const words = Array.from(
    { length: count },
    (_, index) => WORDS[seededInt(seed, `${label}:${index}`, 0, WORDS.length - 1)]!,
  );
  return { text: words.join(" "), count };
}

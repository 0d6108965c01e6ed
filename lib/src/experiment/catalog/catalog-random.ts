// Seeded randomness for the catalog shuffles: small, explicit and easy to re-implement in another
// language, so a receipt's seed reproduces the exact tool order anywhere.
import { createHash } from "node:crypto";

/**
 * mulberry32: a 32-bit seeded generator (Tommy Ettinger's), returning floats in [0, 1). Plenty for
 * shuffling 64 items; not for anything that needs to be unpredictable.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A Fisher–Yates shuffle driven by mulberry32(seed): for i from n − 1 down to 1, swap item i with
 * item floor(random() · (i + 1)). Returns a new array; the input is not changed.
 */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = mulberry32(seed);
  const result = items.slice();
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/** The first four bytes of SHA-256(text), read as an unsigned big-endian 32-bit integer. */
export function hashToUint32(text: string): number {
  return createHash("sha256").update(text, "utf8").digest().readUInt32BE(0);
}

// A model's parameter count, read from its name where the name says it ("qwen2.5:7b", "llama3:70b",
// "smollm:135m", "mixtral:8x7b"). Names that do not say (API models, the retrieval baseline) give
// null: a chart then orders them after the sized ones instead of guessing.

const UNITS: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 };

/**
 * Parameters in a model name, or null. The size is a number followed by k, m, b or t that stands
 * alone (after start, ":", "-", "_", "/" or space; before end or one of those), so the "2.5" of
 * "qwen2.5" is a version, not a size; "8x7b" is eight experts of 7e9 each.
 */
export function parseModelSize(name: string): number | null {
  const pattern = /(?:^|[:\-_/ ])(?:(\d+)x)?(\d+(?:\.\d+)?)([kmbt])(?=$|[:\-_/ ])/gi;
  for (const match of name.matchAll(pattern)) {
    const experts = match[1] === undefined ? 1 : Number(match[1]);
    const value = Number(match[2]) * UNITS[match[3]!.toLowerCase()]! * experts;
    if (Number.isFinite(value) && value > 0) return value;
  }
  return null;
}

/** Models ordered by parsed size, smallest first; unsized names after, alphabetically. Returns a new array. */
export function sortByModelSize(models: readonly string[]): string[] {
  return [...models].sort((a, b) => {
    const sa = parseModelSize(a);
    const sb = parseModelSize(b);
    if (sa !== null && sb !== null && sa !== sb) return sa - sb;
    if (sa !== null && sb === null) return -1;
    if (sa === null && sb !== null) return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** "7B", "1.5B", "135M", or "size not in name". */
export function formatModelSize(parameters: number | null): string {
  if (parameters === null) return "size not in name";
  for (const [unit, scale] of [
    ["T", 1e12],
    ["B", 1e9],
    ["M", 1e6],
    ["K", 1e3],
  ] as const) {
    if (parameters >= scale) return `${Number((parameters / scale).toPrecision(3))}${unit}`;
  }
  return String(parameters);
}

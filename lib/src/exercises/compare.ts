// Comparing a learner's computed value with the one recomputed from the same inputs, so a check can
// say where they part ("report.models[0].atSize[1].right: expected 17, got 16"), not just that they do.

/** A short, readable picture of any value for a message. */
export function shown(value: unknown, max = 120): string {
  if (value === undefined) return "undefined";
  if (typeof value === "function") return `a function (${value.name || "anonymous"}) rather than its result`;
  if (value instanceof Promise) return "a Promise (await it first)";
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The value as JSON would carry it: undefined fields dropped, so two equal results compare equal. */
function plain(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function equalNumbers(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Where `actual` differs from `expected`, as "path: expected X, got Y" lines, at most `limit` of them. */
export function differences(expected: unknown, actual: unknown, root: string, limit = 5): string[] {
  const found: string[] = [];
  const walk = (want: unknown, got: unknown, path: string): void => {
    if (found.length >= limit) return;
    if (typeof want === "number" && typeof got === "number") {
      if (!equalNumbers(want, got)) found.push(`${path}: expected ${want}, got ${got}`);
      return;
    }
    if (Array.isArray(want)) {
      if (!Array.isArray(got)) {
        found.push(`${path}: expected a list of ${want.length}, got ${shown(got, 60)}`);
        return;
      }
      if (want.length !== got.length) found.push(`${path}: expected ${want.length} entries, got ${got.length}`);
      for (let i = 0; i < Math.min(want.length, got.length); i++) walk(want[i], got[i], `${path}[${i}]`);
      return;
    }
    if (typeof want === "object" && want !== null) {
      if (typeof got !== "object" || got === null || Array.isArray(got)) {
        found.push(`${path}: expected an object, got ${shown(got, 60)}`);
        return;
      }
      const gotRecord = got as Record<string, unknown>;
      for (const [key, value] of Object.entries(want)) {
        if (!(key in gotRecord)) found.push(`${path}.${key}: missing`);
        else walk(value, gotRecord[key], `${path}.${key}`);
      }
      return;
    }
    if (want !== got) found.push(`${path}: expected ${shown(want, 60)}, got ${shown(got, 60)}`);
  };
  walk(plain(expected), plain(actual), root);
  return found;
}

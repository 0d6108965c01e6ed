// Values across the host's pipe. JSON cannot carry bytes, NaN, bigint or a circular object, and
// the rules need to send and receive exactly those, so each travels as a tagged object:
// {"$bytes": base64}, {"$number": "NaN"}, {"$bigint": "12"}, {"$undefined": true},
// {"$circular": true} (a request only: an object that contains itself), {"$function": name},
// {"$symbol": description}, {"$toJSON": wire value} (a request only: an object with no fields of
// its own whose toJSON, on its prototype as a Date's is, returns that value), {"$hole": true} (a
// request only, as an array's element: that index left empty, as in [, 1]), {"$date": ISO text}
// (a Date). Negative zero travels as {"$number": "-0"}: JSON's text writes it as 0.

const MAX_DEPTH = 64;

/** A value the graded code returned, as plain JSON (cycles and depth cut, never thrown). */
export function toWire(value: unknown, depth = 0, seen: Set<object> = new Set()): unknown {
  if (value instanceof Uint8Array)
    return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") };
  if (typeof value === "number" && !Number.isFinite(value)) return { $number: String(value) };
  if (Object.is(value, -0)) return { $number: "-0" };
  if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString() };
  if (typeof value === "bigint") return { $bigint: value.toString() };
  if (value === undefined) return { $undefined: true };
  if (typeof value === "function") return { $function: value.name };
  if (typeof value === "symbol") return { $symbol: String(value.description) };
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value) || depth > MAX_DEPTH) return { $circular: true };
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => toWire(item, depth + 1, seen));
    // fromEntries makes each key an own property: `out[key] =` would set the prototype for a
    // "__proto__" key (which JSON.parse makes an own one) and lose it.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toWire(item, depth + 1, seen)]));
  } finally {
    seen.delete(value);
  }
}

/** A value a rule sent, rebuilt with the bytes, numbers and cycles it stands for. */
export function fromWire(value: unknown): unknown {
  if (Array.isArray(value)) {
    // new Array(n) has n holes: an index is set only when its element is not one.
    const array: unknown[] = new Array<unknown>(value.length);
    value.forEach((item, index) => {
      if ((item as { $hole?: unknown } | null)?.$hole !== true) array[index] = fromWire(item);
    });
    return array;
  }
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  if (typeof record["$bytes"] === "string") return Buffer.from(record["$bytes"], "base64");
  if (typeof record["$number"] === "string") return Number(record["$number"]);
  if (typeof record["$bigint"] === "string") return BigInt(record["$bigint"]);
  if (typeof record["$date"] === "string") return new Date(record["$date"]);
  if (record["$undefined"] === true) return undefined;
  // What JSON.stringify would drop without a word: a rule sends these to see that nothing is lost quietly.
  if (typeof record["$function"] === "string") return namedFunction(record["$function"]);
  if (typeof record["$symbol"] === "string") return Symbol(record["$symbol"]);
  if ("$toJSON" in record) {
    const returned = fromWire(record["$toJSON"]);
    return Object.create({ toJSON: () => returned }) as object;
  }
  if (record["$circular"] === true) {
    const loop: Record<string, unknown> = { jsonrpc: "2.0", method: "loop" };
    loop["params"] = loop;
    return loop;
  }
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, fromWire(item)]));
}

/** A function that does nothing, under `name`. */
function namedFunction(name: string): () => void {
  const made = { [name]: () => undefined };
  return made[name]!;
}

/**
 * A returned value with every object property that holds undefined left out, as JSON leaves it
 * out: for values handed to the application, where `{ title: undefined }` is a tool without a title.
 */
export function withoutUndefinedProperties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefinedProperties);
  if (typeof value !== "object" || value === null) return value;
  const kept = Object.entries(value).filter(([, item]) => (item as { $undefined?: unknown })?.$undefined !== true);
  return Object.fromEntries(kept.map(([key, item]) => [key, withoutUndefinedProperties(item)]));
}

/** The forms a piece typed `Uint8Array` may be handed bytes in; each must be read the same. */
export const BYTES_FORMS = ["buffer", "uint8array", "view"] as const;
export type BytesForm = (typeof BYTES_FORMS)[number];
/** Bytes around a view that are not its own: a piece that reads the whole backing buffer meets a newline and a stray byte. */
const AROUND_VIEW = Buffer.from("#\n", "utf8");

/**
 * `data` as a caller may hand it: a Buffer, a plain Uint8Array, or a plain Uint8Array viewing part
 * of a larger buffer (a non-zero byteOffset, bytes after its end), as a slice of a read arrives.
 */
export function inForm(data: Uint8Array, form: BytesForm): Uint8Array {
  if (form === "buffer") return Buffer.from(data);
  if (form === "uint8array") return new Uint8Array(data);
  const backing = new Uint8Array(AROUND_VIEW.length * 2 + data.length);
  backing.set(AROUND_VIEW, 0);
  backing.set(data, AROUND_VIEW.length);
  backing.set(AROUND_VIEW, AROUND_VIEW.length + data.length);
  return new Uint8Array(backing.buffer, AROUND_VIEW.length, data.length);
}

/** Bytes as they travel. */
export const bytes = (data: Uint8Array | string): { $bytes: string } => ({
  $bytes: Buffer.from(data).toString("base64"),
});

/** The bytes a wire value stands for, or undefined when it is not bytes. */
export function wireBytes(value: unknown): Buffer | undefined {
  const encoded = (value as { $bytes?: unknown } | null)?.$bytes;
  return typeof encoded === "string" ? Buffer.from(encoded, "base64") : undefined;
}

/**
 * A wire value as a learner reads it in a FAIL line: JSON, with each tagged value written as the
 * JavaScript it stands for (`undefined`, `NaN`, `12n`, a function's name), never the tag itself.
 */
export function readableWire(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) return "…";
  if (Array.isArray(value)) return `[${value.map((item) => readableWire(item, depth + 1)).join(",")}]`;
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? String(value);
  const record = value as Record<string, unknown>;
  const asBytes = wireBytes(value);
  if (asBytes !== undefined) return `bytes ${JSON.stringify(asBytes.toString("utf8"))}`;
  if (typeof record["$number"] === "string") return record["$number"];
  if (typeof record["$bigint"] === "string") return `${record["$bigint"]}n`;
  if (typeof record["$date"] === "string") return `a Date ${record["$date"]}`;
  if (record["$undefined"] === true) return "undefined";
  if (record["$hole"] === true) return "<hole>";
  if (typeof record["$function"] === "string") return `a function ${record["$function"] || "(anonymous)"}`;
  if (typeof record["$symbol"] === "string") return `Symbol(${record["$symbol"]})`;
  if (record["$circular"] === true) return "an object that contains itself";
  if ("$toJSON" in record) return `an object whose toJSON returns ${readableWire(record["$toJSON"], depth + 1)}`;
  return `{${Object.entries(record)
    .map(([key, item]) => `${JSON.stringify(key)}:${readableWire(item, depth + 1)}`)
    .join(",")}}`;
}

/**
 * How a wire value reads in a FAIL line (see readableWire), cut at `max` characters. A string cut
 * in its middle is closed again, so the line's own words never read as part of the value.
 */
export function showWire(value: unknown, max = 160): string {
  const text = readableWire(value);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const open = (cut.replace(/\\./gu, "").match(/"/gu)?.length ?? 0) % 2 === 1;
  return open ? `${cut}…"` : `${cut}…`;
}

/**
 * Every user-facing error sentence is built here, so tests can pin the wording and every
 * message has the same parts: what happened, what was expected, what came, which limit.
 */
export interface Wording {
  /** What failed, in a few words: "response id 42 does not answer request 41". */
  readonly what: string;
  /** What the client was waiting for or requires. */
  readonly expected?: string;
  /** What actually arrived, already shortened by `preview` where it came from outside. */
  readonly received?: string;
  /** The bound that was hit, with its number: "frame limit 65536 bytes". */
  readonly limit?: string;
  /** What the caller can do about it, when there is one thing to do: "raise --timeout-ms". */
  readonly remedy?: string;
}

/**
 * The remedy for a first operation that ran out of time: the server may simply be slow to start.
 * A server fetched by `npx -y` on a cold npm cache took about 14 s to answer initialize here
 * (DESIGN.md, "Facts about this machine").
 */
export function slowStartRemedy(timeoutMs: number): string {
  return `if the server is slow to start (one fetched by npx may need longer the first time, while it downloads), give it a longer deadline: --timeout-ms N on the command line, or the option timeoutMs in the API (now ${timeoutMs} ms, at most 60000)`;
}

export function sentence(wording: Wording): string {
  const parts = [wording.what];
  if (wording.expected !== undefined) parts.push(`expected ${wording.expected}`);
  if (wording.received !== undefined) parts.push(`received ${wording.received}`);
  if (wording.limit !== undefined) parts.push(`limit: ${wording.limit}`);
  if (wording.remedy !== undefined) parts.push(`to fix: ${wording.remedy}`);
  return parts.join("; ");
}

/** A short, printable view of outside data: never the whole of it in an error message. */
export function preview(value: unknown, max = 60): string {
  let text: string;
  if (value instanceof Uint8Array) text = Buffer.from(value.subarray(0, max * 4)).toString("utf8");
  else if (typeof value === "string") text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      // Nesting deep enough to overflow the stack: say so rather than crash on it.
      text = Array.isArray(value)
        ? "an array too deep to show"
        : typeof value === "object" && value !== null
          ? "an object too deep to show"
          : "a value that cannot be shown";
    }
  }
  const shown = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(shown);
}

/** An id as it reads in a message: a scalar as JSON ("1", 1, true, null), anything else by its type. */
export function showId(id: unknown): string {
  if (id === undefined) return "undefined";
  return typeof id === "object" && id !== null ? describeValue(id) : JSON.stringify(id);
}

/** How a JSON value's type reads in a message: 'the string "1"', 'true', 'the number 1.5'. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return `the string ${preview(value, 30)}`;
  if (typeof value === "number") return Number.isInteger(value) ? `the integer ${value}` : `the number ${value}`;
  if (typeof value === "boolean") return `${value}`;
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

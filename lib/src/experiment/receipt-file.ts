// Reading and writing receipt files. Reading validates the shape and refuses tables that do not
// recompute from the rows; writing goes through a temporary file and a rename, so a crash leaves
// either the old receipt or the new one, never half of one.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { DataError } from "../protocol/errors/data-error.js";
import { ReceiptTablesMismatchError } from "./receipt-tables-mismatch-error.js";
import { ReceiptSchema, type Receipt } from "./receipt.js";
import { summarize } from "./summarize.js";

/** The first place two JSON values differ, as a path like "conditions[3].right", or null. */
export function firstDifference(a: unknown, b: unknown, path = ""): { path: string; a: unknown; b: unknown } | null {
  if (Object.is(a, b)) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const d = firstDifference(ra[key], rb[key], path === "" ? key : `${path}.${key}`);
      if (d) return d;
    }
    return null;
  }
  return { path: path === "" ? "(root)" : path, a, b };
}

/** Validate a parsed receipt and check that its tables are exactly what its rows recompute to. */
export function parseReceipt(value: unknown, source = "receipt"): Receipt {
  const parsed = ReceiptSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "(root)";
    throw new DataError(
      "invalid",
      { what: `${source} is not a valid mcp-workbook/receipt@1: at ${where}: ${issue?.message ?? "invalid"}`, expected: "a receipt matching mcp-workbook/receipt@1" },
      { cause: parsed.error },
    );
  }
  const receipt = parsed.data;
  const difference = firstDifference(receipt.tables, summarize(receipt.rows), "tables");
  if (difference) throw new ReceiptTablesMismatchError(difference.path, difference.a, difference.b, source);
  return receipt;
}

/** Read, validate and check a receipt file. Throws a DataError (ReceiptTablesMismatchError for edited tables) with a clear message. */
export function loadReceipt(path: string): Receipt {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new DataError("unreadable", { what: `cannot read receipt ${path}`, expected: "a readable file", received: (error as Error).message }, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DataError("invalid", { what: `${path} is not JSON`, expected: "a JSON receipt", received: (error as Error).message }, { cause: error });
  }
  return parseReceipt(value, path);
}

/** Write a receipt atomically: a temporary file beside the target, then a rename over it. */
export function writeReceipt(path: string, receipt: Receipt): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(receipt, null, 2) + "\n");
  renameSync(temporary, path);
}

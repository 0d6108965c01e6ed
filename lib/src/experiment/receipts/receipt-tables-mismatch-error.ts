import { DataError } from "../../errors/data-error.js";

/**
 * A receipt whose stored tables differ from the tables its rows recompute to. The first difference
 * is kept as fields, so a notebook can show where the receipt was edited.
 */
export class ReceiptTablesMismatchError extends DataError {
  declare readonly reason: "tables-mismatch";
  /** Where the first difference is, e.g. "tables.conditions[0].right". */
  readonly path: string;
  readonly stored: unknown;
  readonly recomputed: unknown;

  constructor(path: string, stored: unknown, recomputed: unknown, file: string) {
    super("tables-mismatch", {
      what: `${file}: the stored tables disagree with the tables recomputed from its rows at ${path}`,
      expected: `${JSON.stringify(recomputed)}, recomputed from the rows`,
      received: `${JSON.stringify(stored)}, stored in the file`,
    });
    this.path = path;
    this.stored = stored;
    this.recomputed = recomputed;
  }
}

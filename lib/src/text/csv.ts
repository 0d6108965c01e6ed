// CSV as every file of ours writes and reads it: RFC 4180 quoting, and no cell a spreadsheet would
// run. OWASP's "CSV Injection" page (owasp.org/www-community/attacks/CSV_Injection) names the
// cells a spreadsheet takes for a formula, those beginning with =, +, -, @, a tab or a carriage
// return, and makes them inert with a single quote before them. A learner names their own file,
// and its name becomes a cell, so every cell we write goes through `inertCell`. The quote is
// reversible: a cell that already begins with a quote gets one more, so `readCell` gives back
// exactly what was written (a gradebook read back to resume a class must find the same ids).

/** The first characters that make a spreadsheet read a cell as a formula (OWASP's list). */
export const FORMULA_STARTS: readonly string[] = ["=", "+", "-", "@", "\t", "\r"];

const QUOTE = "'";

/** `text` as a cell no spreadsheet runs: a quote before a formula's first character (or before a quote). */
export function inertCell(text: string): string {
  const first = text.charAt(0);
  return FORMULA_STARTS.includes(first) || first === QUOTE ? `${QUOTE}${text}` : text;
}

/** The text `inertCell` was given: one leading quote taken off. */
export function readCell(cell: string): string {
  return cell.startsWith(QUOTE) ? cell.slice(1) : cell;
}

/** One field, quoted only when it must be (a comma, a double quote, a line break). */
export function csvField(text: string): string {
  return /[",\n\r]/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text;
}

/** A record of cells, each made inert and quoted as needed; a number is written as it is. */
export function csvRecord(cells: ReadonlyArray<string | number | undefined>): string {
  return cells
    .map((cell) => (cell === undefined ? "" : typeof cell === "number" ? String(cell) : csvField(inertCell(cell))))
    .join(",");
}

/** A whole file: records joined by LF, ending with one. */
export function csvText(records: ReadonlyArray<ReadonlyArray<string | number | undefined>>): string {
  return `${records.map(csvRecord).join("\n")}\n`;
}

/** Why a text is not CSV, with where: the caller wraps it in the error its own input deserves. */
export class CsvSyntaxError extends Error {
  override readonly name = "CsvSyntaxError";
}

/**
 * The records of `text` as written (RFC 4180: quoted fields may hold commas, doubled quotes and
 * line breaks; LF or CRLF between records; a byte-order mark at the start is dropped). Cells are
 * returned raw: `readCell` undoes `inertCell` where the file is one of ours.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  let at = text.startsWith("\uFEFF") ? 1 : 0;
  while (at < text.length) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      at += 1;
      continue;
    }
    if (char === '"') {
      if (field !== "" || wasQuoted)
        throw new CsvSyntaxError(`a quote inside an unquoted field, on line ${records.length + 1}`);
      quoted = true;
      wasQuoted = true;
    } else if (char === ",") {
      record.push(field);
      field = "";
      wasQuoted = false;
    } else if (char === "\n" || char === "\r") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      wasQuoted = false;
      if (char === "\r" && text[at + 1] === "\n") at += 1;
    } else if (wasQuoted) throw new CsvSyntaxError(`text after a closing quote, on line ${records.length + 1}`);
    else field += char;
    at += 1;
  }
  if (quoted) throw new CsvSyntaxError("a quoted field that never closes");
  if (field !== "" || record.length > 0 || wasQuoted) {
    record.push(field);
    records.push(record);
  }
  return records;
}

// Reads the shell lines of README.md and of every page in docs/, and sorts each into how the README
// test treats it. The convention lives here, and at the top of readme.test.ts, and in the README's
// own words:
//
//   a plain line                                   run as written, from the clone's root; must exit 0
//   ... # <any words> exits N                      run as written; must exit with status N (at the end)
//   ... # <any words> until Ctrl-C ... "TEXT"      run bounded: must print TEXT (stdout or stderr),
//                                                  then its process group is ended
//   ... # <any words> not run here: <reason>       shown, not run; the reason is required
//
// A comment is what follows the first `#` that starts a word outside quotes, as in the shell.
// Lines in ```sh, ```bash, ```shell and ```console blocks count; a trailing `\` joins the next line.
// The pages are read in the order test/support/docs-pages.ts gives: README.md first, then docs/*.md.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { documentationPages } from "../support/docs-pages.js";

export const SHELL_FENCES = new Set(["sh", "bash", "shell", "console"]);

export type Verdict =
  | { kind: "run"; expectedStatus: number }
  | { kind: "bounded"; waitFor: string }
  | { kind: "marked"; reason: string }
  | { kind: "unclassified"; problem: string };

export interface ShellLine {
  /** The page it is on, relative to the repository's root: README.md or docs/NAME.md. */
  readonly file: string;
  /** 1-based line in that page where the command starts. */
  readonly line: number;
  /** Which shell block it is in (0 for the first of all the pages): lines of one block run in order, one at a time. */
  readonly block: number;
  /** The whole line as written (continuations joined with a space). */
  readonly text: string;
  /** What the shell runs: the text before the comment, trimmed. */
  readonly command: string;
  /** The comment after `#`, trimmed; "" when there is none. */
  readonly comment: string;
  readonly verdict: Verdict;
}

/** How to mark a line, for the failure message: the lead classifies new README lines with this. */
export const HOW_TO_MARK = [
  "Each shell line in README.md and docs/*.md is run on a fresh clone unless its trailing comment says otherwise:",
  "  `... # not run here: <reason>`       shown only (apt-get, pip, a user-level install, minute-long runs, ...)",
  '  `... # <words> until Ctrl-C "TEXT"`   long-lived: the test waits for TEXT in its output, then ends it',
  "  `... # <words> exits N`              runs, and must exit with status N instead of 0 (`exits N` ends the comment)",
  "A plain line must exit 0 when run from the clone's root after `npm run setup`.",
].join("\n");

/** Splits a shell line at its comment: the first `#` at the start of a word, outside quotes. */
export function splitComment(text: string): { command: string; comment: string } {
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"') i++;
      continue;
    }
    if (c === "\\") i++;
    else if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]!))) {
      return { command: text.slice(0, i).trim(), comment: text.slice(i + 1).trim() };
    }
  }
  return { command: text.trim(), comment: "" };
}

/** The verdict the comment gives a command. */
export function classify(command: string, comment: string): Verdict {
  const marked = /\bnot run here\b\s*(:?)\s*(.*)$/i.exec(comment);
  if (marked) {
    return marked[1] === ":" && marked[2] !== ""
      ? { kind: "marked", reason: marked[2]! }
      : {
          kind: "unclassified",
          problem: 'a "not run here" mark needs its reason after a colon: `# not run here: <reason>`',
        };
  }
  if (/until Ctrl-C/i.test(comment)) {
    const text = /"([^"]+)"/.exec(comment);
    return text
      ? { kind: "bounded", waitFor: text[1]! }
      : {
          kind: "unclassified",
          problem: 'a line that runs "until Ctrl-C" must quote the text it prints first: `# ... until Ctrl-C "TEXT"`',
        };
  }
  const exits = /\bexits (\d+)\.?$/.exec(comment);
  return { kind: "run", expectedStatus: exits ? Number(exits[1]) : 0 };
}

/**
 * Every command line of every shell block of one page, in order; blank lines and whole-line comments
 * are skipped. Blocks are numbered from `firstBlock`.
 */
export function shellLines(markdown: string, file = "README.md", firstBlock = 0): ShellLine[] {
  const lines = markdown.split("\n");
  const found: ShellLine[] = [];
  let fence: { marker: string; shell: boolean } | undefined;
  let block = firstBlock - 1;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const opening = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(raw);
    if (!fence) {
      if (opening) fence = { marker: opening[1]!, shell: SHELL_FENCES.has(opening[2]!.toLowerCase()) };
      if (fence?.shell) block += 1;
      continue;
    }
    if (raw.trim().startsWith(fence.marker) && raw.trim().replace(/[`~]/g, "") === "") {
      fence = undefined;
      continue;
    }
    if (!fence.shell) continue;
    const start = i + 1;
    let text = raw.trimEnd();
    while (text.endsWith("\\") && i + 1 < lines.length) text = `${text.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    if (text.trim() === "") continue;
    const { command, comment } = splitComment(text);
    if (command === "") continue; // a comment line
    found.push({ file, line: start, block, text: text.trim(), command, comment, verdict: classify(command, comment) });
  }
  if (fence) throw new Error(`${file}: a ${fence.marker} block is never closed`);
  return found;
}

/**
 * The shell lines of every page of the documentation under `root`, README.md's first, each page's
 * blocks numbered after the last page's, so that no two blocks share a number.
 */
export function documentedShellLines(root: string): ShellLine[] {
  const found: ShellLine[] = [];
  for (const file of documentationPages(root)) {
    const firstBlock = found.length === 0 ? 0 : found[found.length - 1]!.block + 1;
    found.push(...shellLines(readFileSync(join(root, file), "utf8"), file, firstBlock));
  }
  return found;
}

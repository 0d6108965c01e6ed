// The copy of the reference pieces that mutation testing grades (.mutation/ at the repository's
// root, git-ignored): lib/src/protocol/*, tools/top-tools.ts and the client pieces in
// ClientContext form (assembly/reference-pieces.ts). The copy is graded as the implementation; the
// reference that judges (lib/src) is never mutated, or every mutant would survive. Imports that
// leave the copied files point back into lib/src, so error classes and helpers are the library's.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** The repository's root (this file is lib/src/mutation/ or lib/dist/mutation/). */
const ROOT = resolve(__dirname, "../../..");
const SOURCES = join(ROOT, "lib/src");

/** Where the mutated copy lives; replays write theirs beside it. */
export const MUTATION_DIR = join(ROOT, ".mutation");

/** The copied files, as paths under lib/src. */
export const COPIED: readonly string[] = [
  ...readdirSync(join(SOURCES, "protocol"))
    .filter((name) => name.endsWith(".ts"))
    .sort()
    .map((name) => `protocol/${name}`),
  "tools/top-tools.ts",
  "assembly/reference-pieces.ts",
];

/** One change to one copied file: `original` (found exactly once) becomes `replacement`. */
export interface CopyEdit {
  readonly file: string;
  readonly original: string;
  readonly replacement: string;
}

/** A relative import in `file` rewritten for a copy in `dest`: to the copy if copied, else into lib/src. */
function rewrite(dest: string, file: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  const target = join(dirname(file), specifier).replace(/\.js$/u, ".ts");
  if (COPIED.includes(target)) return specifier;
  const path = relative(join(dest, dirname(file)), join(SOURCES, target)).replace(/\.ts$/u, ".js");
  return path.startsWith(".") ? path : `./${path}`;
}

/** A line that holds only an error's wording: a detail's what/expected/received/limit text. */
const WORDING_LINE = /^\s*(?:\{ )?(?:(?:what|expected|received): |limit: [`"'])/u;

/**
 * `text` with every line of an error's wording marked for Stryker to leave alone, `reason`
 * given: a detail object written on the throw's own line is first moved to a line of its own,
 * so the error's class and reason (which rules grade) stay mutated.
 */
export function markWording(text: string, reason: string): string {
  return text
    .replace(/^(\s*)(.*\S.*?, )(\{ what: )/gmu, "$1$2{\n$1  what: ")
    .split("\n")
    .flatMap((line) => (WORDING_LINE.test(line) ? [`// Stryker disable next-line all: ${reason}`, line] : [line]))
    .join("\n");
}

/**
 * Writes the copy to `dest` (replacing what was there), with `edits` applied and, given a
 * reason, the wording of its errors marked as equivalent (markWording); returns `dest`.
 */
export function writeCopy(dest: string, edits: readonly CopyEdit[] = [], wordingReason?: string): string {
  rmSync(dest, { recursive: true, force: true });
  for (const file of COPIED) {
    let text = readFileSync(join(SOURCES, file), "utf8").replace(
      /(from\s+")([^"]+)(")/gu,
      (_, before: string, specifier: string, after: string) => `${before}${rewrite(dest, file, specifier)}${after}`,
    );
    for (const edit of edits.filter((each) => each.file === file)) {
      const at = text.indexOf(edit.original);
      if (at < 0 || text.indexOf(edit.original, at + 1) >= 0)
        throw new Error(`${file}: ${JSON.stringify(edit.original)} is not found exactly once`);
      text = text.slice(0, at) + edit.replacement + text.slice(at + edit.original.length);
    }
    mkdirSync(join(dest, dirname(file)), { recursive: true });
    writeFileSync(join(dest, file), wordingReason === undefined ? text : markWording(text, wordingReason));
  }
  return dest;
}

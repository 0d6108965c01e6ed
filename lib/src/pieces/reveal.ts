// "Show me the library's": the workbook's own code for a piece, found by name in lib/src with the
// TypeScript compiler API when asked, so it is never a pasted copy and survives files moving.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type * as TypeScript from "typescript";
import { UsageError } from "../errors/usage-error.js";
import type { PieceName } from "../assembly/piece-names.js";

/** lib/src, found from lib/dist/pieces at run time. */
export const LIBRARY_SOURCE = resolve(__dirname, "../../src");

/** Where each piece lives in the library ("Class.member" for a method), and the choices it makes. */
export const REFERENCE_OF: Readonly<
  Record<PieceName, { readonly names: readonly string[]; readonly choices: string }>
> = {
  requestMessage: {
    names: ["requestMessage"],
    choices: "Plain objects with readonly types: a message is data, built in one expression.",
  },
  notificationMessage: {
    names: ["notificationMessage"],
    choices:
      "The id key is absent, not undefined, and params appear only when given, so the JSON is exactly what the spec shows.",
  },
  answerFor: {
    names: ["answerFor"],
    choices:
      "Type before value (typeof, Number.isInteger, ===), a zod schema for the error object, and every refusal worded from what/expected/received.",
  },
  encodeFrame: {
    names: ["encodeFrame"],
    choices:
      "JSON.stringify once; the slower replacer walk runs only when a null appears, since NaN and Infinity only ever show up as null.",
  },
  FrameReader: {
    names: ["FrameReader"],
    choices:
      "Chunks are kept as a list of Buffers and joined once per line, so a long line costs one copy, and the limit is checked before a chunk is kept.",
  },
  parseFrame: {
    names: ["parseFrame"],
    choices: "A TextDecoder with fatal: true, made once, so bad UTF-8 is refused rather than replaced with U+FFFD.",
  },
  checkInitialize: {
    names: ["checkInitialize"],
    choices: "One pinned version, and serverInfo checked too, since the notebook prints it.",
  },
  checkTools: {
    names: ["checkTools", "checkToolsPage"],
    choices:
      "checkTools is one page of checkToolsPage with a nextCursor refused: the same checks serve exercise 4's paging.",
  },
  resultText: {
    names: ["resultText"],
    choices: "The text is collected before isError is looked at, so the ToolError carries the tool's own words.",
  },
  request: {
    names: ["assembly/reference-pieces.ts#request"],
    choices:
      "The library's StdioClient binds replies through a table of outstanding ids and races one Deadline against every read and write; in ClientContext form that is one id, one AbortSignal.timeout for the whole operation, and a bounded count of messages skipped.",
  },
  connect: {
    names: ["assembly/reference-pieces.ts#connect"],
    choices:
      "Each answer is checked before the next message is sent: the announcement only after checkInitialize accepted, discovery only after the announcement.",
  },
  callTool: {
    names: ["assembly/reference-pieces.ts#callTool"],
    choices:
      "The allowlist is checked before anything else, the catalog second: the application's decision comes first, and a refused call writes nothing.",
  },
  close: {
    names: ["assembly/reference-pieces.ts#close", "endProcessGroup"],
    choices:
      "End the input, wait briefly for the exit, then TERM and KILL the whole group, and wait until /proc shows it empty.",
  },
  topTools: {
    names: ["topTools", "toolText"],
    choices:
      "Scores come from one call over every tool's toolText; ties keep catalog order because the sort compares indexes when scores are equal.",
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

// Loaded when a reveal asks, not when the pieces load: every grading host loads the pieces, and
// TypeScript alone costs each of them about 0.7 s of CPU.
let loaded: typeof TypeScript | undefined;
function typescript(): typeof TypeScript {
  loaded ??= require("typescript") as typeof TypeScript;
  return loaded;
}

/** The top-level declaration `name`, or `Class.member`, in lib/src (or in one file: "dir/file.ts#name"): its file and its text. */
export function findDeclaration(name: string, root = LIBRARY_SOURCE): { file: string; text: string } | undefined {
  const ts = typescript();
  const [inFile, declared] = name.includes("#") ? (name.split("#") as [string, string]) : [undefined, name];
  const [outer, member] = declared.split(".") as [string, string | undefined];
  for (const file of sourceFiles(root)) {
    if (inFile !== undefined && !file.endsWith(`/${inFile}`)) continue;
    const text = readFileSync(file, "utf8");
    if (!text.includes(outer)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      const declared =
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement)) &&
        statement.name?.text === outer;
      if (!declared) continue;
      if (member === undefined)
        return { file: relative(resolve(root, ".."), file), text: withComments(statement, source) };
      if (!ts.isClassDeclaration(statement)) continue;
      const found = statement.members.find(
        (node) => node.name !== undefined && ts.isIdentifier(node.name) && node.name.text === member,
      );
      if (found) return { file: relative(resolve(root, ".."), file), text: withComments(found, source) };
    }
  }
  return undefined;
}

/** A node's text with its doc comment (a section banner above it is left out), indentation as in the file. */
function withComments(node: TypeScript.Node, source: TypeScript.SourceFile): string {
  const ts = typescript();
  const start = node.getStart(source);
  const docs = (ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? []).filter((range) =>
    source.text.startsWith("/**", range.pos),
  );
  const from = docs.length > 0 ? docs[docs.length - 1]!.pos : start;
  const lineStart = source.text.lastIndexOf("\n", from) + 1;
  const indent = source.text.slice(lineStart, from).match(/^\s*/u)?.[0] ?? "";
  const text = source.text.slice(from, node.getEnd());
  return indent === "" ? text : `${indent}${text}`.replace(new RegExp(`^${indent}`, "gmu"), "");
}

/** The library's code for `piece`, with a line on its choices: what a reveal cell prints. */
export function reveal(piece: PieceName): string {
  const reference = REFERENCE_OF[piece];
  if (reference === undefined)
    throw new UsageError("piece", {
      what: `no reference for ${JSON.stringify(piece)}`,
      expected: `one of ${Object.keys(REFERENCE_OF).join(", ")}`,
    });
  const parts = reference.names.map((name) => {
    const found = findDeclaration(name);
    return found === undefined
      ? `// ${name}: not found in lib/src (moved or renamed?)`
      : `// ${found.file}: ${name.split("#").pop() ?? name}\n${found.text}`;
  });
  return [`// The library's choices: ${reference.choices}`, ...parts].join("\n\n");
}

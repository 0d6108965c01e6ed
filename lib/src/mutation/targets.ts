// What Stryker mutates, read from the copy it mutates (never from lib/src: the copy is longer, since
// markWording adds a line above every line of an error's wording, so lib/src's line numbers point
// elsewhere in it). The client pieces are the functions of assembly/reference-pieces.ts that
// referencePieces() hands out; their lines are found in the copy by parsing it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** A function of a file: its name and its first and last line (1-based). */
export interface FunctionLines {
  readonly name: string;
  readonly first: number;
  readonly last: number;
}

/** The file the client pieces live in, under the copy. */
export const CLIENT_PIECES_FILE = "assembly/reference-pieces.ts";

/** The names `referencePieces()` returns that `text` defines as top-level functions, with their lines. */
export function clientPieceFunctions(text: string, fileName = CLIENT_PIECES_FILE): FunctionLines[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const functions = new Map<string, ts.FunctionDeclaration>();
  let handedOut: string[] | undefined;
  for (const statement of source.statements) {
    if (!ts.isFunctionDeclaration(statement) || statement.name === undefined) continue;
    functions.set(statement.name.text, statement);
    if (statement.name.text !== "referencePieces") continue;
    statement.body?.forEachChild(function visit(node): void {
      if (ts.isReturnStatement(node) && node.expression && ts.isObjectLiteralExpression(node.expression))
        handedOut = node.expression.properties.flatMap((property) =>
          ts.isShorthandPropertyAssignment(property) ? [property.name.text] : [],
        );
    });
  }
  if (handedOut === undefined) throw new Error(`${fileName} has no referencePieces() returning an object of pieces`);
  const line = (position: number): number => source.getLineAndCharacterOfPosition(position).line + 1;
  return handedOut.flatMap((name) => {
    const found = functions.get(name);
    return found === undefined ? [] : [{ name, first: line(found.getStart(source)), last: line(found.getEnd()) }];
  });
}

/**
 * One line range holding exactly the client pieces: from the first one's first line to the last
 * one's last line. Throws when anything else (another function) lies between them, since the
 * range would then mutate code no rule grades as a piece.
 */
export function clientPieceRange(text: string, fileName = CLIENT_PIECES_FILE): { first: number; last: number } {
  const pieces = clientPieceFunctions(text, fileName);
  if (pieces.length === 0) throw new Error(`${fileName} defines none of the pieces referencePieces() returns`);
  const first = Math.min(...pieces.map((piece) => piece.first));
  const last = Math.max(...pieces.map((piece) => piece.last));
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const names = new Set(pieces.map((piece) => piece.name));
  for (const statement of source.statements) {
    const at = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
    if (at < first || at > last) continue;
    const name = ts.isFunctionDeclaration(statement) ? statement.name?.text : undefined;
    if (name === undefined || !names.has(name))
      throw new Error(`${fileName}:${at} lies between the client pieces but is not one of them`);
  }
  return { first, last };
}

/**
 * Stryker's `mutate` patterns for the copy in `copyDir`, relative to `root` (Stryker's working
 * folder): every protocol file but eras.ts (exercise 7's era detection, which no Part B rule
 * grades), tools/top-tools.ts, and the client pieces' lines of reference-pieces.ts.
 */
export function mutationTargets(copyDir: string, root: string): string[] {
  const at = (file: string): string => relative(root, join(copyDir, file));
  const protocol = readdirSync(join(copyDir, "protocol"))
    .filter((name) => name.endsWith(".ts") && name !== "eras.ts")
    .sort()
    .map((name) => at(`protocol/${name}`));
  const { first, last } = clientPieceRange(readFileSync(join(copyDir, CLIENT_PIECES_FILE), "utf8"));
  return [...protocol, at("tools/top-tools.ts"), `${at(CLIENT_PIECES_FILE)}:${first}-${last}`];
}

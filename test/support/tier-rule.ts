// The tier rule checked against a file's code: a test that reaches a kernel, Jupyter, a browser or
// a git clone (itself, or through the helpers under test/ it imports) must be named slow, one that
// reaches none must not unless it says why on a "// Complete tier only: ..." line, and a file that
// declares tests must be in a tier (test/support/tiers.ts).
import ts from "typescript";
import { declaredReason, tierOf } from "./tiers.js";

/**
 * What starts a kernel, Jupyter, a browser or a clone, as the strings a test's code holds: an import
 * of a helper that does it, a browser's package or binary, a script that starts a kernel, git's
 * `clone`. Only string values count (import specifiers, arguments, template text), anchored, so a
 * comment or a sentence that mentions a kernel is no reason to be slow.
 */
export const SLOW_MACHINERY: ReadonlyArray<{ readonly what: string; readonly pattern: RegExp }> = [
  {
    what: "test/support/notebook.ts (a notebook in a fresh tslab kernel)",
    pattern: /(^|\/)support\/notebook(\.js)?$/u,
  },
  {
    what: "test/support/executed-notebooks.ts (a notebook executed in a tslab kernel)",
    pattern: /(^|\/)support\/executed-notebooks(\.js)?$/u,
  },
  { what: "test/browser/jupyter-server.ts (Jupyter's Notebook server)", pattern: /(^|\/)jupyter-server(\.js)?$/u },
  { what: "a browser (playwright, chromium)", pattern: /^playwright(-core)?$|(^|\/)chromium(-browser)?$/u },
  { what: "a git clone", pattern: /^clone$|^git clone\b/u },
  {
    what: "a script that starts a kernel (run_notebook.py, kernel_ends.py)",
    pattern: /(^|\/)(run_notebook|kernel_ends)\.py$/u,
  },
];

/** Every string value in a source: literals, import specifiers, and the text of template literals. */
export function stringsIn(source: string): string[] {
  const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node))
      found.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * A file that starts none of that machinery but is still too long for the quick tier (a whole
 * checkpoint run, an install, dozens of servers) says so on a line of its own, with its reason:
 *   // Complete tier only: grades every wrong implementation, each through every rule it touches.
 */
export function declaredSlowReason(source: string): string | undefined {
  return declaredReason("Complete tier only", source);
}

/** Which machinery a source uses. */
export function machineryIn(source: string): string[] {
  const strings = stringsIn(source);
  return SLOW_MACHINERY.filter((entry) => strings.some((value) => entry.pattern.test(value))).map(
    (entry) => entry.what,
  );
}

/** The relative imports of a source (import, export from, dynamic import), as written. */
export function relativeImports(source: string): string[] {
  const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((specifier) => specifier.startsWith("."));
}

/** True when a source declares tests: it imports it, test or describe from vitest. */
export function declaresTests(source: string): boolean {
  const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return file.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === "vitest" &&
      statement.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some((element) =>
        ["it", "test", "describe"].includes((element.propertyName ?? element.name).text),
      ),
  );
}

export interface TierProblem {
  readonly file: string;
  readonly problem: string;
}

/**
 * Checks a tree of test sources against the rule. `sources` maps a path (relative to the repository,
 * `test/...`) to its text; a test's machinery is looked for in it and in every helper under test/ it
 * imports, however deep, so a helper cannot hide a kernel from its test's name.
 */
export function tierProblems(sources: ReadonlyMap<string, string>): TierProblem[] {
  const problems: TierProblem[] = [];
  const reach = (file: string, seen: Set<string>): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    const source = sources.get(file);
    if (source === undefined) return [];
    const here = machineryIn(source).map((what) => (seen.size === 1 ? what : `${what}, through ${file}`));
    const below = relativeImports(source).flatMap((specifier) => {
      const target = resolveRelative(file, specifier);
      return target === undefined || !sources.has(target) ? [] : reach(target, seen);
    });
    return [...here, ...below];
  };
  for (const [file, source] of sources) {
    const tier = tierOf(file);
    if (tier === undefined) {
      if (declaresTests(source) || /\.(spec|test)\.[cm]?[jt]sx?$/u.test(file)) {
        problems.push({
          file,
          problem: `declares tests but is in neither tier: name it *.test.ts, or *.slow.test.ts if it starts a kernel, Jupyter, a browser or a clone`,
        });
      }
      continue;
    }
    const uses = [...new Set(reach(file, new Set()))];
    const declared = declaredSlowReason(source);
    if (declared !== undefined && tier === "quick") {
      problems.push({
        file,
        problem: `says it runs in the complete tier only (${declared}) but is named quick: rename it to ${file.replace(/\.test\.ts$/u, ".slow.test.ts")}`,
      });
    } else if (tier === "quick" && uses.length > 0) {
      problems.push({
        file,
        problem: `is in the quick tier but uses ${uses.join("; ")}: rename it to ${file.replace(/\.test\.ts$/u, ".slow.test.ts")}`,
      });
    } else if (tier === "slow" && uses.length === 0 && declared === undefined) {
      problems.push({
        file,
        problem: `is named slow but starts no kernel, Jupyter, browser or clone, and gives no reason ("// Complete tier only: <why>"): rename it to ${file.replace(/\.slow\.test\.ts$/u, ".test.ts")} so the quick tier runs it, or say why it cannot`,
      });
    }
  }
  return problems;
}

/** `test/a/b.test.ts` + `../support/x.js` → `test/support/x.ts` (TypeScript's .js-for-.ts spelling). */
export function resolveRelative(from: string, specifier: string): string | undefined {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (part !== ".") parts.push(part);
  }
  const joined = parts.join("/");
  return joined.replace(/\.js$/u, ".ts").replace(/^(?!.*\.[cm]?[jt]s$)(.*)$/u, "$1.ts");
}

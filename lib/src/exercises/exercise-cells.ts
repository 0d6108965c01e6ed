// An exercise notebook's answers, read as written: the code cells tagged "exercise-answer" that
// declare a function are transpiled on their own with the kernel's TypeScript and evaluated in a
// scope of the library's exports (never executing the notebook), so a master's solved copy can be
// checked before it is published, and a learner's copy shown not to pass already.
import { UsageError } from "../errors/usage-error.js";
import { joinedSource, kernelTypescript, transpileBuildCell } from "../assembly/notebook-pieces.js";

export const EXERCISE_ANSWER_TAG = "exercise-answer";

interface NotebookLike {
  readonly cells: ReadonlyArray<{
    readonly cell_type: string;
    readonly source: string | readonly string[];
    readonly metadata?: { readonly tags?: readonly string[] };
  }>;
}

/**
 * The names the notebook's cells import from the library (the root and its namespaces), as values:
 * the scope its answer cells run with in the kernel, so a check outside the kernel sees the same names.
 * `entryPoints` maps "mcp-workbook" and each "mcp-workbook/<area>" to this library's own modules, so
 * an answer's errors are the very classes the checks test for.
 */
export function notebookImports(
  notebook: NotebookLike,
  entryPoints: Readonly<Record<string, object>>,
): Record<string, unknown> {
  const ts = kernelTypescript();
  const scope: Record<string, unknown> = {};
  for (const cell of notebook.cells) {
    if (cell.cell_type !== "code") continue;
    const source = joinedSource(cell.source);
    for (const statement of ts.createSourceFile("cell.ts", source, ts.ScriptTarget.ES2022, false).statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      const bindings = statement.importClause?.namedBindings;
      if (
        !specifier.startsWith("mcp-workbook") ||
        statement.importClause?.isTypeOnly ||
        bindings === undefined ||
        !ts.isNamedImports(bindings)
      )
        continue;
      const module = entryPoints[specifier] as Record<string, unknown> | undefined;
      if (module === undefined)
        throw new UsageError("notebook", {
          what: `the notebook imports from ${specifier}`,
          expected: Object.keys(entryPoints).join(", "),
        });
      for (const element of bindings.elements) {
        if (element.isTypeOnly) continue;
        const exported = (element.propertyName ?? element.name).text;
        if (!(exported in module))
          throw new UsageError("notebook", {
            what: `the notebook imports ${exported} from ${specifier}, which does not export it`,
            expected: "names the library exports",
          });
        scope[element.name.text] = module[exported];
      }
    }
  }
  return scope;
}

/** The function `name` as the notebook's answer cell declares it, or undefined when no answer cell declares it. */
export function exerciseAnswer(notebook: NotebookLike, name: string, library: Record<string, unknown>): unknown {
  const ts = kernelTypescript();
  const cells = notebook.cells.flatMap((cell, index) => {
    if (cell.cell_type !== "code" || !(cell.metadata?.tags ?? []).includes(EXERCISE_ANSWER_TAG)) return [];
    const source = joinedSource(cell.source);
    const file = ts.createSourceFile(`cell-${index}.ts`, source, ts.ScriptTarget.ES2022, false);
    return file.statements.some((statement) => ts.isFunctionDeclaration(statement) && statement.name?.text === name)
      ? [{ index, source }]
      : [];
  });
  const cell = cells.at(-1);
  if (cell === undefined) return undefined;
  // Only the declaration is taken: the cell's other statements (a try-out against a live server) do not run here.
  const file = ts.createSourceFile("answer.ts", cell.source, ts.ScriptTarget.ES2022, true);
  const declaration = file.statements.find(
    (statement) => ts.isFunctionDeclaration(statement) && statement.name?.text === name,
  )!;
  const transpiled = transpileBuildCell({ index: cell.index, source: declaration.getFullText(file), declares: [] });
  if ("error" in transpiled)
    throw new UsageError("notebook", {
      what: `cell ${cell.index}'s ${name} does not compile: ${transpiled.error}`,
      expected: "an answer cell that compiles",
    });
  const scope = new Proxy(Object.create(null) as Record<string | symbol, unknown>, {
    has: (_target, key) => typeof key === "string" && key in library,
    get: (_target, key) => (typeof key === "string" ? library[key] : undefined),
  });
  // `with` gives the cell the notebook's imported names; it needs sloppy mode, as tslab's own output runs.
  const run = new Function(
    "scope",
    `with (scope) { return (function () {\n${transpiled.code}\nreturn ${name};\n})(); }`,
  ) as (scope: object) => unknown;
  return run(scope);
}

/** The function each exercise's answer cell declares, by exercise number; the learner's exerciseN has its signature. */
export const EXERCISE_ANSWER_NAMES: Readonly<Record<number, string>> = {
  1: "toolCosts",
  2: "declineCounts",
  3: "loopRecovery",
  4: "listAllTools",
  5: "countInFlight",
  6: "purchaseCounts",
};

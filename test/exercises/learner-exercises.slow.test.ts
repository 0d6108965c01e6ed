// Complete tier only: compiles copies of learner/src with the checkpoint's compiler, once per exercise.
// The same code in both places: each exercise's answer in the solutions notebook has the signature
// of the learner's exerciseN, compiles unchanged in a copy of learner/src with the checkpoint's own
// compiler settings, and a learner file that does not compile fails its exercise, and only that one,
// saying so. Needs `npm run build` (the learner copy compiles against lib/dist's types).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileLearnerCopy } from "../../lib/src/grading/checkpoint/learner-copy.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { EXERCISE_RULES } from "../../lib/src/grading/checkpoint/rules/exercise-rules.js";
import { runRules } from "../../lib/src/grading/checkpoint/rules/run.js";
import { EXERCISE_ANSWER_NAMES, EXERCISE_ANSWER_TAG } from "../../lib/src/exercises/exercise-cells.js";

type Cell = { cell_type: string; source: string[]; metadata: { tags?: string[] } };
const solutions = JSON.parse(readFileSync(join(REPO_ROOT, "notebooks", "solutions", "solutions-14.ipynb"), "utf8")) as {
  cells: Cell[];
};
const EXERCISES = Object.entries(EXERCISE_ANSWER_NAMES).map(([n, name]) => ({ n: Number(n), name }));

function declarationIn(
  source: string,
  name: string,
): { file: ts.SourceFile; node: ts.FunctionDeclaration } | undefined {
  const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.ES2022, true);
  const node = file.statements.find(
    (statement): statement is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(statement) && statement.name?.text === name,
  );
  return node === undefined ? undefined : { file, node };
}

/** The answer cell's declaration of `name`, as the solutions notebook holds it. */
function notebookAnswer(name: string): { file: ts.SourceFile; node: ts.FunctionDeclaration } {
  const found = solutions.cells
    .filter((cell) => cell.cell_type === "code" && (cell.metadata.tags ?? []).includes(EXERCISE_ANSWER_TAG))
    .map((cell) => declarationIn(cell.source.join(""), name))
    .filter((each) => each !== undefined);
  expect(found, `answer cells declaring ${name}`).toHaveLength(1);
  return found[0]!;
}

/** A function's signature as text: async or not, its parameters and its return type, whitespace folded. */
function signature({ file, node }: { file: ts.SourceFile; node: ts.FunctionDeclaration }): string {
  const async = node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword) ? "async " : "";
  const text = `${async}(${node.parameters.map((parameter) => parameter.getText(file)).join(", ")}): ${node.type?.getText(file)}`;
  return text.replace(/\s+/gu, " ").replace(/,\s*\)/gu, ")");
}

/** The notebook's import lines (the root and its namespaces), keeping only the names `code` uses. */
function importsFor(code: string): string {
  const used = new Set(code.match(/\b\w+\b/gu));
  const first = solutions.cells.find((cell) => cell.cell_type === "code")!.source.join("");
  const file = ts.createSourceFile("imports.ts", first, ts.ScriptTarget.ES2022, true);
  const lines: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (!from.startsWith("mcp-workbook") || bindings === undefined || !ts.isNamedImports(bindings)) continue;
    const names = bindings.elements.map((element) => element.name.text).filter((name) => used.has(name));
    if (names.length > 0)
      lines.push(`import ${statement.importClause?.isTypeOnly ? "type " : ""}{ ${names.join(", ")} } from "${from}";`);
  }
  return lines.join("\n");
}

const copies: string[] = [];
function learnerCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), "learner-exercises-"));
  copies.push(copy);
  cpSync(join(REPO_ROOT, "learner", "src"), join(copy, "src"), { recursive: true });
  return copy;
}
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

describe("the exercises' code is the same in the notebook and in learner/src/exercises", () => {
  it.each(EXERCISES)("exercise$n: the learner's stub has the signature of the notebook's $name", ({ n, name }) => {
    const learner = declarationIn(
      readFileSync(join(REPO_ROOT, "learner", "src", "exercises", `ex${n}.ts`), "utf8"),
      `exercise${n}`,
    );
    expect(learner, `learner/src/exercises/ex${n}.ts declares exercise${n}`).toBeDefined();
    expect(signature(learner!)).toBe(signature(notebookAnswer(name)));
  });

  // One compilation (the slow part) holds both: every solution in its exercise's file, and beside
  // them a sixth-exercise-like file with the pattern that compiles in a kernel but not here.
  let compiled: ReturnType<typeof compileLearnerCopy>;
  beforeAll(() => {
    const copy = learnerCopy();
    for (const { n, name } of EXERCISES) {
      const answer = notebookAnswer(name);
      const code = answer.node
        .getText(answer.file)
        .replace(new RegExp(`function ${name}\\(`, "u"), `function exercise${n}(`);
      writeFileSync(join(copy, "src", "exercises", `ex${n}.ts`), `${importsFor(code)}\n\nexport ${code}\n`);
    }
    // answerFor may give null, resultText wants an object: TS2345 here, though a kernel runs it.
    writeFileSync(
      join(copy, "src", "exercises", "ex5-unchecked.ts"),
      [
        'import { answerFor, parseFrame, requestMessage, resultText } from "mcp-workbook";',
        'import type { ClientContext } from "mcp-workbook/pieces";',
        "export async function exercise5(context: ClientContext, texts: readonly string[]): Promise<string[]> {",
        "  const answers: string[] = [];",
        "  for (const text of texts) {",
        "    const id = context.nextId();",
        '    context.send(requestMessage(id, "tools/call", { name: "word_count", arguments: { text } }));',
        "    answers.push(resultText(answerFor(id, parseFrame(await context.nextFrame(AbortSignal.timeout(1000))))));",
        "  }",
        "  return answers;",
        "}",
      ].join("\n"),
    );
    writeFileSync(
      join(copy, "src", "index.ts"),
      `${readFileSync(join(copy, "src", "index.ts"), "utf8")}\nexport { exercise5 as uncheckedExercise5 } from "./exercises/ex5-unchecked.js";\n`,
    );
    compiled = compileLearnerCopy(copy);
    rmSync(compiled.outDir, { recursive: true, force: true });
  }, 60_000);

  it("compiles every solution's answer cell unchanged in a copy of learner/src, with the checkpoint's compiler", () => {
    expect(compiled.diagnostics.filter((line) => !line.startsWith("src/exercises/ex5-unchecked.ts"))).toEqual([]);
    expect([...compiled.broken.keys()]).toEqual(["uncheckedExercise5"]);
  });

  it("fails the exercise whose file does not compile, and only that one, saying so", async () => {
    // The checkpoint's exercise5 rule, graded as if the learner's exercise5 were the unchecked one.
    const broken = new Map([["exercise5", compiled.broken.get("uncheckedExercise5")!]]);
    const verdicts = await runRules({
      rules: EXERCISE_RULES.filter((rule) => rule.id === "exercise-5"),
      broken,
      openProbe: () => Promise.reject(new Error("a rule whose code does not compile opens no probe")),
    });
    expect(verdicts.map((verdict) => verdict.ok)).toEqual([false]);
    expect(verdicts[0]!.line).toMatch(
      /^FAIL exercise-5: exercise5 did not compile: src\/exercises\/ex5-unchecked\.ts\(\d+,\d+\): error TS2345: .*JsonObject \| null.*\(look at: learner\/src\/exercises\/ex5\.ts: exercise5\)$/u,
    );
  });
});
